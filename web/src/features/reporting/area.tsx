import { IconFileText } from '@tabler/icons-react';
import { page, type WebArea } from '../../app/area.ts';

const everyone = [
  'reporter',
  'organisation_staff',
  'organisation_admin',
  'assessor',
  'platform_admin',
  'system_admin',
] as const;

/**
 * Public reporting (issue 11): the journey in the public layout, signed in or not (a
 * signed-in reporter's drafts are kept on the server), and "My reports" in the app layout.
 * Each page is its own chunk, so the public form never loads the administration screens.
 */
export const area: WebArea = {
  name: 'reporting',
  pages: [
    // What a signed-out visitor meets at `/`: "Report a side effect" first (decision 0275).
    {
      layout: 'home',
      route: {
        ...page(
          () => import('./pages/LandingPage.tsx'),
          (m) => <m.LandingPage />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'report',
        ...page(
          () => import('./pages/ReportStartPage.tsx'),
          (m) => <m.ReportStartPage />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'report/sent/:reference',
        ...page(
          () => import('./pages/ReportSentPage.tsx'),
          (m) => <m.ReportSentPage />,
        ),
      },
    },
    {
      layout: 'public',
      route: {
        path: 'report/:formViewId/:step?',
        ...page(
          () => import('./pages/ReportJourneyPage.tsx'),
          (m) => <m.ReportJourneyPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'my-reports',
        ...page(
          () => import('./pages/MyReportsPage.tsx'),
          (m) => <m.MyReportsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'my-reports/:id',
        ...page(
          () => import('./pages/SentReportPage.tsx'),
          (m) => <m.SentReportPage />,
        ),
      },
    },
  ],
  // Reporters see it in the menu; anyone signed in may open it (everyone can file a report).
  nav: [
    {
      path: '/my-reports',
      labelKey: 'reporting.nav.myReports',
      icon: IconFileText,
      roles: ['reporter'],
      pageRoles: everyone,
      order: 105,
    },
  ],
};
