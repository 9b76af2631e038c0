import type { Area } from '../../platform/area.ts';
import { edqmPolicy } from './edqm.policy.ts';
import { edqmRoutes } from './edqm.routes.ts';

/** EDQM standard terms (issue 13): dose forms and routes for E2B G.k.4.r.9.2 / 10.2 / 11.2 (decision 0145). */
export const edqmArea = {
  name: 'edqm',
  routes: edqmRoutes,
  policies: { edqm: edqmPolicy },
  audit: {
    'edqm.imported': {},
  },
} satisfies Area;
