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
  // In the account menu (app/shell/UserMenu.tsx), not the side navigation: decision 0287.
};
