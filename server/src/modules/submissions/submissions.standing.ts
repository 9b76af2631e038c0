import type { SubmissionReport } from '@vigilo/contract';
import { dayIn } from '../../platform/calendar.ts';

/**
 * Where a submission report stands, in codes the web app says in the reader's language
 * (decision 0251), and how late it went (decision 0254).
 */

const DAY_MS = 86_400_000;

/**
 * Calendar days between the due date and the day the message was sent, both days of the
 * organisation's calendar (its time zone, as the case's clock counts: decision 0318): sent on
 * the due day or before is on time (null); the next day there is late by 1. Not sent yet: null
 * (the submission is overdue instead).
 */
export function lateByDays(dueDate: string, sentAt: Date | null, timeZone: string): number | null {
  if (!sentAt) return null;
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  const sentDay = Date.parse(`${dayIn(sentAt, timeZone)}T00:00:00Z`);
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

/** The sentences Vigilo writes as a message's reason at distribution (`statusReason`, the history's first step). */
export const REASON_SENTENCES = {
  invalid: (profile: string, errors: number) =>
    `Not sent: the message fails the receiver's ${profile.toUpperCase()} rules (${errors} error${errors === 1 ? '' : 's'})`,
  no_transport: 'Not sent: the receiver has no transport; send it by hand and record why',
  awaiting_approval:
    "Waiting for an assessor's signed approval: the receiver asks for one before anything is sent",
} as const;

/**
 * A history step's reason as the code the web app words in the reader's language, when Vigilo
 * wrote it at distribution (decision 0312); null for a receiver's, a delivery's or a person's words.
 */
export function historyReasonCode(
  source: string,
  reason: string | null,
): 'invalid' | 'no_transport' | 'awaiting_approval' | null {
  if (source !== 'distribution' || !reason) return null;
  if (reason === REASON_SENTENCES.no_transport) return 'no_transport';
  if (reason === REASON_SENTENCES.awaiting_approval) return 'awaiting_approval';
  if (reason.startsWith("Not sent: the message fails the receiver's ")) return 'invalid';
  return null;
}
