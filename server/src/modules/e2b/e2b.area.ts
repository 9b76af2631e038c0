import type { Area } from '../../platform/area.ts';
import { e2bPolicy } from './e2b.policy.ts';
import { e2bRoutes } from './e2b.routes.ts';

/** E2B(R3) on reports (issue 14): XML out and in, file import, validation, CIOMS I (see platform/area.ts). */
export const e2bArea = {
  name: 'e2b',
  routes: e2bRoutes,
  policies: { e2b: e2bPolicy },
  audit: {
    'report.updated_from_xml': {},
    'report.imported': {},
    'report.case_id_assigned': {},
  },
} satisfies Area;
