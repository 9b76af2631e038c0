import type { Area } from '../../platform/area.ts';
import { ssoProviderPolicy } from './sso.policy.ts';
import { deleteExpiredSsoRows } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';

/** The sso area: what it adds to the server (see platform/area.ts). */
export const ssoArea: Area = {
  name: 'sso',
  routes: ssoRoutes,
  policies: { ssoProviders: ssoProviderPolicy },
  jobs: ({ db }) => [
    {
      name: 'sso.prune-sign-in-states',
      cron: '*/15 * * * *',
      handler: async () => {
        await deleteExpiredSsoRows(db);
      },
    },
  ],
};
