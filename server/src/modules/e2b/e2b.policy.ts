import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

/** Those who work on an organisation's cases (the case-management side, as in reports.policy.ts). */
const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
/** Those who change cases; assessors assess, they do not rewrite or load them. */
const editors = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];

/**
 * Who may do what with E2B(R3) on reports (decision 0094). E2B XML and the CIOMS I form are
 * case-processing tools for an organisation's cases: a reporter sees its own report in the
 * app, not as a regulator's message. An application's key may do what staff do, in its
 * own organisation (decision 0016).
 */
export const e2bPolicy = {
  /** POST /v1/reports/json2xml: write a case document as XML (nothing stored). */
  convert: { roles: caseworkers, application: true },
  /** The XML, the CIOMS I form and the validation findings of a stored case. */
  read: { roles: caseworkers, application: true },
  /** PUT /v1/report/{id}/xml: a new version of the case from XML. */
  update: { roles: editors, application: true },
  /** POST /v1/report/load: new reports from an E2B file. */
  import: { roles: editors, application: true },
} as const satisfies Record<string, Rule>;
