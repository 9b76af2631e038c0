import { IconInbox } from '@tabler/icons-react';
import { page, type WebArea } from '../../app/area.ts';

const caseworkers = [
  'assessor',
  'organisation_staff',
  'organisation_admin',
  'platform_admin',
  'system_admin',
] as const;

/** Case management (issue 12): the inbox and the case view. The E2B import page stays in e2b. */
export const area: WebArea = {
  name: 'cases',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'cases',
        ...page(
          () => import('./pages/InboxPage.tsx'),
          (m) => <m.InboxPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'cases/:id',
        ...page(
          () => import('./pages/CaseViewPage.tsx'),
          (m) => <m.CaseViewPage />,
        ),
      },
    },
  ],
  nav: [{ path: '/cases', labelKey: 'cases.nav', icon: IconInbox, roles: caseworkers, order: 140 }],
};
