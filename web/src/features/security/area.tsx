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
  // In the account menu (app/shell/UserMenu.tsx), not the side navigation: decision 0287.
};
