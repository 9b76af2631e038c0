import type { Area } from '../../platform/area.ts';
import { invitePolicy } from './invites.policy.ts';
import { inviteRoutes } from './invites.routes.ts';

/** The invites area: what it adds to the server (see platform/area.ts). */
export const invitesArea = {
  name: 'invites',
  routes: inviteRoutes,
  policies: { invites: invitePolicy },
  conflicts: {
    // Two administrators inviting one address at once: the second gets the first's 409.
    organisation_invites_open_email: {
      field: 'body/email',
      message: 'already has a pending invitation',
    },
  },
  audit: {
    'invite.created': {},
    'invite.resent': {},
    'invite.revoked': {},
    'invite.accepted': {},
  },
} satisfies Area;
