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

const staff = [
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const satisfies RoleName[];

/**
 * Case management (issue 12, decision 0100). Which status each role may move a case to is the
 * lifecycle's table (reports.lifecycle.ts); `work` only lets a caller try.
 */
export const caseworkPolicy = {
  list: { roles: caseworkers, application: true },
  /** Move a case along its lifecycle (each step then names its own roles). */
  work: { roles: caseworkers },
  audit: { roles: caseworkers },
  /** Give a case to someone (the lifecycle's step to `assigned` is staff's too). */
  assign: { roles: staff },
  delete: { roles: staff },
  /** Show a case to another organisation of the platform, and stop (decision 0130). */
  share: { roles: staff },
  /** Read a case through its share link: the holder's and the receiving organisation's caseworkers. */
  readShared: { roles: caseworkers },
  /** Ask what moving a case to other locations would change (decision 0131). */
  checkLocations: { roles: staff },
  restore: { roles: administrators },
} as const satisfies Record<string, Rule>;

/** Saved searches: anyone signed in keeps their own; changes are the owner's (decision 0105). */
export const savedSearchPolicy = {
  create: { roles: everyone },
} as const satisfies Record<string, Rule>;
