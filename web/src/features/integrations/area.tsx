import { IconKey, IconLogin2 } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'integrations',
  pages: [
    {
      layout: 'public',
      route: {
        path: 'sso/complete',
        ...page(
          () => import('./pages/SsoCompletePage.tsx'),
          (m) => <m.SsoCompletePage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/sso-providers',
        ...page(
          () => import('./pages/SsoProvidersPage.tsx'),
          (m) => <m.SsoProvidersPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/api-keys',
        ...page(
          () => import('./pages/ApiKeysPage.tsx'),
          (m) => <m.ApiKeysPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/admin/api-keys',
      labelKey: 'integrations.nav.apiKeys',
      icon: IconKey,
      roles: administrators,
      order: 410,
    },
    {
      path: '/admin/sso-providers',
      labelKey: 'integrations.nav.sso',
      icon: IconLogin2,
      roles: ['platform_admin', 'system_admin'],
      order: 420,
    },
  ],
};
