import { IconUserCircle } from '@tabler/icons-react';
import { page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'profile',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'profile',
        ...page(
          () => import('./pages/ProfilePage.tsx'),
          (m) => <m.ProfilePage />,
        ),
      },
    },
  ],
  nav: [{ path: '/profile', labelKey: 'nav.profile', icon: IconUserCircle, roles: 'all', order: 110 }],
};
