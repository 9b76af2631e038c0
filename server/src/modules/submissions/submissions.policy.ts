import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];
const staff = ['organisation_staff', ...administrators] as const satisfies RoleName[];
const caseworkers = ['assessor', ...staff] as const satisfies RoleName[];

/**
 * Who may do what with receivers (decision 0170): the organisation's staff see them (as the
 * existing GET /v1/organisation/{id}/receivers); its administrators configure them, since a
 * receiver holds the credentials of a regulator's gateway.
 */
export const receiverPolicy = {
  list: { roles: staff },
  manage: { roles: administrators },
} as const satisfies Record<string, Rule>;

/**
 * Submissions: staff send cases (the lifecycle's ready_to_submit → submitted step is
 * staff's, decision 0100) and correct statuses by hand; everyone who works on the
 * organisation's cases, assessors included, reads them.
 */
export const submissionPolicy = {
  distribute: { roles: staff },
  read: { roles: caseworkers },
  setStatus: { roles: staff },
  /** Send a FAILED message again, the same message (decision 0327): staff, as they set statuses. */
  resend: { roles: staff },
  /** The review is a second look before or after sending: assessors and administrators sign it (decision 0172). */
  review: { roles: ['assessor', ...administrators] },
  /** Receivers' acknowledgements: staff post them, or a gateway with the organisation's API key. */
  respond: { roles: staff, application: true },
  /** The acknowledgements kept, flagged ones above all: staff read them (decision 0192). */
  readResponses: { roles: staff },
} as const satisfies Record<string, Rule>;
