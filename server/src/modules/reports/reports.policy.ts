import type { RoleName } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

const everyone = [
  'reporter',
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
/** Those who work on an organisation's reports (the case-management side). */
const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];
const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const satisfies RoleName[];

/**
 * Who may do what with reports at intake (docs/permissions.md). A reporter works on its own
 * reports only (`self`: the report's reporter); an application with an API key sends and
 * corrects its organisation's reports (decision 0016).
 */
export const reportPolicy = {
  create: { roles: everyone, application: true },
  /** Sending a report in the name of another member of the organisation (`userId`). */
  createForOthers: { roles: caseworkers, application: true },
  read: { roles: caseworkers, self: true, application: true },
  update: {
    roles: ['organisation_staff', 'organisation_admin', 'platform_admin', 'system_admin'],
    self: true,
    application: true,
  },
  deleteDraft: { roles: administrators, self: true },
  list: { roles: caseworkers, application: true },
  /** The caller's own latest report of a form view (resuming a draft). */
  resume: { roles: [], self: true },
} as const satisfies Record<string, Rule>;
