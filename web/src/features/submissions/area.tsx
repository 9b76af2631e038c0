import { IconSend, IconSignature } from '@tabler/icons-react';
import { administrators, page, type WebArea } from '../../app/area.ts';

const staff = ['organisation_staff', ...administrators] as const;
const signers = ['assessor', ...administrators] as const;

/**
 * Submissions to receivers (issue 15): the dashboard and a submission report's detail for
 * staff, the review queue and the signature step for assessors. Assessors may open the
 * dashboard and the detail by address (they read submissions) but their menu shows the queue.
 */
export const area: WebArea = {
  name: 'submissions',
  pages: [
    {
      layout: 'app',
      route: {
        path: 'submissions',
        ...page(
          () => import('./pages/SubmissionsPage.tsx'),
          (m) => <m.SubmissionsPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'submissions/reports/:id',
        ...page(
          () => import('./pages/SubmissionReportPage.tsx'),
          (m) => <m.SubmissionReportPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'submissions/responses',
        ...page(
          () => import('./pages/ResponsesPage.tsx'),
          (m) => <m.ResponsesPage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'submissions/review',
        ...page(
          () => import('./pages/ReviewQueuePage.tsx'),
          (m) => <m.ReviewQueuePage />,
        ),
      },
    },
    {
      layout: 'app',
      route: {
        path: 'submissions/review/:id',
        ...page(
          () => import('./pages/ReviewPage.tsx'),
          (m) => <m.ReviewPage />,
        ),
      },
    },
  ],
  nav: [
    {
      path: '/submissions',
      labelKey: 'submissions.nav',
      icon: IconSend,
      roles: staff,
      pageRoles: ['assessor', ...staff],
      order: 160,
    },
    {
      path: '/submissions/review',
      labelKey: 'submissions.navReview',
      icon: IconSignature,
      roles: signers,
      order: 165,
    },
  ],
};
