import type { Area } from '../../platform/area.ts';
import { changeRequestPolicy } from './change-requests.policy.ts';
import { changeRequestRoutes } from './change-requests.routes.ts';

/** The change-requests area: what it adds to the server (see platform/area.ts). */
export const changeRequestsArea = {
  name: 'change-requests',
  routes: changeRequestRoutes,
  policies: { changeRequests: changeRequestPolicy },
  audit: {
    'change_request.approved': {},
    'change_request.declined': { reason: 'required' },
  },
} satisfies Area;
