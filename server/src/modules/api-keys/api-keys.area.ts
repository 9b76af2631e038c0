import type { Area } from '../../platform/area.ts';
import { apiKeyPolicy } from './api-keys.policy.ts';
import { apiKeyRoutes } from './api-keys.routes.ts';

/** The api-keys area: what it adds to the server (see platform/area.ts). */
export const apiKeysArea = {
  name: 'api-keys',
  routes: apiKeyRoutes,
  policies: { apiKeys: apiKeyPolicy },
  audit: {
    'api_key.created': {},
    'api_key.revoked': {},
  },
} satisfies Area;
