import type { Area } from '../../platform/area.ts';
import { deleteExpiredKeys } from '../../platform/idempotency.ts';
import { reportPolicy } from './reports.policy.ts';
import { reportRoutes } from './reports.routes.ts';

/** The reports area (intake): what it adds to the server (see platform/area.ts). */
export const reportsArea = {
  name: 'reports',
  routes: reportRoutes,
  policies: { reports: reportPolicy },
  conflicts: {
    // Drawn again on a collision (ON CONFLICT DO NOTHING): listed for completeness, never answered.
    reports_platform_reference: {
      field: 'body/report',
      message: 'got a reference number in use: send it again',
    },
  },
  jobs: ({ db }) => [
    {
      name: 'reports.prune-idempotency-keys',
      cron: '37 * * * *',
      handler: async () => {
        await deleteExpiredKeys(db);
      },
    },
  ],
  audit: {
    'report.submitted': {},
    'report.draft_saved': {},
    'report.updated': {},
    'report.draft_deleted': {},
  },
} satisfies Area;
