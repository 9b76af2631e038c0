import type { AssignmentToken, AssignmentVerification, ReportCase } from '@vigilo/contract';
import type { Static } from 'typebox';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/tokens.ts';
import {
  findAssignmentToken,
  findCase,
  insertAssignmentToken,
  isCaseworker,
  lockCase,
  moveCase,
  setAssignee,
  setCaseName,
  setSearchColumns,
  useAssignmentToken,
} from './reports.cases.repository.ts';
import {
  assignToUser,
  auditAssignment,
  CASEWORKER_ROLES,
  caseTarget,
  toCase,
} from './reports.cases.service.ts';
import { caseColumns } from './reports.columns.ts';
import { words } from './reports.lifecycle.ts';
import { caseworkPolicy, reportPolicy } from './reports.policy.ts';
import { findReportingOrganisation } from './reports.repository.ts';
import { reportTarget } from './reports.service.ts';

/** How long an assignment link works (decision 0102). */
export const ASSIGNMENT_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/** Statuses from which a case can be taken by link or sent to another organisation. */
const UNWORKED = ['received', 'in_triage', 'assigned'];

/** POST /v1/report/{id}/assign: to `userId`, or to the caller. */
export const assign = (db: Db, actor: Actor, id: string, userId: string | undefined, requestId: string) =>
  assignToUser(db, actor, id, userId ?? '@me', requestId);

/** POST /v1/report/{id}/assignment-token: a single-use link, shown once, only its hash kept. */
export async function createAssignmentToken(
  db: Db,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<Static<typeof AssignmentToken>> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.assign,
    what: 'Report',
    target: caseTarget,
  });
  const { token, hash } = newOpaqueToken();
  return withTransaction(db, async (tx) => {
    const made = await insertAssignmentToken(tx, scopeFor(actor), {
      reportId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      hash,
      createdBy: actor.userId,
      ttlSeconds: ASSIGNMENT_TOKEN_TTL_SECONDS,
    });
    await audit(tx, {
      action: 'report.assignment_token_created',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      details: { tokenId: made.id, expiresAt: made.expires_at.toISOString() },
      requestId,
    });
    return { token, expiresAt: made.expires_at.toISOString() };
  });
}

/** The token of a case the caller may take, or 404 (an unknown token says nothing more). */
async function tokenFor(db: Db, actor: Actor, id: string, token: string) {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.work,
    what: 'Report',
    target: caseTarget,
  });
  const found = await findAssignmentToken(db, scopeFor(actor), id, hashOpaqueToken(token));
  if (!found) throw notFound('Assignment link');
  return { row, found };
}

/** GET /v1/report/{id}/verify/{token}: whether the link would assign the case now; changes nothing. */
export async function verifyAssignmentToken(
  db: Db,
  actor: Actor,
  id: string,
  token: string,
): Promise<Static<typeof AssignmentVerification>> {
  const { row, found } = await tokenFor(db, actor, id, token);
  const state = found.used_at ? 'used' : found.expired ? 'expired' : 'valid';
  return {
    valid: state === 'valid',
    state,
    reportId: id,
    reference: row.reference,
    expiresAt: found.expires_at.toISOString(),
  };
}

/** PUT /v1/report/{id}/assign/{token}: the caller takes the case; the link works once. */
export async function assignByToken(
  db: Db,
  actor: Actor,
  id: string,
  token: string,
  requestId: string,
): Promise<ReportCase> {
  const { row, found } = await tokenFor(db, actor, id, token);
  const scope = scopeFor(actor);
  const target = { platformId: row.platform_id, organisationId: row.organisation_id };
  if (!(await isCaseworker(db, scope, actor.userId, target, CASEWORKER_ROLES)))
    throw new AppError('FORBIDDEN', 'Only a caseworker of the case’s organisation can take it');
  return withTransaction(db, async (tx) => {
    if (!(await useAssignmentToken(tx, scope, found.id, actor.userId))) {
      const again = await findAssignmentToken(tx, scope, id, hashOpaqueToken(token));
      if (again?.used_at)
        throw new AppError('ASSIGNMENT_TOKEN_USED', 'This assignment link has been used already');
      throw new AppError('ASSIGNMENT_TOKEN_EXPIRED', 'This assignment link has expired');
    }
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    if (!UNWORKED.includes(locked.status))
      throw new AppError(
        'INVALID_TRANSITION',
        `A case that is ${words(locked.status)} is not taken by link`,
        {
          current: locked.status,
          requested: 'assigned',
          allowed: [],
        },
      );
    await setAssignee(tx, scope, id, { userId: actor.userId, status: 'assigned' });
    await auditAssignment(
      tx,
      actor,
      row,
      { from: locked, to: { status: 'assigned', assigneeUserId: actor.userId }, tokenId: found.id },
      requestId,
    );
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}

/**
 * PUT /v1/report/{id}/reassign/organisation/{organisationId}: the case goes to another
 * organisation of its platform, received and unassigned; the sender keeps a read-only trace.
 */
export async function reassignOrganisation(
  db: Db,
  actor: Actor,
  id: string,
  organisationId: string,
  reason: string | undefined,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.assign,
    what: 'Report',
    target: caseTarget,
  });
  if (organisationId === row.organisation_id)
    throw fieldError('params/organisationId', 'invalid', 'The case is with this organisation already');
  // Any organisation of the case's platform may receive it; another platform's is not found.
  const receiving = await findReportingOrganisation(db, platformScope(row.platform_id), organisationId);
  if (!receiving) throw notFound('Organisation');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    if (!UNWORKED.includes(locked.status))
      throw new AppError(
        'INVALID_TRANSITION',
        `A case that is ${words(locked.status)} stays with its organisation`,
        {
          current: locked.status,
          requested: 'received',
          allowed: [],
        },
      );
    await moveCase(tx, scope, id, {
      toOrganisationId: organisationId,
      fromOrganisationId: row.organisation_id,
      platformId: row.platform_id,
      version: row.current_version,
      status: locked.status,
      reason: reason?.trim() || null,
      by: actor.userId,
    });
    await audit(tx, {
      action: 'report.reassigned',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: organisationId,
      actorUserId: actor.userId,
      before: {
        organisationId: row.organisation_id,
        status: locked.status,
        assigneeUserId: locked.assignee_user_id,
      },
      after: { organisationId, status: 'received', assigneeUserId: null },
      reason: reason?.trim() || null,
      requestId,
    });
    const moved = await findCase(tx, platformScope(row.platform_id), id);
    return toCase(actor, moved!);
  });
}

/** POST and DELETE /v1/report/{id}/name: the case's own short name in lists. */
export async function renameCase(
  db: Db,
  actor: Actor,
  id: string,
  name: string | null,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: reportPolicy.update,
    what: 'Report',
    target: reportTarget,
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await setCaseName(tx, scope, id, name);
    await audit(tx, {
      action: name === null ? 'report.name_removed' : 'report.renamed',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { name: row.name },
      after: { name },
      requestId,
    });
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}

/**
 * PUT /v1/reports/{id}/regenerate: the search columns (receipt date, seriousness, type,
 * country, search text) read again from the current document, as intake writes them.
 */
export async function regenerateCase(
  db: Db,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<ReportCase> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.assign,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  const columns = await caseColumns(db, row.document, row.organisation_id);
  return withTransaction(db, async (tx) => {
    await setSearchColumns(tx, scope, id, columns);
    const before = {
      receiptDate: row.receipt_date,
      reportType: row.report_type,
      serious: row.serious,
      seriousness: row.seriousness,
      country: row.country,
    };
    await audit(tx, {
      action: 'report.regenerated',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before,
      after: {
        receiptDate: columns.receipt_date,
        reportType: columns.report_type,
        serious: columns.serious,
        seriousness: columns.seriousness,
        country: columns.country,
      },
      requestId,
    });
    return toCase(actor, (await findCase(tx, scope, id))!);
  });
}
