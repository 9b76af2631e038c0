import { IconBook2, IconBuildingHospital, IconList, IconPill, IconVocabulary } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const;

/**
 * Reference-data administration (issue 13): MedDRA releases (every administrator reads them,
 * a system administrator imports, decision 0111) and an organisation's dictionaries and
 * arrangements (administrators change them, decision 0110); the product list with its IDAPS
 * pages (decisions 0140–0143), EDQM terms and hospitals (decisions 0145, 0146). All pages are one chunk (pages/index.ts, decision 0152).
 */
export const area: WebArea = {
  name: 'reference-data',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/meddra',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.MeddraPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/dictionaries',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.DictionariesPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/dictionaries/arrangements/:id',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.ArrangementPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/drugs',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.DrugsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/drugs/:id/idaps',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.IdapsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/edqm',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.EdqmPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/hospitals',
        ...page(
          () => import('./pages/index.ts'),
          (m) => <m.HospitalsPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/admin/meddra',
      labelKey: 'referenceData.navMeddra',
      icon: IconVocabulary,
      roles: administrators,
      order: 340,
    },
    {
      path: '/admin/dictionaries',
      labelKey: 'referenceData.navDictionaries',
      icon: IconBook2,
      roles: administrators,
      order: 345,
    },
    // Staff and assessors read the product list, IDAPS, EDQM terms and hospitals too; administrators also upload.
    {
      path: '/admin/drugs',
      labelKey: 'referenceData.navDrugs',
      icon: IconPill,
      roles: caseworkers,
      order: 342,
    },
    {
      path: '/admin/edqm',
      labelKey: 'referenceData.navEdqm',
      icon: IconList,
      roles: caseworkers,
      order: 343,
    },
    {
      path: '/admin/hospitals',
      labelKey: 'referenceData.navHospitals',
      icon: IconBuildingHospital,
      roles: caseworkers,
      order: 344,
    },
  ],
};
