import type { Area } from '../../platform/area.ts';
import { deleteExpiredRefreshTokens, deleteStaleSecurityRows } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

/** The auth area: what it adds to the server (see platform/area.ts). */
export const authArea: Area = {
  name: 'auth',
  routes: authRoutes,
  jobs: ({ db }) => [
    {
      name: 'auth.prune-refresh-tokens',
      cron: '17 3 * * *',
      handler: async () => {
        await deleteExpiredRefreshTokens(db);
      },
    },
    {
      name: 'auth.prune-security-rows',
      cron: '27 3 * * *',
      handler: async () => {
        await deleteStaleSecurityRows(db);
      },
    },
  ],
};
