import { IconMailPlus } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'invites',
  pages: [
    {
      layout: 'public',
      route: {
        path: 'invite/accept',
        ...page(
          () => import('./pages/AcceptInvitePage.tsx'),
          (m) => <m.AcceptInvitePage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/invites',
        ...page(
          () => import('./pages/InvitesPage.tsx'),
          (m) => <m.InvitesPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/admin/invites',
      labelKey: 'invites.nav',
      icon: IconMailPlus,
      roles: administrators,
      order: 230,
    },
  ],
};
