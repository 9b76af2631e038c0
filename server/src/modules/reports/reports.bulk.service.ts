import type { BulkAssignBody, BulkCaseOutcome, BulkCaseResult, BulkStatusBody } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, errorBody } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import { type CaseRow, findCase } from './reports.cases.repository.ts';
import { assignToUser, changeStatus } from './reports.cases.service.ts';
import { caseworkPolicy } from './reports.policy.ts';
import { listScope } from './reports.service.ts';

/**
 * The worklist's bulk bar (decision 0286): the single-case service run for each chosen case,
 * one after the other, each in its own transaction with its own audit row, so one refusal
 * never undoes or blocks the others. A refusal is the error the single-case route would have
 * answered (a case of another organisation is NOT_FOUND, its reference not said); a case
 * already as asked is `unchanged` and nothing is written, so a retried request changes nothing
 * more. Only the caller's own errors (AppError) are answers; anything else still fails the request.
 */
async function eachCase(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  apply: (id: string, current: CaseRow) => Promise<{ status: string } | 'unchanged'>,
): Promise<BulkCaseResult> {
  const results: BulkCaseOutcome[] = [];
  for (const id of ids) {
    const current = await findCase(db, scopeFor(actor), id);
    const reference = current?.reference ?? null;
    try {
      if (!current) throw new AppError('NOT_FOUND', 'Report not found');
      const done = await apply(id, current);
      results.push(
        done === 'unchanged'
          ? { id, reference, outcome: 'unchanged', status: current.status, error: null }
          : { id, reference, outcome: 'changed', status: done.status, error: null },
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The case is read with the scope the single route reads it with: one the caller may
      // not see is not found by either, and its reference stays unsaid.
      results.push({
        id,
        reference,
        outcome: 'refused',
        status: current?.status ?? null,
        error: errorBody(error.code, error.statusCode, error.message, error.meta),
      });
    }
  }
  const count = (outcome: BulkCaseOutcome['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { results, changed: count('changed'), unchanged: count('unchanged'), refused: count('refused') };
}

/** POST /v1/reports/bulk/status: each case one step of the lifecycle, as PUT /v1/reports/{id}/status. */
export async function bulkChangeStatus(
  db: Db,
  actor: Actor,
  body: BulkStatusBody,
  requestId: string,
): Promise<BulkCaseResult> {
  // 403 at once for a caller who works on no organisation's cases.
  listScope(actor, caseworkPolicy.work);
  return eachCase(db, actor, body.ids, async (id, current) => {
    if (current.status === body.status) return 'unchanged';
    const moved = await changeStatus(
      db,
      actor,
      id,
      { status: body.status, ...(body.reason ? { reason: body.reason } : {}) },
      requestId,
    );
    return { status: moved.status };
  });
}

/** POST /v1/reports/bulk/assign: each case to one person (the caller by default), as POST /v1/report/{id}/assign. */
export async function bulkAssign(
  db: Db,
  actor: Actor,
  body: BulkAssignBody,
  requestId: string,
): Promise<BulkCaseResult> {
  listScope(actor, caseworkPolicy.assign);
  const userId = !body.userId || body.userId === '@me' ? actor.userId : body.userId;
  return eachCase(db, actor, body.ids, async (id, current) => {
    if (current.assignee_user_id === userId) return 'unchanged';
    const assigned = await assignToUser(db, actor, id, userId, requestId);
    return { status: assigned.status };
  });
}
