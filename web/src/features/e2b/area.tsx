import { IconFileImport } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

/** E2B(R3) (issue 14): importing case files. Who sees it follows the e2b policy's `import` rule. */
export const area: WebArea = {
  name: 'e2b',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'cases/import',
        ...page(
          () => import('./pages/E2bImportPage.tsx'),
          (m) => <m.E2bImportPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'cases/:id/e2b',
        ...page(
          () => import('./pages/E2bCasePage.tsx'),
          (m) => <m.E2bCasePage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/cases/import',
      labelKey: 'e2b.nav.import',
      icon: IconFileImport,
      roles: ['organisation_staff', ...administrators],
      order: 150,
    },
  ],
};
