import { roleNames } from '@vigilo/contract';
import type { Rule } from '../../platform/access.ts';

/**
 * The session's own context, and creating workspaces (organisations). A platform may open
 * workspace creation to every signed-in user (platform_account_rules.workspace_creation =
 * 'everyone'): `createWorkspaceWhenOpen` then applies instead of `createWorkspace`.
 */
export const accountPolicy = {
  readAuthContext: { roles: roleNames, self: true },
  switchAuthContext: { roles: roleNames, self: true },
  createWorkspace: { roles: ['platform_admin', 'system_admin'] },
  createWorkspaceWhenOpen: { roles: roleNames },
} as const satisfies Record<string, Rule>;
