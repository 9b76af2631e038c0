import { page, type WebArea } from '../../app/area.ts';

/**
 * Public reporting (issue 11): the journey in the public layout, signed in or not (a
 * signed-in reporter's drafts are kept on the server). Each page is its own chunk, so the
 * public form never loads the administration screens.
 */
export const area: WebArea = {
  name: 'reporting',
  pages: [
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
  ],
};
