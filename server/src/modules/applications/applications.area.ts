import type { Area } from '../../platform/area.ts';
import { applicationPolicy } from './applications.policy.ts';
import { applicationRoutes } from './applications.routes.ts';

/** The applications area: what it adds to the server (see platform/area.ts). */
export const applicationsArea = {
  name: 'applications',
  routes: applicationRoutes,
  policies: { applications: applicationPolicy },
  audit: {
    'application.created': {},
    'application.updated': {},
    'application.deleted': {},
    'application.made_default': {},
  },
} satisfies Area;
