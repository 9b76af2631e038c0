import type { E2bProfile, SubmissionPreview, SubmissionPreviewBody } from '@vigilo/contract';
import { readDbNow } from '../../db/columns.ts';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { findingLanguage } from '../e2b/e2b.findings.ts';
import { reportTarget } from '../reports/reports.service.ts';
import { findReport } from '../reports/reports.shared.ts';
import { listReceivers } from './receivers.repository.ts';
import { receiverMessage } from './submissions.message.ts';
import { submissionPolicy } from './submissions.policy.ts';
import { ruleCaseOf, rulePicks } from './submissions.rules.ts';

/**
 * POST /v1/submissions/preview (decision 0186): before the submit dialog sends anything, each
 * receiver of the case's organisation with the message it would get checked against its
 * profile, findings in the caller's language. Nothing is stored and no message id is taken:
 * the preview's id only stands in for the one distribute will make (same length, same form).
 */
export async function previewSubmission(
  db: Db,
  actor: Actor,
  body: SubmissionPreviewBody,
): Promise<SubmissionPreview> {
  const report = await loadForAccess(db, actor, findReport, body.reportId, {
    rule: submissionPolicy.distribute,
    what: 'Report',
    target: reportTarget,
  });
  const receivers = await listReceivers(db, scopeFor(actor), report.organisation_id);
  const now = await readDbNow(db);
  const language = findingLanguage(actor);
  const messageId = `${report.reference}-${report.current_version}-00000000`;
  const input = ruleCaseOf(report);
  return {
    reportId: report.id,
    organisationId: report.organisation_id,
    reportVersion: report.current_version,
    receivers: await Promise.all(
      receivers.map(async (receiver) => {
        // A preview keeps no C.1.1 (no `assign`).
        const message = await receiverMessage(db, report, receiver, { id: messageId, at: now, language });
        // The receivers a distribution without `resources` would send to (decision 0191).
        const picked = receiver.rule !== null && rulePicks(receiver.rule, input);
        return {
          id: receiver.id,
          name: receiver.name,
          profile: receiver.profile as E2bProfile,
          transport: receiver.transport as SubmissionPreview['receivers'][number]['transport'],
          picked,
          pickedBy: picked ? receiver.rule : null,
          valid: message.valid,
          findings: message.findings,
        };
      }),
    ),
  };
}
