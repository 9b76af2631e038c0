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
  // In the account menu (app/shell/UserMenu.tsx), not the side navigation: decision 0287.
};
