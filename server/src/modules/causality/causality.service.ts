import {
  type CausalityAssessment,
  type CausalityAssessmentBody,
  causalityE2bText,
  type FieldError,
  matchEntries,
  naranjoQuestions,
  naranjoResultText,
  scoreNaranjo,
} from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { type Answer, idempotent } from '../../platform/idempotency.ts';
import { loadForAccess, type Scope, scopeFor } from '../../platform/scope.ts';
import { words } from '../reports/reports.lifecycle.ts';
import { reportTarget } from '../reports/reports.service.ts';
import { findReport, lockReport } from '../reports/reports.shared.ts';
import { writeReportVersion } from '../reports/reports.versions.ts';
import { entriesOf, missingOfPair, withEntry, withoutEntry } from './causality.document.ts';
import { causalityPolicy } from './causality.policy.ts';
import {
  type AssessmentRow,
  findAssessment,
  insertAssessment,
  listAssessments,
  markWithdrawn,
  organisationName,
} from './causality.repository.ts';

/**
 * Causality per drug × reaction (issue 24 §3, decision 0270). An assessment is recorded in one
 * transaction with a new version of the case that carries its G.k.9.i.2.r entry, and its audit
 * row; the score and category of a Naranjo questionnaire are computed here from the answers
 * (contract/src/causality.ts), whatever a client shows.
 */

type Doc = Record<string, unknown>;

/** A draft is not a case yet; a closed, nullified or duplicate one is reopened before it is assessed again. */
const SETTLED = ['draft', 'closed', 'nullified', 'duplicate'];
function requireOpen(status: string): void {
  if (!SETTLED.includes(status)) return;
  throw new AppError(
    'CONFLICT',
    status === 'draft'
      ? 'A draft is assessed once it has been sent'
      : `A case that is ${words(status)} takes no new assessment; reopen it first`,
    { status },
  );
}

const refuse = (fields: FieldError[]) =>
  new AppError(
    'VALIDATION_FAILED',
    fields.length === 1
      ? fields[0]!.message
      : `The assessment cannot be recorded: ${fields.length} answers need attention`,
    { fields },
  );

/** What the body says, checked and scored: the category, the score and the result's E2B text. */
function judge(body: CausalityAssessmentBody) {
  const fields: FieldError[] = [];
  const sourceText = body.sourceText?.trim();
  if (body.source === 'other' && !sourceText)
    fields.push({ field: 'body/sourceText', reason: 'required', message: 'Say who made this assessment' });
  if (body.source !== 'other' && body.sourceText !== undefined)
    fields.push({
      field: 'body/sourceText',
      reason: 'notAllowed',
      message: 'Who assessed is given in words only when the source is "other"',
    });
  if (body.method === 'who-umc') {
    if (!body.whoUmc)
      fields.push({ field: 'body/whoUmc', reason: 'required', message: 'Choose the WHO-UMC category' });
    if (body.naranjo)
      fields.push({
        field: 'body/naranjo',
        reason: 'notAllowed',
        message: 'Naranjo answers go with the Naranjo method',
      });
    if (fields.length > 0) throw refuse(fields);
    return {
      sourceText,
      category: body.whoUmc!,
      score: null,
      naranjo: null,
      result: causalityE2bText.whoUmc[body.whoUmc!],
    };
  }
  if (body.whoUmc)
    fields.push({
      field: 'body/whoUmc',
      reason: 'notAllowed',
      message: 'A WHO-UMC category goes with the WHO-UMC method',
    });
  const scored = scoreNaranjo(body.naranjo ?? {});
  for (const id of scored.unanswered) {
    const number = naranjoQuestions.findIndex((q) => q.id === id) + 1;
    fields.push({
      field: `body/naranjo/${id}`,
      reason: 'required',
      message: `Answer question ${number} (yes, no or do not know)`,
    });
  }
  if (fields.length > 0) throw refuse(fields);
  return {
    sourceText,
    category: scored.category,
    score: scored.score,
    // In the published order, whatever order the body had.
    naranjo: Object.fromEntries(naranjoQuestions.map((q) => [q.id, body.naranjo![q.id]])),
    result: naranjoResultText(scored.category, scored.score),
  };
}

const person = (id: string | null, first: string | null, last: string | null, email: string | null) =>
  id ? { id, name: `${first ?? ''} ${last ?? ''}`.trim() || (email ?? '') } : null;

const entryOf = (row: AssessmentRow) => ({
  source: row.entry_source,
  method: row.entry_method,
  result: row.entry_result,
});

/** The rows as the API answers them, each saying whether its entry is in `document` now. */
function present(rows: AssessmentRow[], document: Doc): CausalityAssessment[] {
  const inCase = new Set<string>();
  const pairs = new Map<string, AssessmentRow[]>();
  for (const row of rows.filter((r) => r.withdrawn_at === null)) {
    const key = JSON.stringify([row.drug_id, row.reaction_id]);
    pairs.set(key, [...(pairs.get(key) ?? []), row]);
  }
  for (const records of pairs.values()) {
    const { drug_id, reaction_id } = records[0]!;
    const matched = matchEntries(
      entriesOf(document, drug_id, reaction_id),
      records.map((r) => ({ ...entryOf(r), id: r.id })),
    );
    for (const { record } of matched.entries) if (record) inCase.add(record.id);
  }
  return rows.map((row) => ({
    id: row.id,
    reportId: row.report_id,
    drugId: row.drug_id,
    reactionId: row.reaction_id,
    source: row.source as CausalityAssessment['source'],
    method: row.method as CausalityAssessment['method'],
    category: row.category as CausalityAssessment['category'],
    score: row.score,
    naranjo: (row.naranjo as CausalityAssessment['naranjo']) ?? null,
    entry: entryOf(row),
    comment: row.comment,
    reportVersion: row.report_version,
    recordedBy: person(row.created_by, row.by_first_name, row.by_last_name, row.by_email),
    recordedAt: row.created_at.toISOString(),
    withdrawn: row.withdrawn_at
      ? {
          by: person(row.withdrawn_by, row.wb_first_name, row.wb_last_name, row.wb_email),
          at: row.withdrawn_at.toISOString(),
          reason: row.withdrawn_reason ?? '',
          reportVersion: row.withdrawn_report_version,
        }
      : null,
    inCase: inCase.has(row.id),
  }));
}

const loadCase = (
  db: Db,
  actor: Actor,
  id: string,
  rule: (typeof causalityPolicy)[keyof typeof causalityPolicy],
) => loadForAccess(db, actor, findReport, id, { rule, what: 'Report', target: reportTarget });

/** The case's current document and number, read under its lock (404 when it went meanwhile). */
async function lockedCase(tx: Db, scope: Scope, id: string) {
  const locked = await lockReport(tx, scope, id);
  const row = locked ? await findReport(tx, scope, id) : undefined;
  if (!locked || !row) throw notFound('Report');
  requireOpen(locked.status);
  return { version: locked.current_version, document: row.document as Doc };
}

/** GET /v1/reports/{id}/causality: every assessment of the case, oldest first, withdrawn ones too. */
export async function listCausality(db: Db, actor: Actor, reportId: string): Promise<CausalityAssessment[]> {
  const report = await loadCase(db, actor, reportId, causalityPolicy.read);
  return present(await listAssessments(db, scopeFor(actor), reportId), report.document as Doc);
}

/** POST /v1/reports/{id}/causality: one assessment, its entry in a new version of the case. */
export async function recordCausality(
  deps: AppDeps,
  actor: Actor,
  reportId: string,
  body: CausalityAssessmentBody,
  request: { requestId: string; idempotencyKey?: string; hash: string },
): Promise<Answer<CausalityAssessment> & { replayed: boolean }> {
  const report = await loadCase(deps.db, actor, reportId, causalityPolicy.record);
  requireOpen(report.status);
  const judged = judge(body);
  const scope = scopeFor(actor);
  const key = { owner: `user:${actor.userId}` as const, key: request.idempotencyKey, hash: request.hash };
  return idempotent(deps.db, key, async (tx) => {
    const current = await lockedCase(tx, scope, reportId);
    const missing = missingOfPair(current.document, body.drugId, body.reactionId);
    if (missing.length > 0)
      throw refuse(
        missing.map((field) => ({
          field: `body/${field}`,
          reason: 'notFound' as const,
          message: `The case has no ${field === 'drugId' ? 'drug' : 'reaction'} with this id (it may have changed: read it again)`,
        })),
      );
    const source =
      body.source === 'other'
        ? judged.sourceText!
        : body.source === 'organisation'
          ? ((await organisationName(tx, scope, report.organisation_id)) ?? 'Sender').slice(0, 60)
          : causalityE2bText.source[body.source];
    const entry = { source, method: causalityE2bText.method[body.method], result: judged.result };
    const document = withEntry(current.document, body.drugId, body.reactionId, entry);
    const target = { id: reportId, platformId: report.platform_id, organisationId: report.organisation_id };
    const version = await writeReportVersion(tx, scope, target, document, { createdBy: actor.userId });
    if (version === null) throw notFound('Report');
    const comment = body.comment?.trim() || null;
    const id = await insertAssessment(tx, scope, {
      report_id: reportId,
      platform_id: report.platform_id,
      organisation_id: report.organisation_id,
      drug_id: body.drugId,
      reaction_id: body.reactionId,
      source: body.source,
      method: body.method,
      category: judged.category,
      score: judged.score,
      naranjo: judged.naranjo ? JSON.stringify(judged.naranjo) : null,
      entry_source: entry.source,
      entry_method: entry.method,
      entry_result: entry.result,
      comment,
      report_version: version,
      created_by: actor.userId,
    });
    await audit(tx, {
      action: 'report.causality_recorded',
      entityType: 'report',
      entityId: reportId,
      platformId: report.platform_id,
      organisationId: report.organisation_id,
      actorUserId: actor.userId,
      before: { reportVersion: current.version },
      after: { reportVersion: version },
      details: {
        assessmentId: id,
        drugId: body.drugId,
        reactionId: body.reactionId,
        method: body.method,
        category: judged.category,
        score: judged.score,
        naranjo: judged.naranjo,
        entry,
        comment,
      },
      requestId: request.requestId,
    });
    const row = await findAssessment(tx, scope, reportId, id);
    return { statusCode: 201, body: present([row!], document)[0]! };
  });
}

/**
 * POST /v1/reports/{id}/causality/{assessmentId}/withdraw: the entry leaves the case (a new
 * version) when it is still there; the record stays, marked withdrawn with who, when and why.
 * Withdrawing again changes nothing and answers the same.
 */
export async function withdrawCausality(
  deps: AppDeps,
  actor: Actor,
  reportId: string,
  assessmentId: string,
  request: { reason: string; requestId: string },
): Promise<CausalityAssessment> {
  const report = await loadCase(deps.db, actor, reportId, causalityPolicy.withdraw);
  const scope = scopeFor(actor);
  const reason = request.reason.trim();
  if (!reason) throw fieldError('body/reason', 'required', 'Say why the assessment is withdrawn');
  return withTransaction(deps.db, async (tx) => {
    const current = await lockedCase(tx, scope, reportId);
    const row = await findAssessment(tx, scope, reportId, assessmentId);
    if (!row) throw notFound('Causality assessment');
    if (row.withdrawn_at !== null) return present([row], current.document)[0]!;
    const inCase = present(await listAssessments(tx, scope, reportId), current.document).find(
      (a) => a.id === row.id,
    )?.inCase;
    const document = inCase
      ? withoutEntry(current.document, row.drug_id, row.reaction_id, entryOf(row))
      : null;
    const target = { id: reportId, platformId: report.platform_id, organisationId: report.organisation_id };
    const version = document
      ? await writeReportVersion(tx, scope, target, document, { createdBy: actor.userId })
      : null;
    await markWithdrawn(tx, scope, row.id, { by: actor.userId, reason, reportVersion: version });
    await audit(tx, {
      action: 'report.causality_withdrawn',
      entityType: 'report',
      entityId: reportId,
      platformId: report.platform_id,
      organisationId: report.organisation_id,
      actorUserId: actor.userId,
      before: { reportVersion: current.version },
      after: { reportVersion: version ?? current.version },
      details: {
        assessmentId: row.id,
        drugId: row.drug_id,
        reactionId: row.reaction_id,
        entry: entryOf(row),
        takenOutOfCase: version !== null,
      },
      reason,
      requestId: request.requestId,
    });
    const after = await findAssessment(tx, scope, reportId, row.id);
    return present([after!], document ?? current.document)[0]!;
  });
}
