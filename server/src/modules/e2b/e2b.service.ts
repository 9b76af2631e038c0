import type {
  CaseDocument,
  E2bProfile,
  E2bValidation,
  Json2XmlBody,
  Report,
  ReportXmlBody,
} from '@vigilo/contract';
import { exportBatch, importBatch, renderCiomsI, validate } from '@vigilo/e2b';
import type { AppDeps } from '../../app.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { statusAfterEdit } from '../reports/reports.lifecycle.ts';
import {
  findReport,
  findReportingOrganisation,
  lockReport,
  type ReportRow,
  toReport,
} from '../reports/reports.repository.ts';
import { reportTarget } from '../reports/reports.service.ts';
import { formFindings } from '../reports/reports.validation.ts';
import { writeReportVersion } from '../reports/reports.versions.ts';
import { exportRefusal, findingLanguage, refuseFields, toFinding, xmlRefusal } from './e2b.findings.ts';
import { defaultReceiverOf, headersFor, type ReceiverHeaders, regulatorOf } from './e2b.headers.ts';
import { e2bPolicy } from './e2b.policy.ts';
import { insertXmlImport } from './e2b.repository.ts';

/** The case of a stored report, written as E2B(R3) (decision 0095). */
export interface CaseXml {
  xml: string;
  fileName: string;
  profile: E2bProfile;
  /** Findings of severity `error` the receiver's profile would reject it for. */
  errors: number;
}

const messageIdOf = (row: ReportRow) => `${row.reference}-${row.current_version}`;

function write(
  document: CaseDocument,
  message: { id: string; organisationId: string },
  receiver: ReceiverHeaders,
) {
  const { batch, header } = headersFor(message, receiver);
  try {
    return { xml: exportBatch(batch, [{ header, document }]), batch, header };
  } catch (error) {
    return exportRefusal(error, 'report');
  }
}

/** POST /v1/reports/json2xml: a case document as an E2B(R3) message (nothing stored). */
export async function caseToXml(db: Db, actor: Actor, body: Json2XmlBody): Promise<string> {
  const organisationId = body.organisationId ?? actor.organisationId;
  if (!organisationId)
    throw fieldError('body/organisationId', 'required', 'Choose the organisation that sends the case');
  const organisation = await findReportingOrganisation(db, scopeFor(actor), organisationId);
  if (!organisation) throw notFound('Organisation');
  requireAccess(
    actor,
    e2bPolicy.convert,
    { platformId: organisation.platform_id, organisationIds: [organisation.id] },
    'Organisation',
  );
  refuseFields(formFindings(body.report), 'The case cannot be written as E2B(R3)');
  const id = crypto.randomUUID();
  const receiver = await defaultReceiverOf(db, { platformId: organisation.platform_id, organisationId });
  return write(body.report as CaseDocument, { id, organisationId }, receiver).xml;
}

async function readable(db: Db, actor: Actor, id: string) {
  return loadForAccess(db, actor, findReport, id, {
    rule: e2bPolicy.read,
    what: 'Report',
    target: reportTarget,
  });
}

/**
 * Whom a stored case is written for: the profile the caller names, with its regulator's
 * identifiers, else the organisation's default receiver (decision 0200).
 */
const receiverFor = (db: Db, row: ReportRow, profile: E2bProfile | undefined) =>
  profile
    ? regulatorOf(profile)
    : defaultReceiverOf(db, { platformId: row.platform_id, organisationId: row.organisation_id });

/** GET /v1/report/{id}/xml: the stored case as E2B(R3), checked against the receiver's profile. */
export async function reportXml(db: Db, actor: Actor, id: string, requested?: E2bProfile): Promise<CaseXml> {
  const row = await readable(db, actor, id);
  const receiver = await receiverFor(db, row, requested);
  const profile = receiver.profile;
  const message = { id: messageIdOf(row), organisationId: row.organisation_id };
  const { xml } = write(row.document as CaseDocument, message, receiver);
  const report = validate(xml, profile);
  const errors = [...report.findings, ...report.cases.flatMap((c) => c.findings)].filter(
    (f) => f.severity === 'error',
  ).length;
  return { xml, fileName: `${row.reference}.xml`, profile, errors };
}

/** GET /v1/report/{id}/xml/validation: the findings of the three layers for the chosen profile. */
export async function validateReportXml(
  db: Db,
  actor: Actor,
  id: string,
  requested?: E2bProfile,
): Promise<E2bValidation> {
  const row = await readable(db, actor, id);
  const receiver = await receiverFor(db, row, requested);
  const profile = receiver.profile;
  const { batch, header } = headersFor(
    { id: messageIdOf(row), organisationId: row.organisation_id },
    receiver,
  );
  const report = validate(
    { batch, messages: [{ header, document: row.document as CaseDocument }] },
    profile,
    {
      language: findingLanguage(actor),
    },
  );
  const findings = [...report.findings, ...report.cases.flatMap((c) => c.findings)].map(toFinding);
  return { id: row.id, profile, valid: report.valid, findings };
}

/** GET /v1/report/{id}/cioms: the CIOMS I form of the stored case, as a PDF. */
export async function reportCioms(db: Db, actor: Actor, id: string) {
  const row = await readable(db, actor, id);
  const pdf = await renderCiomsI(row.document as CaseDocument);
  return { pdf: Buffer.from(pdf), fileName: `${row.reference}-CIOMS-I.pdf` };
}

/**
 * PUT /v1/report/{id}/xml: the case read from an E2B(R3) message holding it alone becomes the
 * report's next version; the list columns are rewritten from it in the same transaction.
 * The version is written by the reports area's `writeReportVersion` (decision 0103); this
 * area adds what the XML held that did not map and its own audit action.
 */
export async function updateReportFromXml(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: ReportXmlBody,
  request: { requestId: string; expectedVersion?: number },
): Promise<Report> {
  const row = await loadForAccess(deps.db, actor, findReport, id, {
    rule: e2bPolicy.update,
    what: 'Report',
    target: reportTarget,
  });
  // A nullified or duplicate case takes no new version until it is reopened (decision 0100).
  statusAfterEdit(row.status, undefined);
  let imported: ReturnType<typeof importBatch>;
  try {
    imported = importBatch(body.reportXML, { maxBytes: deps.config.e2bMaxBytes });
  } catch (error) {
    xmlRefusal(error, 'body/reportXML');
  }
  const [only, ...more] = imported.cases;
  if (!only || more.length > 0)
    throw fieldError(
      'body/reportXML',
      'invalid',
      `The message must hold exactly one case (PORR_IN049016UV); it holds ${imported.cases.length}`,
    );
  const document = only.document;
  refuseFields(formFindings(document, 'body/reportXML/case'), 'The case in the XML cannot be stored');

  const scope = scopeFor(actor);
  return withTransaction(deps.db, async (tx) => {
    await requireVersion(tx, 'reports', id, request.expectedVersion, async () =>
      toReport((await findReport(tx, scope, id))!),
    );
    const locked = await lockReport(tx, scope, id);
    if (!locked) throw notFound('Report');
    // A nullified or duplicate case takes no new version; any other keeps its status.
    statusAfterEdit(locked.status, undefined);
    const version = await writeReportVersion(
      tx,
      scope,
      { id, platformId: row.platform_id, organisationId: row.organisation_id },
      document as Record<string, unknown>,
      { createdBy: actor.application ? null : actor.userId },
    );
    if (version === null) throw notFound('Report');
    await insertXmlImport(tx, scope, {
      reportId: id,
      version,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      fileName: null,
      unmapped: [...imported.unmapped, ...only.unmapped],
      createdBy: actor.application ? null : actor.userId,
    });
    await audit(tx, {
      action: 'report.updated_from_xml',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { reportVersion: locked.current_version },
      after: { reportVersion: version },
      details: {
        unmapped: imported.unmapped.length + only.unmapped.length,
        ...(actor.application ? { applicationId: actor.application.id } : {}),
      },
      requestId: request.requestId,
    });
    const updated = await findReport(tx, scope, id);
    if (!updated) throw new AppError('CONFLICT', 'The report changed while it was being saved: try again');
    return toReport(updated);
  });
}
