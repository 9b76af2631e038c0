import type { Area } from '../../platform/area.ts';
import { platformPolicy } from './platforms.policy.ts';
import { platformRoutes } from './platforms.routes.ts';

/** The platforms area: what it adds to the server (see platform/area.ts). */
export const platformsArea = {
  name: 'platforms',
  routes: platformRoutes,
  policies: { platforms: platformPolicy },
  conflicts: {
    platforms_domain_key: { field: 'body/domain', message: 'is already the domain of another platform' },
  },
  audit: {
    'platform.created': {},
    'platform.updated': {},
  },
} satisfies Area;
