import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const;

/**
 * Who may do what with user accounts, read as a table. `self: true` means anyone may do
 * it to their own account. Organisation administrators act on the users of the
 * organisations they administer; platform administrators on the whole platform.
 */
export const userPolicy = {
  read: { roles: administrators, self: true },
  list: { roles: administrators },
  create: { roles: administrators },
  update: { roles: administrators, self: true },
  /** The administrators' fields of PUT /v1/users/{id}: memberships and account type. */
  assignRoles: { roles: administrators },
  deactivate: { roles: administrators },
  delete: { roles: administrators },
  export: { roles: administrators },
  readOrganisationPreferences: { roles: administrators, self: true },
  updateOrganisationPreferences: { roles: administrators, self: true },
  readInvited: { roles: administrators },
  /** `@me` routes: request deletion, following, watchlist, workspace, push token. */
  own: { roles: [], self: true },
} as const satisfies Record<string, Rule>;
