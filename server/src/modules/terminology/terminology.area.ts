import type { Area } from '../../platform/area.ts';
import { terminologyPolicy } from './terminology.policy.ts';
import { terminologyRoutes } from './terminology.routes.ts';

/** Terminology (issue 13): organisations' dictionaries, entries and arrangements (decision 0110). */
export const terminologyArea = {
  name: 'terminology',
  routes: terminologyRoutes,
  policies: { terminology: terminologyPolicy },
  conflicts: {
    terminology_entries_code: {
      field: 'body/code',
      message: 'is already the code of another entry of this dictionary',
    },
    terminology_arrangements_name: {
      field: 'body/name',
      message: 'is already the name of another arrangement',
    },
  },
  audit: {
    'terminology_entry.created': {},
    'terminology_entry.updated': {},
    'terminology_entry.deleted': {},
    'terminology_arrangement.created': {},
    'terminology_arrangement.updated': {},
    'terminology_arrangement.deleted': {},
  },
} satisfies Area;
