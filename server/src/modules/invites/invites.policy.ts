import type { Rule } from '../../platform/access.ts';

/** Who may invite people into an organisation and see its invites: its administrators and up. */
export const invitePolicy = {
  create: { roles: ['organisation_admin', 'platform_admin', 'system_admin'] },
  list: { roles: ['organisation_admin', 'platform_admin', 'system_admin'] },
} as const satisfies Record<string, Rule>;

/** How long an emailed invite link stays good. */
export const INVITE_TTL_DAYS = 7;
