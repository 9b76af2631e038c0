import { IconGitPullRequest, IconUsers } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'users',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/users',
        ...page(
          () => import('./pages/UsersPage.tsx'),
          (m) => <m.UsersPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/users/:id',
        ...page(
          () => import('./pages/UserDetailPage.tsx'),
          (m) => <m.UserDetailPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/change-requests',
        ...page(
          () => import('./pages/ChangeRequestsPage.tsx'),
          (m) => <m.ChangeRequestsPage />,
        ),
      },
    },
  ],
  nav: [
    { path: '/admin/users', labelKey: 'users.nav.users', icon: IconUsers, roles: administrators, order: 210 },
    {
      path: '/admin/change-requests',
      labelKey: 'users.nav.changeRequests',
      icon: IconGitPullRequest,
      roles: administrators,
      order: 220,
    },
  ],
};
