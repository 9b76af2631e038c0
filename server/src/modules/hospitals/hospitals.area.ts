import type { Area } from '../../platform/area.ts';
import { hospitalPolicy } from './hospitals.policy.ts';
import { hospitalRoutes } from './hospitals.routes.ts';

/** Hospitals (issue 13): each organisation's list that report forms offer (decision 0146). */
export const hospitalsArea = {
  name: 'hospitals',
  routes: hospitalRoutes,
  policies: { hospitals: hospitalPolicy },
  conflicts: {
    hospitals_code: {
      field: 'body/code',
      message: 'is already the code of another hospital of this organisation',
    },
  },
  audit: {
    'hospital.created': {},
    'hospital.updated': {},
    'hospital.deleted': {},
  },
} satisfies Area;
