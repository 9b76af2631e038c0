import { IconShieldLock } from '@tabler/icons-react';
import { page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'security',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'account/security',
        ...page(
          () => import('./pages/SecurityPage.tsx'),
          (m) => <m.SecurityPage />,
        ),
      },
    },
  ],
  nav: [
    { path: '/account/security', labelKey: 'security.nav', icon: IconShieldLock, roles: 'all', order: 130 },
  ],
};
