import type { Area } from '../../platform/area.ts';
import { deleteExpiredKeys } from '../../platform/idempotency.ts';
import { reportPolicy } from './reports.policy.ts';
import { reportRoutes } from './reports.routes.ts';

/** The reports area (intake): what it adds to the server (see platform/area.ts). */
export const reportsArea = {
  name: 'reports',
  routes: reportRoutes,
  policies: { reports: reportPolicy },
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
