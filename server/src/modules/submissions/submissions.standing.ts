import type { SubmissionReport } from '@vigilo/contract';

/**
 * Where a submission report stands, in codes the web app says in the reader's language
 * (decision 0251), and how late it went (decision 0254).
 */

const DAY_MS = 86_400_000;

/**
 * Calendar days between the due date and the day the message was sent, both as UTC days
 * (the organisation's regulatory calendar, as the case's clock counts): sent on the due day or
 * before is on time (null); the next UTC day is late by 1. Not sent yet: null (the submission
 * is overdue instead).
 */
export function lateByDays(dueDate: string, sentAt: Date | null): number | null {
  if (!sentAt) return null;
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const sentDay = Date.parse(`${sentAt.toISOString().slice(0, 10)}T00:00:00Z`);
  const days = Math.round((sentDay - due) / DAY_MS);
  return days > 0 ? days : null;
}

/** Why a message not sent is not sent (or that it is on its way), from its state; null once sent. */
export function reasonCodeOf(row: {
  status: string;
  valid: boolean;
  review_required: boolean;
  review_status: string;
  queued_at: Date | null;
}): SubmissionReport['reasonCode'] {
  if (row.status !== 'NOT_SENT') return null;
  if (!row.valid) return 'invalid';
  if (row.review_required && row.review_status === 'REJECTED') return 'approval_rejected';
  if (row.review_required && row.review_status !== 'APPROVED') return 'awaiting_approval';
  return row.queued_at ? 'queued' : 'no_transport';
}
