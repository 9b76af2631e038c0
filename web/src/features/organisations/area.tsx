import { IconBuilding, IconBuildingCommunity } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

export const area: WebArea = {
  name: 'organisations',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'admin/organisations',
        ...page(
          () => import('./pages/OrganisationsPage.tsx'),
          (m) => <m.OrganisationsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/organisations/:id',
        ...page(
          () => import('./pages/OrganisationDetailPage.tsx'),
          (m) => <m.OrganisationDetailPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'admin/organisation',
        ...page(
          () => import('./pages/MyOrganisationPage.tsx'),
          (m) => <m.MyOrganisationPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/admin/organisations',
      labelKey: 'organisations.nav',
      icon: IconBuildingCommunity,
      roles: ['platform_admin', 'system_admin'],
      pageRoles: administrators,
      order: 310,
    },
    {
      path: '/admin/organisation',
      labelKey: 'organisations.navOwn',
      icon: IconBuilding,
      roles: ['organisation_admin'],
      pageRoles: ['organisation_admin', 'organisation_staff', 'platform_admin', 'system_admin'],
      order: 320,
    },
  ],
};
