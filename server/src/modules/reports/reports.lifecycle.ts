import type { CaseStatus, RoleName } from '@vigilo/contract';
import { type Actor, decide, type Target } from '../../platform/access.ts';
import { AppError, forbidden } from '../../platform/errors.ts';

/**
 * The lifecycle of a case, as one table (decision 0100): from each status, the statuses it
 * may move to, who may move it and whether they must say why. A draft becomes `received`
 * when it is sent (PUT /v1/report/{id}); everything after goes through
 * PUT /v1/reports/{id}/status, the assign routes (→ assigned) and, later, the submissions
 * area (ready_to_submit → submitted).
 *
 *   draft → received → in_triage → assigned → coded → verified → ready_to_submit → submitted → closed
 *   (nullified and duplicate from any open status; reopening back to in_triage)
 */

const staff = ['organisation_staff', 'organisation_admin', 'platform_admin', 'system_admin'] as const;
/** Coding is case work: staff and assessors. */
const coders = ['assessor', ...staff] as const;
/** Verification is a second look: assessors and administrators, not the staff who coded. */
const reviewers = ['assessor', 'organisation_admin', 'platform_admin', 'system_admin'] as const;
const administrators = ['organisation_admin', 'platform_admin', 'system_admin'] as const;

export interface Transition {
  to: CaseStatus;
  roles: readonly RoleName[];
  /** The caller must give a reason, kept in the audit row. */
  reason?: true;
}

const nullify: Transition = { to: 'nullified', roles: administrators, reason: true };
const duplicate: Transition = { to: 'duplicate', roles: staff, reason: true };

export const lifecycle: Record<CaseStatus, readonly Transition[]> = {
  draft: [{ to: 'received', roles: [] }],
  received: [{ to: 'in_triage', roles: staff }, { to: 'assigned', roles: staff }, duplicate, nullify],
  in_triage: [{ to: 'assigned', roles: staff }, { to: 'received', roles: staff }, duplicate, nullify],
  assigned: [{ to: 'coded', roles: coders }, { to: 'in_triage', roles: staff }, duplicate, nullify],
  coded: [{ to: 'verified', roles: reviewers }, { to: 'assigned', roles: coders }, nullify],
  verified: [{ to: 'ready_to_submit', roles: staff }, { to: 'coded', roles: reviewers }, nullify],
  ready_to_submit: [{ to: 'submitted', roles: staff }, { to: 'verified', roles: staff }, nullify],
  submitted: [
    { to: 'closed', roles: staff },
    // Follow-up information after submission: the case is worked again.
    { to: 'in_triage', roles: staff, reason: true },
  ],
  closed: [{ to: 'in_triage', roles: administrators, reason: true }],
  nullified: [{ to: 'in_triage', roles: administrators, reason: true }],
  duplicate: [{ to: 'in_triage', roles: administrators, reason: true }],
};

const isStatus = (status: string): status is CaseStatus => status in lifecycle;

/** Every status the lifecycle allows after `status`, whoever asks. */
export const nextStatuses = (status: string): CaseStatus[] =>
  isStatus(status) ? lifecycle[status].map((t) => t.to) : [];

/** The statuses `actor` may move a case of `target` to now (drafts move only by being sent). */
export function allowedFor(actor: Actor, target: Target, status: string): CaseStatus[] {
  if (!isStatus(status) || status === 'draft') return [];
  return lifecycle[status]
    .filter((t) => decide(actor, { roles: t.roles }, target) === 'allow')
    .map((t) => t.to);
}

/**
 * The transition from `from` to `to`, checked: 409 INVALID_TRANSITION naming the current
 * status and the allowed next ones when the lifecycle has no such step, 403 when the
 * caller's roles do not make it.
 */
export function requireTransition(actor: Actor, target: Target, from: string, to: CaseStatus): Transition {
  const step = isStatus(from) && from !== 'draft' ? lifecycle[from].find((t) => t.to === to) : undefined;
  if (!step) {
    const allowed = from === 'draft' ? [] : nextStatuses(from);
    throw new AppError(
      'INVALID_TRANSITION',
      from === 'draft'
        ? 'A draft moves on only by being sent (PUT /v1/report/{id} with status "submitted")'
        : `A case that is ${words(from)} cannot become ${words(to)}; it can become ${
            allowed.map(words).join(', ') || 'nothing else'
          }`,
      { current: from, requested: to, allowed },
    );
  }
  if (decide(actor, { roles: step.roles }, target) !== 'allow') throw forbidden();
  return step;
}

/** A status in words: `ready_to_submit` → "ready to submit". */
export const words = (status: string) => status.replaceAll('_', ' ');

/**
 * The status after a new version of the document (PUT /v1/report/{id}): a draft stays one
 * or, sent, is received; a sent case keeps its status (a new version does not move it) and
 * never becomes a draft again; a nullified or duplicate case takes no new version.
 */
export function statusAfterEdit(current: string, asked: 'draft' | 'submitted' | undefined): string {
  if (current === 'draft') return asked === 'submitted' ? 'received' : 'draft';
  if (asked === 'draft')
    throw new AppError('INVALID_TRANSITION', 'A report that has been sent cannot become a draft again', {
      current,
      requested: 'draft',
      allowed: nextStatuses(current),
    });
  if (current === 'nullified' || current === 'duplicate')
    throw new AppError(
      'INVALID_TRANSITION',
      `A case that is ${words(current)} takes no new version; an administrator reopens it first`,
      { current, requested: current, allowed: nextStatuses(current) },
    );
  return current;
}

/**
 * The next step on the main path from `status` (the table lists it first) and the roles that
 * may take it; null where the path ends or for a draft (decision 0253).
 */
export function nextStepOf(status: string): { status: CaseStatus; roles: string[] } | null {
  if (!isStatus(status) || status === 'draft') return null;
  const [first] = lifecycle[status];
  if (!first || first.to === 'nullified' || (first.to === 'in_triage' && status !== 'received')) return null;
  return { status: first.to, roles: [...first.roles] };
}
