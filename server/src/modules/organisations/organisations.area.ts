import type { Area } from '../../platform/area.ts';
import { organisationPolicy } from './organisations.policy.ts';
import { organisationRoutes } from './organisations.routes.ts';

/** The organisations area: what it adds to the server (see platform/area.ts). */
export const organisationsArea = {
  name: 'organisations',
  routes: organisationRoutes,
  policies: { organisations: organisationPolicy },
  audit: {
    'organisation.created': {},
    'organisation.updated': {},
    'organisation.contact_added': {},
    'organisation.locations_added': {},
    'organisation.sender_profile_updated': {},
  },
} satisfies Area;
