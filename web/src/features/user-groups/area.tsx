import { IconUsersGroup } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'user-groups',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/user-groups',
        ...page(
          () => import('./pages/UserGroupsPage.tsx'),
          (m) => <m.UserGroupsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/user-groups/:id',
        ...page(
          () => import('./pages/UserGroupPage.tsx'),
          (m) => <m.UserGroupPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/admin/user-groups',
      labelKey: 'userGroups.nav',
      icon: IconUsersGroup,
      roles: administrators,
      order: 240,
    },
  ],
};
