import type {
  StoredSubmissionResponse,
  StoredSubmissionResponseDetail,
  SubmissionResponseQuery,
} from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { submissionPolicy } from './submissions.policy.ts';
import { findSubmissionResponse, pageSubmissionResponses } from './submissions.repository.ts';

/**
 * The acknowledgements kept by POST /v1/submissions/responses (decision 0192): staff list the
 * flagged ones (`matched=false`, `malformed=true`) to settle them by hand, and read one with
 * its XML as it was posted. Tenant-scoped in the query: another organisation's is not found.
 */

type Row = NonNullable<Awaited<ReturnType<typeof findSubmissionResponse>>>;

const toStored = (row: Omit<Row, 'xml'>): StoredSubmissionResponse => ({
  id: row.id,
  organisationId: row.organisation_id,
  matched: row.matched,
  malformed: row.malformed,
  problem: row.problem,
  code: row.code,
  messageIds: row.message_ids,
  submissionReportId: row.submission_report_id,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  via: row.via,
  kind: row.kind,
  receiverId: row.receiver_id,
  receiverName: row.receiver_name,
  as2MessageId: row.as2_message_id,
  contentType: row.content_type,
});

/** GET /v1/submissions/responses: someone staff nowhere is told so (403), not answered an empty page. */
export async function listResponses(db: Db, actor: Actor, query: SubmissionResponseQuery) {
  const roles = submissionPolicy.readResponses.roles as readonly string[];
  if (actor.application || !actor.memberships.some((m) => roles.includes(m.role))) throw forbidden();
  const page = await pageSubmissionResponses(db, scopeFor(actor, submissionPolicy.readResponses), query);
  return { items: page.items.map(toStored), page: query.page, size: query.size, total: page.total };
}

/** GET /v1/submissions/responses/{id} */
export async function getResponse(db: Db, actor: Actor, id: string): Promise<StoredSubmissionResponseDetail> {
  const row = await loadForAccess(db, actor, findSubmissionResponse, id, {
    rule: submissionPolicy.readResponses,
    what: 'Acknowledgement',
    target: rowTarget,
  });
  return { ...toStored(row), xml: row.xml };
}
