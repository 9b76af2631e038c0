import type { Area } from '../../platform/area.ts';
import { accountPolicy } from './accounts.policy.ts';
import { accountRoutes } from './accounts.routes.ts';

/** The accounts area: what it adds to the server (see platform/area.ts). */
export const accountsArea: Area = {
  name: 'accounts',
  routes: accountRoutes,
  policies: { accounts: accountPolicy },
};
