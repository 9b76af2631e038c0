import type { CaseShare, SharedCase, ShareReveal } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { findCase, lockCase } from './reports.cases.repository.ts';
import { caseTarget } from './reports.cases.service.ts';
import { caseworkPolicy } from './reports.policy.ts';
import { findReportingOrganisation } from './reports.repository.ts';
import {
  deleteShare,
  findHeldCaseByLink,
  findShare,
  findSharedCaseByLink,
  upsertShare,
} from './reports.share.repository.ts';

/**
 * Sharing a case with another organisation of its platform, and the shared view
 * (GET /v1/reports/share/{extReportId}, decision 0130).
 */

const EVERYTHING: ShareReveal[] = ['patient', 'reporter', 'narrative'];

type Doc = Record<string, unknown>;
const isObject = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `value` without `keys` (objects only; anything else as it is). */
const without = (value: unknown, keys: readonly string[]) =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k))) : value;
/** `value` with only `keys`. */
const only = (value: unknown, keys: readonly string[]) =>
  isObject(value) ? Object.fromEntries(Object.entries(value).filter(([k]) => keys.includes(k))) : value;
const eachOf = (list: unknown, change: (item: unknown) => unknown) =>
  Array.isArray(list) ? list.map(change) : list;

/** The patient's identity: D.1 name or initials, D.1.1 record numbers, D.2.1 birth date; the parent's D.10.1, D.10.2.1. */
const PATIENT_IDENTITY = ['name', 'medicalRecordNumbers', 'birthDate'];
const PARENT_IDENTITY = ['identification', 'birthDate'];
/** What is kept of a primary source (C.2.r) and of the sender (C.3) without `reporter`. */
const SOURCE_KEPT = ['qualification', 'country', 'primaryForRegulatoryPurposes'];
const SENDER_KEPT = ['type', 'organisation', 'country'];
/** The free texts of section H, where names and places are written in prose. */
const FREE_TEXTS = ['narrative', 'reporterComments', 'senderComments', 'nativeSummaries'];

/**
 * The case document as a share shows it: the clinical core always; the patient's identity,
 * the reporter's identity and the free texts only when revealed; attached documents never
 * (they are the holder's files).
 */
export function sharedDocument(document: unknown, reveal: readonly ShareReveal[]): Doc {
  const doc: Doc = isObject(document) ? { ...document } : {};
  if (isObject(doc.C)) {
    const C: Doc = { ...doc.C };
    const noFile = (item: unknown) => without(item, ['document']);
    if (C.documentsHeldBySender) C.documentsHeldBySender = eachOf(C.documentsHeldBySender, noFile);
    if (C.literature) C.literature = eachOf(C.literature, noFile);
    if (!reveal.includes('reporter')) {
      if (C.primarySources) C.primarySources = eachOf(C.primarySources, (s) => only(s, SOURCE_KEPT));
      if (C.sender) C.sender = only(C.sender, SENDER_KEPT);
    }
    doc.C = C;
  }
  if (isObject(doc.D) && !reveal.includes('patient')) {
    const D = without(doc.D, PATIENT_IDENTITY) as Doc;
    if (D.parent) D.parent = without(D.parent, PARENT_IDENTITY);
    doc.D = D;
  }
  if (isObject(doc.H) && !reveal.includes('narrative')) doc.H = without(doc.H, FREE_TEXTS);
  return doc;
}

type ShareRow = NonNullable<Awaited<ReturnType<typeof findShare>>>;

const toShare = (row: ShareRow, reference: string, link: string): CaseShare => ({
  reportId: row.report_id,
  reference,
  organisationId: row.organisation_id,
  sharedWithOrganisationId: row.shared_with_organisation_id,
  reveal: row.reveal as ShareReveal[],
  link: `/v1/reports/share/${encodeURIComponent(link)}`,
  createdBy: row.created_by,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The organisation a case is shared with: another one of the case's platform (404 otherwise). */
async function otherOrganisation(db: Db, row: { platform_id: string; organisation_id: string }, id: string) {
  if (id === row.organisation_id)
    throw fieldError('params/organisationId', 'invalid', 'The case is this organisation’s own');
  // Any organisation of the case's platform; another platform's is not found.
  if (!(await findReportingOrganisation(db, platformScope(row.platform_id), id)))
    throw notFound('Organisation');
}

/** PUT /v1/report/{id}/share/organisation/{organisationId}: share the case, or change what the share reveals. */
export async function shareCase(
  db: Db,
  actor: Actor,
  id: string,
  organisationId: string,
  reveal: ShareReveal[],
  requestId: string,
): Promise<CaseShare> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.share,
    what: 'Report',
    target: caseTarget,
  });
  await otherOrganisation(db, row, organisationId);
  const scope = scopeFor(actor);
  const sorted = EVERYTHING.filter((r) => reveal.includes(r));
  return withTransaction(db, async (tx) => {
    const locked = await lockCase(tx, scope, id);
    if (!locked || locked.deleted_at) throw notFound('Report');
    const before = await findShare(tx, scope, id, organisationId);
    const share = await upsertShare(tx, scope, {
      reportId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      withOrganisationId: organisationId,
      reveal: sorted,
      by: actor.userId,
    });
    await audit(tx, {
      action: 'report.shared',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: before ? { sharedWith: organisationId, reveal: before.reveal } : null,
      after: { sharedWith: organisationId, reveal: sorted },
      requestId,
    });
    return toShare(share, row.reference, row.ext_report_id ?? row.reference);
  });
}

/** DELETE /v1/report/{id}/share/organisation/{organisationId}: the other organisation no longer reads it. */
export async function unshareCase(
  db: Db,
  actor: Actor,
  id: string,
  organisationId: string,
  requestId: string,
): Promise<void> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.share,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  await withTransaction(db, async (tx) => {
    const share = await findShare(tx, scope, id, organisationId);
    if (!share || share.organisation_id !== row.organisation_id) throw notFound('Share');
    await deleteShare(tx, scope, share.id);
    await audit(tx, {
      action: 'report.share_revoked',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { sharedWith: organisationId, reveal: share.reveal },
      after: null,
      requestId,
    });
  });
}

/**
 * GET /v1/reports/share/{extReportId}: the case named by its external id or its reference,
 * as a share shows it. Its holder's caseworkers and the platform's administrators read all of
 * it; a caseworker of an organisation it was shared with reads what that share reveals;
 * anyone else of the holding organisation is refused (403), and everyone else finds nothing.
 */
export async function sharedCase(db: Db, actor: Actor, link: string): Promise<SharedCase> {
  const scope = scopeFor(actor, caseworkPolicy.readShared);
  const held = await findHeldCaseByLink(db, scope, link);
  if (held) {
    const access = scope.organisationIds === null ? 'platform' : 'holder';
    return view(held, { access, reveal: EVERYTHING, sharedAt: null });
  }
  const shared = await findSharedCaseByLink(db, scope, link);
  if (shared)
    return view(shared, {
      access: 'shared',
      reveal: shared.reveal as ShareReveal[],
      sharedAt: shared.shared_at.toISOString(),
    });
  // A member of the holding organisation without a caseworker's role sees that it exists.
  const seen = await findHeldCaseByLink(db, scopeFor(actor), link);
  if (seen) requireAccess(actor, caseworkPolicy.readShared, caseTarget(seen), 'Report');
  throw notFound('Report');
}

type ViewRow = NonNullable<Awaited<ReturnType<typeof findHeldCaseByLink>>>;

function view(
  row: ViewRow,
  how: { access: SharedCase['access']; reveal: ShareReveal[]; sharedAt: string | null },
): SharedCase {
  return {
    reference: row.reference,
    extReportId: row.ext_report_id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    access: how.access,
    reveal: how.reveal,
    sharedAt: how.sharedAt,
    status: row.status,
    reportType: row.report_type,
    serious: row.serious,
    seriousness: row.seriousness,
    country: row.country,
    receiptDate: row.receipt_date,
    reportVersion: row.current_version,
    updatedAt: row.updated_at.toISOString(),
    report: sharedDocument(row.document, how.reveal),
  };
}
