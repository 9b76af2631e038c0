import type { Rule } from '../../platform/access.ts';

const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const;

/**
 * Who may do what with user accounts, read as a table. `self: true` means anyone may do
 * it to their own account. Organisation administrators act on the users of the
 * organisations they administer; platform administrators on the whole platform.
 * `accountWide: true` rows change the whole account (login names, status, deletion): an
 * organisation administrator needs to administer every organisation the user belongs to;
 * otherwise only the user's membership in their own organisations is theirs to change
 * (`assignRoles`, `removeMembership`). See decision 0025.
 */
export const userPolicy = {
  read: { roles: administrators, self: true },
  list: { roles: administrators },
  create: { roles: administrators },
  update: { roles: administrators, self: true },
  /** The administrators' field of PUT /v1/users/{id} that belongs to one organisation: memberships there. */
  assignRoles: { roles: administrators },
  /** DELETE /v1/users/{id}/memberships/{organisationId}: "remove from my organisation". */
  removeMembership: { roles: administrators },
  /** Another user's email, username or account type. */
  changeAccount: { roles: administrators, accountWide: true },
  deactivate: { roles: administrators, accountWide: true },
  delete: { roles: administrators, accountWide: true },
  export: { roles: administrators },
  readOrganisationPreferences: { roles: administrators, self: true },
  updateOrganisationPreferences: { roles: administrators, self: true },
  readInvited: { roles: administrators },
  /** `@me` routes: request deletion, following, watchlist, workspace, push token. */
  own: { roles: [], self: true },
} as const satisfies Record<string, Rule>;
