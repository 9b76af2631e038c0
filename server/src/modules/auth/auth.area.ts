import type { Area } from '../../platform/area.ts';
import { deleteExpiredRefreshTokens, deleteStaleSecurityRows } from './auth.repository.ts';
import { authRoutes } from './auth.routes.ts';

/** The auth area: what it adds to the server (see platform/area.ts). */
export const authArea = {
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
  audit: {
    'auth.signed_in': {},
    'auth.sign_in_failed': {},
    'auth.sign_in_throttled': {},
    'auth.second_step_required': {},
    'auth.sign_in_link_used': {},
    'auth.refresh_token_reused': {},
    'auth.signed_out': {},
    'auth.signed_out_everywhere': {},
    'auth.session_revoked': {},
  },
} satisfies Area;
