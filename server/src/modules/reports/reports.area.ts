import type { Area } from '../../platform/area.ts';
import { deleteExpiredKeys } from '../../platform/idempotency.ts';
import { caseworkPolicy, reportPolicy, savedSearchPolicy } from './reports.policy.ts';
import { reportRoutes } from './reports.routes.ts';

/** The reports area (intake): what it adds to the server (see platform/area.ts). */
export const reportsArea = {
  name: 'reports',
  routes: reportRoutes,
  policies: { reports: reportPolicy, casework: caseworkPolicy, savedSearches: savedSearchPolicy },
  // No unique rule can be broken through this area's routes: sharing again is an upsert
  // (ON CONFLICT DO UPDATE on report_shares_once), raced in server/test/races.test.ts.
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
    /** A reporter's change to a sent report, received as follow-up information (decision 0250). */
    'report.follow_up_received': { reason: 'required' },
    'report.draft_deleted': {},
    /** A step of the lifecycle; the service insists on a reason where the lifecycle does. */
    'report.status_changed': {},
    /** Soft deletion; the reason is optional as for users (decision 0053), asked by the web app. */
    'report.deleted': {},
    'report.restored': {},
    'report.assigned': {},
    'report.assignment_token_created': {},
    /** Sent to another organisation; the reason is optional as for deletion (decision 0102). */
    'report.reassigned': {},
    'report.renamed': {},
    'report.name_removed': {},
    'report.regenerated': {},
    /** Shown read-only to another organisation, or what it reveals changed (decision 0130). */
    'report.shared': {},
    'report.share_revoked': {},
    'saved_search.created': {},
    'saved_search.updated': {},
    'saved_search.deleted': {},
  },
} satisfies Area;
