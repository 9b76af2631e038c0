import { page, type WebArea } from '../../app/area.ts';

/**
 * Receivers (issue 15, decisions 0170 and 0185): where an organisation's cases are submitted,
 * configured by its administrators from the organisation's page (no menu entry of their own).
 */
export const area: WebArea = {
  name: 'receivers',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/organisations/:id/receivers',
        ...page(
          () => import('./pages/ReceiversPage.tsx'),
          (m) => <m.ReceiversPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/organisations/:id/receivers/new',
        ...page(
          () => import('./pages/ReceiverEditPage.tsx'),
          (m) => <m.ReceiverEditPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/organisations/:id/receivers/:receiverId',
        ...page(
          () => import('./pages/ReceiverEditPage.tsx'),
          (m) => <m.ReceiverEditPage />,
        ),
      },
    },
  ],
};
