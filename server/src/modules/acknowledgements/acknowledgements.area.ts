import type { Area } from '../../platform/area.ts';
import { acknowledgementPolicy } from './acknowledgements.policy.ts';
import { acknowledgementRoutes } from './acknowledgements.routes.ts';

/** Acknowledgements of reports (ENDPOINTS.md section 5; see platform/area.ts). */
export const acknowledgementsArea = {
  name: 'acknowledgements',
  routes: acknowledgementRoutes,
  policies: { acknowledgements: acknowledgementPolicy },
  audit: {
    'acknowledgement.recorded': {},
  },
} satisfies Area;
