import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
const editors = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];

/**
 * Who may do what with acknowledgements (decision 0097): those who work on the
 * organisation's cases read them; those who send and receive its reports record them. An
 * application's key does what staff do, in its own organisation (a gateway posts the
 * receivers' answers).
 */
export const acknowledgementPolicy = {
  list: { roles: caseworkers, application: true },
  read: { roles: caseworkers, application: true },
  create: { roles: editors, application: true },
  /** POST /v1/acknowledgements/json2xml: write one as XML (nothing stored). */
  convert: { roles: caseworkers, application: true },
} as const satisfies Record<string, Rule>;
