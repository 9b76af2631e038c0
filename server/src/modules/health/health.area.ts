import type { Area } from '../../platform/area.ts';
import { healthRoutes } from './health.routes.ts';

/** The health area: what it adds to the server (see platform/area.ts). */
export const healthArea: Area = {
  name: 'health',
  routes: healthRoutes,
};
