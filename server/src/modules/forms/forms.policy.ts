import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const everyone = [
  'reporter',
  'organisation_staff',
  'assessor',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/**
 * Who may do what with forms (decision 0065). Everyone of a platform reads the published
 * forms they report with (the public too, where the platform allows anonymous reports; that
 * is the service's check, there being no actor). Administrators edit, publish, export and
 * import the forms of their tenant: a platform-wide form (no organisation) only the
 * platform's administrators, an organisation's form also that organisation's.
 */
export const formPolicy = {
  read: { roles: everyone, application: true },
  manage: { roles: administrators },
} as const satisfies Record<string, Rule>;

/**
 * Named conditions: administrators keep them; an integration reads and keeps its
 * organisation's through /v1/integration-management/conditions with its API key.
 */
export const conditionPolicy = {
  list: { roles: administrators, application: true },
  manage: { roles: administrators, application: true },
} as const satisfies Record<string, Rule>;
