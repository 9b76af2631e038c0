import { IconSettings } from '@tabler/icons-react';
import { page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'account',
  pages: [
    {
      layout: 'public',
      route: {
        path: 'register',
        ...page(
          () => import('./pages/RegisterPage.tsx'),
          (m) => <m.RegisterPage />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'verify-email',
        ...page(
          () => import('./pages/VerifyEmailPage.tsx'),
          (m) => <m.VerifyEmailPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'account',
        ...page(
          () => import('./pages/AccountPage.tsx'),
          (m) => <m.AccountPage />,
        ),
      },
    },
  ],
  nav: [{ path: '/account', labelKey: 'account.nav', icon: IconSettings, roles: 'all', order: 120 }],
};
