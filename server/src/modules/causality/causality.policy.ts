import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

/**
 * Assessing causality is case work (issue 24 §3, decision 0270): assessors assess, staff record
 * what the reporter or another assessor concluded, administrators do what staff do. Reporters
 * never see or record an organisation's assessment, and integrations' API keys do not assess:
 * an assessment is a person's judgement, recorded under their name.
 */
const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];

export const causalityPolicy = {
  /** GET /v1/reports/{id}/causality: every assessment of the case, withdrawn ones too. */
  read: { roles: caseworkers },
  /** POST /v1/reports/{id}/causality: a new G.k.9.i.2.r entry (a new version of the case). */
  record: { roles: caseworkers },
  /** POST …/causality/{assessmentId}/withdraw: its entry leaves the case, the record stays. */
  withdraw: { roles: caseworkers },
} as const satisfies Record<string, Rule>;
