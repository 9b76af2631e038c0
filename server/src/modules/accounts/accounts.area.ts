import type { Area } from '../../platform/area.ts';
import { accountPolicy } from './accounts.policy.ts';
import { accountRoutes } from './accounts.routes.ts';

/** The accounts area: what it adds to the server (see platform/area.ts). */
export const accountsArea = {
  name: 'accounts',
  routes: accountRoutes,
  policies: { accounts: accountPolicy },
  audit: {
    'auth.organisation_switched': {},
    'organisation.workspace_created': {},
    'account.request_started': {},
    'account.requested': {},
  },
} satisfies Area;
