import { randomUUID } from 'node:crypto';
import type {
  FieldError,
  FormVersionDefinition,
  Report,
  ReportBody,
  ReportValidation,
} from '@vigilo/contract';
import { type Actor, decide, type Rule, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit, auditRow } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound, unauthenticated } from '../../platform/errors.ts';
import { type Answer, idempotent, type KeyOwner } from '../../platform/idempotency.ts';
import { languageFromHeader, languageOf } from '../../platform/language.ts';
import { countRecentEmails } from '../../platform/mail.ts';
import { loadForAccess, platformScope, type Scope, scopeFor, systemScope } from '../../platform/scope.ts';
import { organisationCalendar } from '../organisations/organisations.service.ts';
import { linkUploads, mergeEntries, type ReportFile, storeReportFiles } from './reports.attachments.ts';
import { normaliseUnits } from './reports.codes.ts';
import { caseColumns, originOf, withReceiptDates } from './reports.columns.ts';
import { reportReceived } from './reports.emails.ts';
import { isFollowUp, receiveFollowUp, storeVersion } from './reports.follow-up.ts';
import { statusAfterEdit } from './reports.lifecycle.ts';
import { reportPolicy } from './reports.policy.ts';
import { newReference } from './reports.reference.ts';
import {
  deleteReport,
  findFormSchemaFor,
  findFormVersionFor,
  findReport,
  findReportingOrganisation,
  insertReport,
  isMemberOf,
  lockReport,
  type ReportRow,
  toReport,
  updateReport,
} from './reports.repository.ts';
import {
  completenessFindings,
  formFindings,
  formVersionFindings,
  oncePerField,
} from './reports.validation.ts';

/** What intake needs of the request besides its body. */
export interface IntakeRequest {
  requestId: string;
  ip: string;
  acceptLanguage?: string;
  idempotencyKey?: string;
  /** `requestHash()` of method, route and body (platform/idempotency.ts). */
  hash: string;
  /** Files sent with the report (multipart POST /v1/report/post), and the request's origin for their URLs. */
  files?: { list: ReportFile[]; origin: string };
}

type Doc = Record<string, unknown>;
const EMPTY_DOCUMENT: Doc = { schemaVersion: 1, C: {} };

export const reportTarget = (row: ReportRow) => ({
  platformId: row.platform_id,
  organisationIds: [row.organisation_id],
  ...(row.reporter_user_id ? { userId: row.reporter_user_id } : {}),
});

/** The form version a report names, or null when it names none (404-free: an unknown id is a field error). */
async function formVersionOf(
  db: Db,
  scope: Scope,
  target: { platformId: string; organisationId: string },
  id: string | null | undefined,
) {
  if (!id) return null;
  const version = await findFormVersionFor(db, scope, target, id);
  if (!version)
    throw fieldError(
      'body/formViewVersionId',
      'notFound',
      'No published form of this organisation has this id',
    );
  return { ...version, definition: version.definition as FormVersionDefinition };
}

/**
 * The form schema a report names without a form version: another organisation's is refused
 * like one that does not exist (decision 0313), so a case never points at a neighbour's form.
 */
async function formSchemaOf(
  db: Db,
  scope: Scope,
  target: { platformId: string; organisationId: string },
  id: string | null | undefined,
) {
  if (!id) return null;
  if (!(await findFormSchemaFor(db, scope, target, id)))
    throw fieldError('body/formSchemaId', 'notFound', 'No form schema of this organisation has this id');
  return id;
}

interface Checks {
  submitted: boolean;
  reporterIdentified: boolean;
  definition?: FormVersionDefinition;
  language: string;
}

/** Every finding: the form of each value, the form version's questions, the four criteria. */
export function findingsOf(document: unknown, checks: Checks): FieldError[] {
  const byForm = checks.definition ? formVersionFindings(checks.definition, document, checks.language) : [];
  return oncePerField([
    ...formFindings(document),
    // A draft may leave questions unanswered: only what is answered must fit.
    ...(checks.submitted ? byForm : byForm.filter((f) => f.reason !== 'required')),
    ...(checks.submitted ? completenessFindings(document, { identified: checks.reporterIdentified }) : []),
  ]);
}

/** Every problem at once, or nothing: a refused report stores nothing (decision 0075). */
function refuseUnlessValid(document: unknown, checks: Checks): void {
  const fields = findingsOf(document, checks);
  if (fields.length === 0) return;
  const count = fields.length === 1 ? 'one answer needs' : `${fields.length} answers need`;
  throw new AppError(
    'VALIDATION_FAILED',
    `The report cannot be ${checks.submitted ? 'sent' : 'saved'} yet: ${count} attention`,
    { fields },
  );
}

/**
 * Values only the system writes (decision 0250): `source` "XML import" marks an E2B import,
 * "anonymous" (as `source` or `uploadType`) a report sent without an account. A caller of
 * POST/PUT /v1/report may not claim them; a PUT that repeats what the report already holds
 * (the case editor sends the stored `uploadType` back) changes nothing and passes.
 */
const RESERVED = { source: ['xml import', 'anonymous'], uploadType: ['anonymous'] } as const;

function refuseReservedValues(body: ReportBody, stored?: { source: string | null; upload_type: string }) {
  const reserved = (
    field: keyof typeof RESERVED,
    value: string | undefined,
    kept: string | null | undefined,
  ) =>
    value !== undefined &&
    value !== kept &&
    (RESERVED[field] as readonly string[]).includes(value.trim().toLowerCase());
  if (reserved('source', body.source, stored?.source))
    throw fieldError(
      'body/source',
      'notAllowed',
      `The source "${body.source}" is set by Vigilo itself (an E2B import, a report sent without an account): choose another`,
    );
  if (reserved('uploadType', body.uploadType, stored?.upload_type))
    throw fieldError(
      'body/uploadType',
      'notAllowed',
      `The upload type "${body.uploadType}" is set by Vigilo itself for a report sent without an account: choose another`,
    );
}

/** Where the confirmation goes: the address given with the report, the account's, or the first reporter's. */
function recipientOf(actor: Actor | null, body: ReportBody, document: Doc): string | null {
  if (body.email ?? body.emailAddress) return (body.email ?? body.emailAddress)!;
  if (actor && !actor.application) return actor.profile.email || null;
  const sources =
    (document.C as { primarySources?: { email?: unknown }[] } | undefined)?.primarySources ?? [];
  const email = sources
    .map((s) => s.email)
    .find((e): e is string => typeof e === 'string' && e.includes('@'));
  return email ?? null;
}

const ownerOf = (actor: Actor | null, ip: string): KeyOwner =>
  actor?.application
    ? `application:${actor.application.id}`
    : actor
      ? `user:${actor.userId}`
      : `anonymous:${ip}`;

/** The organisation a new report goes to, checked for this caller (or for an anonymous one). */
async function destination(db: Db, actor: Actor | null, body: ReportBody) {
  const organisationId = body.organisationId ?? actor?.organisationId ?? null;
  if (!organisationId)
    throw fieldError('body/organisationId', 'required', 'Choose the organisation the report is for');
  if (!actor) {
    // Public reporting: any organisation of a platform whose settings allow anonymous reports.
    const organisation = await findReportingOrganisation(db, systemScope, organisationId);
    if (!organisation) throw notFound('Organisation');
    if ((organisation.server_configuration as { anonymousReports?: unknown }).anonymousReports !== true)
      throw unauthenticated('Sign in to send a report to this organisation');
    return { organisation, scope: platformScope(organisation.platform_id) };
  }
  const scope = scopeFor(actor);
  const organisation = await findReportingOrganisation(db, scope, organisationId);
  if (!organisation) throw notFound('Organisation');
  const target = { platformId: organisation.platform_id, organisationIds: [organisation.id] };
  requireAccess(actor, reportPolicy.create, target, 'Organisation');
  if (body.userId !== undefined && body.userId !== actor.userId) {
    requireAccess(actor, reportPolicy.createForOthers, target, 'Organisation');
    if (!(await isMemberOf(db, scope, body.userId, organisation.id)))
      throw fieldError('body/userId', 'notFound', 'No member of this organisation has this id');
  }
  return { organisation, scope };
}

/**
 * The ids a new report points at must be ones its sender can see in the same organisation:
 * the report it follows up (`currentReportId`, one the caller may read) and the user who
 * follows it up (a member). Any other id, another tenant's included, is a field error, so
 * a report never links to what its sender could not name.
 */
async function requireLinksVisible(
  db: Db,
  actor: Actor | null,
  scope: Scope,
  organisationId: string,
  body: ReportBody,
) {
  if (body.currentReportId !== undefined) {
    const row = actor ? await findReport(db, scope, body.currentReportId) : undefined;
    const readable =
      actor &&
      row?.organisation_id === organisationId &&
      decide(actor, reportPolicy.read, reportTarget(row)) === 'allow';
    if (!readable) throw fieldError('body/currentReportId', 'notFound', 'No report you can see has this id');
  }
  if (
    body.followUpUserId !== undefined &&
    !(actor && (await isMemberOf(db, scope, body.followUpUserId, organisationId)))
  )
    throw fieldError('body/followUpUserId', 'notFound', 'No member of this organisation has this id');
}

/** POST /v1/report: a new report, sent or kept as a draft; once per Idempotency-Key. */
export async function createReport(
  deps: AppDeps,
  actor: Actor | null,
  body: ReportBody,
  request: IntakeRequest,
): Promise<Answer<Report> & { replayed: boolean }> {
  refuseReservedValues(body);
  const { organisation, scope } = await destination(deps.db, actor, body);
  await requireLinksVisible(deps.db, actor, scope, organisation.id, body);
  if (body.reportXML !== undefined)
    throw fieldError(
      'body/reportXML',
      'notAllowed',
      'Send the case as `report`; E2B XML is loaded by POST /v1/report/load',
    );
  const submitted = (body.status ?? 'submitted') === 'submitted';
  // Units stored as UCUM where recognised (µg → ug, IU → [IU]): decision 0147.
  const given = normaliseUnits((body.report as Doc | undefined) ?? EMPTY_DOCUMENT);
  const recipient = recipientOf(actor, body, given);
  const reporterUserId = actor?.application
    ? (body.userId ?? null)
    : actor
      ? (body.userId ?? actor.userId)
      : null;
  const language =
    actor && !actor.application
      ? languageOf(actor.profile.language)
      : languageFromHeader(request.acceptLanguage);
  const form = await formVersionOf(
    deps.db,
    scope,
    { platformId: organisation.platform_id, organisationId: organisation.id },
    body.formViewVersionId,
  );
  const schemaId = form
    ? null
    : await formSchemaOf(
        deps.db,
        scope,
        { platformId: organisation.platform_id, organisationId: organisation.id },
        body.formSchemaId,
      );
  refuseUnlessValid(given, {
    submitted,
    reporterIdentified: reporterUserId !== null || recipient !== null,
    definition: form?.definition,
    language,
  });
  // Received today in the organisation's calendar, by the database's clock (decision 0318).
  const document = submitted
    ? withReceiptDates(given, (await organisationCalendar(deps.db, organisation.id)).today, true)
    : given;

  // Bytes written by a transaction that then rolls back are removed again (best effort).
  const written: string[] = [];
  const undoFiles = async (error: unknown) => {
    await Promise.allSettled(written.map((key) => deps.storage.remove(key)));
    throw error;
  };
  // Files make the work costly: a retry with them looks its key up before doing it again.
  const withFiles = request.files !== undefined || (body.attachmentFields ?? []).some((e) => e.hasFile);
  return idempotent(
    deps.db,
    {
      owner: ownerOf(actor, request.ip),
      key: request.idempotencyKey,
      hash: request.hash,
      lookFirst: withFiles,
    },
    async (tx) => {
      const values = {
        id: randomUUID(),
        platformId: organisation.platform_id,
        organisationId: organisation.id,
        reference: '',
        status: submitted ? 'received' : 'draft',
        reporterUserId,
        applicationId: actor?.application?.id ?? null,
        anonymous: actor === null,
        reporterEmail: body.email ?? body.emailAddress ?? null,
        reporterLanguage: language,
        formViewId: form?.form_view_id ?? null,
        formViewVersionId: form?.id ?? null,
        formSchemaId: form?.form_schema_id ?? schemaId ?? null,
        source: body.source ?? null,
        sourceId: body.sourceId ?? null,
        extReportId: body.extReportId ?? null,
        name: body.name ?? null,
        uploadType: body.uploadType,
        followUpUserId: body.followUpUserId ?? null,
        currentReportId: body.currentReportId ?? null,
        submitted,
        origin: originOf({
          imported: false,
          applicationId: actor?.application?.id ?? null,
          audience: form?.audience ?? null,
          anonymous: actor === null,
          document,
        }),
        ...(await caseColumns(tx, document, organisation.id)),
      };
      const { id } = values;
      const owner = {
        reportId: id,
        platformId: organisation.platform_id,
        organisationId: organisation.id,
        createdBy: actor?.userId ?? null,
        requestId: request.requestId,
      };
      // Files first (their rows name the report's id, drawn above), then the report in one statement.
      await linkUploads(tx, deps.storage, scope, owner, body.attachmentFields ?? []);
      const stored = request.files
        ? await storeReportFiles(
            tx,
            deps.storage,
            scope,
            owner,
            request.files.list,
            request.files.origin,
            written,
          )
        : [];
      const attachments = mergeEntries(body.attachmentFields ?? [], stored);
      const first = { document, attachments, createdBy: actor?.userId ?? null };
      // A reference already used on the platform is drawn again (one in 10^10 per report).
      let inserted: Awaited<ReturnType<typeof insertReport>> = null;
      for (let attempt = 0; inserted === null; attempt++) {
        if (attempt === 5) throw new AppError('CONFLICT', 'No free reference number was found: try again');
        values.reference = newReference();
        const audited = await auditRow({
          action: submitted ? 'report.submitted' : 'report.draft_saved',
          entityType: 'report',
          entityId: id,
          platformId: organisation.platform_id,
          organisationId: organisation.id,
          actorUserId: actor?.userId ?? null,
          after: { reference: values.reference, status: values.status, reportVersion: 1 },
          details: {
            anonymous: actor === null,
            ...(actor?.application ? { applicationId: actor.application.id } : {}),
          },
          requestId: request.requestId,
        });
        inserted = await insertReport(tx, scope, values, first, audited);
      }
      const reference = values.reference;
      if (submitted && recipient && (actor || (await strangerMayMail(tx, recipient, organisation))))
        await sendConfirmation(deps, tx, recipient, language, reference, organisation);
      const report: Report = {
        id,
        reference,
        platformId: values.platformId,
        organisationId: values.organisationId,
        status: values.status,
        anonymous: values.anonymous,
        reporterUserId: values.reporterUserId,
        formViewId: values.formViewId,
        formViewVersionId: values.formViewVersionId,
        formSchemaId: values.formSchemaId,
        source: values.source,
        sourceId: values.sourceId,
        extReportId: values.extReportId,
        name: values.name,
        uploadType: values.uploadType,
        receiptDate: values.receipt_date,
        reportType: values.report_type,
        serious: values.serious,
        seriousness: values.seriousness,
        country: values.country,
        reportVersion: 1,
        report: document,
        attachmentFields: attachments,
        submittedAt: inserted.submitted_at?.toISOString() ?? null,
        createdAt: inserted.created_at.toISOString(),
        updatedAt: inserted.updated_at.toISOString(),
        version: inserted.version,
      };
      return { statusCode: 201, body: report };
    },
  ).catch(undoFiles);
}

/** Confirmations of anonymous reports one address gets in an hour at most (decision 0329). */
export const ANONYMOUS_CONFIRMATIONS_PER_HOUR = 3;

/**
 * Whether an anonymous report may still mail its confirmation to `to`: a stranger can name
 * any address, so each address gets at most ANONYMOUS_CONFIRMATIONS_PER_HOUR an hour; past
 * that the report is still taken, without its mail (decision 0329).
 */
const strangerMayMail = async (tx: Db, to: string, organisation: { platform_id: string }) =>
  (await countRecentEmails(
    tx,
    { to, template: 'report.received', platformId: organisation.platform_id },
    3600,
  )) < ANONYMOUS_CONFIRMATIONS_PER_HOUR;

async function sendConfirmation(
  deps: AppDeps,
  tx: Db,
  to: string,
  language: ReturnType<typeof languageOf>,
  reference: string,
  organisation: { id: string; platform_id: string },
) {
  await deps.mailer.send(tx, {
    to,
    ...reportReceived[language]({ reference }),
    template: 'report.received',
    platformId: organisation.platform_id,
    organisationId: organisation.id,
  });
}

/**
 * PUT /v1/report/{id}: a new version of the case document (a draft resumed, a draft sent, a
 * sent report completed). A sent report never becomes a draft again.
 */
export async function updateReportById(
  deps: AppDeps,
  actor: Actor,
  id: string,
  body: ReportBody,
  request: { requestId: string; expectedVersion?: number },
): Promise<Report> {
  const row = await loadForAccess(deps.db, actor, findReport, id, {
    rule: reportPolicy.update,
    what: 'Report',
    target: reportTarget,
  });
  refuseReservedValues(body, row);
  if (body.organisationId !== undefined && body.organisationId !== row.organisation_id)
    throw fieldError(
      'body/organisationId',
      'notAllowed',
      'A report stays with its organisation: reassign it instead',
    );
  if (body.reportXML !== undefined)
    throw fieldError(
      'body/reportXML',
      'notAllowed',
      'Send the case as `report`; E2B XML is loaded by POST /v1/report/load',
    );
  // `status: "submitted"` is the sender's "send it": a sent report is received, then follows
  // its lifecycle (reports.lifecycle.ts), which a new version does not move (decision 0100).
  const status = statusAfterEdit(row.status, body.status);
  const submitted = status !== 'draft';
  const given = normaliseUnits((body.report as Doc | undefined) ?? (row.document as Doc));
  const recipient = recipientOf(row.reporter_user_id === actor.userId ? actor : null, body, given);
  const scope = scopeFor(actor);
  const form = await formVersionOf(
    deps.db,
    scope,
    { platformId: row.platform_id, organisationId: row.organisation_id },
    body.formViewVersionId ?? row.form_view_version_id,
  );
  const schemaId = form
    ? null
    : await formSchemaOf(
        deps.db,
        scope,
        { platformId: row.platform_id, organisationId: row.organisation_id },
        body.formSchemaId,
      );
  refuseUnlessValid(given, {
    submitted,
    reporterIdentified: row.reporter_user_id !== null || row.reporter_email !== null || recipient !== null,
    definition: form?.definition,
    language: languageOf(actor.profile.language),
  });
  // The reporter's change to a sent report is follow-up information, never a rewrite (decision 0250).
  // Today in the organisation's calendar, by the database's clock (decision 0318).
  const { today } = await organisationCalendar(deps.db, row.organisation_id);
  if (isFollowUp(actor, row)) return receiveFollowUp(deps, actor, row, given, body, { ...request, today });
  const document = submitted ? withReceiptDates(given, today, row.submitted_at === null) : given;

  return withTransaction(deps.db, async (tx) => {
    await requireVersion(tx, 'reports', id, request.expectedVersion, async () =>
      toReport((await findReport(tx, scope, id))!),
    );
    const locked = await lockReport(tx, scope, id);
    if (!locked) throw notFound('Report');
    if (statusAfterEdit(locked.status, body.status) !== status)
      throw new AppError('CONFLICT', 'The report changed meanwhile: read it again');
    const version = locked.current_version + 1;
    const firstSend = submitted && locked.submitted_at === null;
    await storeVersion(tx, deps.storage, scope, {
      row,
      actorUserId: actor.userId,
      requestId: request.requestId,
      version,
      document,
      attachmentFields: body.attachmentFields,
    });
    const columns = await caseColumns(tx, document, row.organisation_id);
    // The event moves the status (decision 0253): an assigned case whose every reaction is now
    // coded is coded, audited as the lifecycle's step.
    const coded = locked.status === 'assigned' && status === 'assigned' && columns.reactions_coded;
    await updateReport(tx, scope, id, {
      status: coded ? 'coded' : status,
      currentVersion: version,
      submitNow: firstSend,
      formViewId: form?.form_view_id ?? row.form_view_id,
      formViewVersionId: form?.id ?? row.form_view_version_id,
      formSchemaId: form?.form_schema_id ?? schemaId ?? row.form_schema_id,
      source: body.source ?? row.source,
      sourceId: body.sourceId ?? row.source_id,
      extReportId: body.extReportId ?? row.ext_report_id,
      name: body.name ?? row.name,
      uploadType: body.uploadType,
      ...columns,
    });
    if (coded)
      await audit(tx, {
        action: 'report.status_changed',
        entityType: 'report',
        entityId: id,
        platformId: row.platform_id,
        organisationId: row.organisation_id,
        actorUserId: actor.userId,
        before: { status: 'assigned' },
        after: { status: 'coded' },
        details: { by: 'every reaction coded' },
        requestId: request.requestId,
      });
    await audit(tx, {
      action: firstSend ? 'report.submitted' : 'report.updated',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { status: row.status, reportVersion: locked.current_version },
      after: { status, reportVersion: version },
      requestId: request.requestId,
    });
    if (firstSend && recipient) {
      // The reporter's language: its account's when it sends its own draft, else the one kept at intake.
      const language = languageOf(
        row.reporter_user_id === actor.userId ? actor.profile.language : row.reporter_language,
      );
      await sendConfirmation(deps, tx, recipient, language, row.reference, {
        id: row.organisation_id,
        platform_id: row.platform_id,
      });
    }
    return toReport((await findReport(tx, scope, id))!);
  });
}

/** DELETE /v1/report/draft/{id}: a draft goes for good (a sent report is never deleted here). */
export async function deleteDraft(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await loadForAccess(db, actor, findReport, id, {
    rule: reportPolicy.deleteDraft,
    what: 'Report',
    target: reportTarget,
  });
  if (row.status !== 'draft')
    throw new AppError('INVALID_TRANSITION', 'Only a draft can be deleted here; this report has been sent');
  await withTransaction(db, async (tx) => {
    await deleteReport(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'report.draft_deleted',
      entityType: 'report',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { reference: row.reference, status: row.status, reportVersion: row.current_version },
      requestId,
    });
  });
}

/** GET /v1/report/validate/{id}: the findings a submission of the stored report would get, now. */
export async function validateStoredReport(db: Db, actor: Actor, id: string): Promise<ReportValidation> {
  const row = await loadForAccess(db, actor, findReport, id, {
    rule: reportPolicy.read,
    what: 'Report',
    target: reportTarget,
  });
  const form = await formVersionOf(
    db,
    scopeFor(actor),
    { platformId: row.platform_id, organisationId: row.organisation_id },
    row.form_view_version_id,
  );
  const fields = findingsOf(row.document, {
    submitted: true,
    reporterIdentified: row.reporter_user_id !== null || hasEmail(row),
    definition: form?.definition,
    language: languageOf(actor.profile.language),
  });
  return { id: row.id, status: row.status, valid: fields.length === 0, fields };
}

const hasEmail = (row: ReportRow) =>
  row.reporter_email !== null || recipientOf(null, {} as ReportBody, row.document as Doc) !== null;

/** The scope of a list under `rule`, refusing (403) a caller to whom the rule grants nothing. */
export function listScope(actor: Actor, rule: Rule): Scope {
  const scope = scopeFor(actor, rule);
  if (scope.organisationIds !== null && scope.organisationIds.length === 0)
    throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  return scope;
}
