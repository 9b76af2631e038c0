import type {
  CaseDocument,
  E2bDraftValidationBody,
  E2bProfile,
  E2bValidation,
  Json2XmlBody,
  Report,
  ReportXmlBody,
} from '@vigilo/contract';
import { ciomsMeddraTerms, exportBatch, importBatch, renderCiomsI, validate } from '@vigilo/e2b';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { meddraTermNames } from '../meddra/meddra.service.ts';
import { statusAfterEdit } from '../reports/reports.lifecycle.ts';
import { reportTarget } from '../reports/reports.service.ts';
import {
  findReport,
  findReportingOrganisation,
  lockReport,
  type ReportRow,
  toReport,
} from '../reports/reports.shared.ts';
import { formFindings } from '../reports/reports.validation.ts';
import { writeReportVersion } from '../reports/reports.versions.ts';
import { exportRefusal, findingLanguage, refuseFields, toFinding, xmlRefusal } from './e2b.findings.ts';
import { defaultReceiverOf, headersFor, type ReceiverHeaders } from './e2b.headers.ts';
import { keepWhatArrives } from './e2b.intake.ts';
import { messageCaseOf, messageTargetOf } from './e2b.message-case.ts';
import { e2bPolicy } from './e2b.policy.ts';
import { referenceFor } from './e2b.reference.ts';
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
  message: { id: string; organisationId: string; senderId?: string },
  receiver: ReceiverHeaders,
  at?: Date,
) {
  const { batch, header } = headersFor(message, receiver, document, at);
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

/** Who asks, for the audit row of a C.1.1 assigned by their request. */
const assignerOf = (actor: Actor, requestId: string) => ({
  actorUserId: actor.application ? null : actor.userId,
  requestId,
});

/**
 * The message of a stored case for the profile the caller names (its regulator's
 * identifiers), else for the organisation's default receiver (decision 0200): the message
 * case (decision 0240) of the stored document, or of `draft` when given (nothing is kept).
 */
async function messageOf(
  db: Db,
  row: ReportRow,
  requested: E2bProfile | undefined,
  options: { draft?: CaseDocument; assign?: ReturnType<typeof assignerOf> },
) {
  const target = await messageTargetOf(db, row, requested);
  const at = new Date();
  const written = await messageCaseOf(db, row, {
    at,
    ...(options.draft ? { document: options.draft } : {}),
    ...(target.deadlines ? { deadlines: target.deadlines } : {}),
    ...(options.assign ? { assign: options.assign } : {}),
  });
  const message = { id: messageIdOf(row), organisationId: row.organisation_id, senderId: written.senderId };
  const profile = target.headers.profile;
  const reference = await referenceFor(db, profile, written.document);
  return {
    ...write(written.document, message, target.headers, at),
    profile,
    receiver: target.receiver,
    reference,
  };
}

/**
 * The message of a case the caller already reached, for the organisation's default receiver
 * (ICH without one), its C.1.1 kept: what the gates check (decision 0244).
 */
export const caseMessage = (db: Db, actor: Actor, row: ReportRow, requestId: string) =>
  messageOf(db, row, undefined, { assign: assignerOf(actor, requestId) });

/** GET /v1/report/{id}/xml: the stored case as E2B(R3), checked against the receiver's profile. */
export async function reportXml(
  db: Db,
  actor: Actor,
  id: string,
  requested: E2bProfile | undefined,
  requestId: string,
): Promise<CaseXml> {
  const row = await readable(db, actor, id);
  const { xml, profile, reference } = await messageOf(db, row, requested, {
    assign: assignerOf(actor, requestId),
  });
  const report = validate(xml, profile, { reference });
  const errors = [...report.findings, ...report.cases.flatMap((c) => c.findings)].filter(
    (f) => f.severity === 'error',
  ).length;
  return { xml, fileName: `${row.reference}.xml`, profile, errors };
}

/** The findings of the three layers for a message, in the caller's language. */
function findingsOf(actor: Actor, row: ReportRow, message: Awaited<ReturnType<typeof messageOf>>) {
  const report = validate(message.xml, message.profile, {
    language: findingLanguage(actor),
    reference: message.reference,
  });
  const findings = [...report.findings, ...report.cases.flatMap((c) => c.findings)].map(toFinding);
  return { id: row.id, profile: message.profile, valid: report.valid, findings };
}

/** GET /v1/report/{id}/xml/validation: the findings of the three layers for the chosen profile. */
export async function validateReportXml(
  db: Db,
  actor: Actor,
  id: string,
  requested: E2bProfile | undefined,
  requestId: string,
): Promise<E2bValidation> {
  const row = await readable(db, actor, id);
  return findingsOf(
    actor,
    row,
    await messageOf(db, row, requested, { assign: assignerOf(actor, requestId) }),
  );
}

/**
 * POST /v1/report/{id}/xml/validation: the findings of the case form's unsaved document, as
 * its message would be written for the chosen profile (decision 0243). Nothing is stored: not
 * the document, not a C.1.1 (the one the case would get is written).
 */
export async function validateDraftXml(
  db: Db,
  actor: Actor,
  id: string,
  body: E2bDraftValidationBody,
): Promise<E2bValidation> {
  const row = await readable(db, actor, id);
  refuseFields(formFindings(body.report), 'The case cannot be written as E2B(R3)');
  const draft = body.report as CaseDocument;
  return findingsOf(actor, row, await messageOf(db, row, body.profile, { draft }));
}

/** GET /v1/report/{id}/cioms: the CIOMS I form of the stored case (its message case), as a PDF. */
export async function reportCioms(db: Db, actor: Actor, id: string, requestId: string) {
  const row = await readable(db, actor, id);
  const target = await messageTargetOf(db, row, undefined);
  const { document } = await messageCaseOf(db, row, {
    at: new Date(),
    ...(target.deadlines ? { deadlines: target.deadlines } : {}),
    assign: assignerOf(actor, requestId),
  });
  // The names of its MedDRA terms in the case's release (decision 0233), looked up once.
  const terms = ciomsMeddraTerms(document);
  const found = await meddraTermNames(db, terms);
  const names = new Map(terms.map((t, i) => [`${t.version} ${t.code}`, found[i] ?? undefined]));
  const pdf = await renderCiomsI(document, { meddra: (t) => names.get(`${t.version} ${t.code}`) });
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
  // What does not fit is set aside and kept with the import record, not refused (decision 0222).
  const intake = keepWhatArrives(only, findingLanguage(actor));
  const document = intake.document;
  refuseFields(
    intake.refused.map((f) => ({ ...f, field: `body/reportXML/case${f.field}` })),
    'The case in the XML cannot be stored',
  );

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
      kept: intake.kept,
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
        ...(intake.kept.length ? { keptAside: intake.kept.length } : {}),
        ...(actor.application ? { applicationId: actor.application.id } : {}),
      },
      requestId: request.requestId,
    });
    const updated = await findReport(tx, scope, id);
    if (!updated) throw new AppError('CONFLICT', 'The report changed while it was being saved: try again');
    return toReport(updated);
  });
}
