import { type Static, Type } from 'typebox';
import { CaseStatus } from './cases.ts';
import { Id, Reason, UserRef } from './common.ts';

/**
 * The worklist's bulk bar (issue 25 item 3, decision 0286): one change applied to each chosen
 * case on its own, each in its own transaction with its audit row, and an answer per case.
 */

/** The chosen cases: at most a page of 100, each once. */
const CaseIds = Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true });

/** POST /v1/reports/bulk/status: move each case to `status` (the reason where the lifecycle asks one). */
export const BulkStatusBody = Type.Object(
  { ids: CaseIds, status: CaseStatus, reason: Type.Optional(Reason) },
  { additionalProperties: false },
);
export type BulkStatusBody = Static<typeof BulkStatusBody>;

/** POST /v1/reports/bulk/assign: give each case to `userId` (the caller, `@me`, when omitted). */
export const BulkAssignBody = Type.Object(
  { ids: CaseIds, userId: Type.Optional(UserRef) },
  { additionalProperties: false },
);
export type BulkAssignBody = Static<typeof BulkAssignBody>;

/** What happened to one case: done, already so (nothing written), or refused with the error it would have answered alone. */
export const BulkCaseOutcome = Type.Object({
  id: Id,
  /** The case's reference; null when the caller cannot see the case (its id is not found). */
  reference: Type.Union([Type.String(), Type.Null()]),
  outcome: Type.Union([Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('refused')]),
  /** The case's status after the request (null when not found). */
  status: Type.Union([Type.String(), Type.Null()]),
  /** Why it was refused: the `{code, statusCode, message, error, meta}` of the single-case route. */
  error: Type.Union([
    Type.Object({
      code: Type.String(),
      statusCode: Type.Integer(),
      message: Type.String(),
      error: Type.String(),
      meta: Type.Record(Type.String(), Type.Unknown()),
    }),
    Type.Null(),
  ]),
});
export type BulkCaseOutcome = Static<typeof BulkCaseOutcome>;

export const BulkCaseResult = Type.Object({
  /** One per id asked, in the order asked. */
  results: Type.Array(BulkCaseOutcome),
  changed: Type.Integer({ minimum: 0 }),
  unchanged: Type.Integer({ minimum: 0 }),
  refused: Type.Integer({ minimum: 0 }),
});
export type BulkCaseResult = Static<typeof BulkCaseResult>;
