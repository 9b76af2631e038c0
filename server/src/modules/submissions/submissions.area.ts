import type { Area } from '../../platform/area.ts';
import { ASYNC_MDN_JOB, type AsyncMdnJob, sendAsyncMdn } from './submissions.as2-mdn.ts';
import { DELIVERY_JOB, type DeliveryJob, deliverSubmissionReport } from './submissions.delivery.ts';
import { receiverPolicy, submissionPolicy } from './submissions.policy.ts';
import { submissionRoutes } from './submissions.routes.ts';

/** Receivers and submissions to them (ENDPOINTS.md section 6, issue 15; see platform/area.ts). */
export const submissionsArea = {
  name: 'submissions',
  routes: submissionRoutes,
  policies: { receivers: receiverPolicy, submissions: submissionPolicy },
  conflicts: {
    receivers_organisation_name: {
      field: 'body/name',
      message: 'is the name of another receiver of this organisation',
    },
  },
  audit: {
    'receiver.created': {},
    'receiver.updated': {},
    'receiver.deleted': {},
    'receiver.tested': {},
    'submission.created': {},
    'submission_report.status_set': { reason: 'required' },
    'submission_report.manually_processed': {},
    'submission_report.resent': {},
    'submission_report.reviewed': {},
    'submission_report.signature_refused': {},
    'submission_response.recorded': {},
  },
  jobs: (context) => [
    {
      name: DELIVERY_JOB,
      handler: (job: object) => deliverSubmissionReport(context, job as DeliveryJob),
      pollingIntervalSeconds: 1,
      // Deliveries are network waits: up to 20 at once per poll (bench/submissions.ts).
      batchSize: 20,
      parallel: true,
    },
    {
      name: ASYNC_MDN_JOB,
      handler: (job: object) => sendAsyncMdn(context.config, job as AsyncMdnJob),
      pollingIntervalSeconds: 1,
    },
  ],
  sealed: [{ table: 'receivers', column: 'credentials_sealed', purpose: 'receiver-credentials' }],
} satisfies Area;
