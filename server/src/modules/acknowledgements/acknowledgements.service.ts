import type {
  AckJson,
  Acknowledgement,
  AcknowledgementBody,
  AckToXmlBody,
  DownloadUrl,
} from '@vigilo/contract';
import {
  type Acknowledgement as AckInput,
  acknowledgementSchemaErrors,
  buildAcknowledgement,
  parseAcknowledgement,
} from '@vigilo/e2b';
import yazl from 'yazl';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { loadForAccess, rowTarget, scopeFor, systemScope } from '../../platform/scope.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { exportRefusal, xmlRefusal } from '../e2b/e2b.findings.ts';
import { reportTarget } from '../reports/reports.service.ts';
import { findReport, type ReportRow } from '../reports/reports.shared.ts';
import { keepResponse } from '../submissions/submissions.responses.ts';
import { acknowledgementPolicy } from './acknowledgements.policy.ts';
import {
  type AcknowledgementRow,
  findAcknowledgement,
  findAcknowledgementXml,
  insertAcknowledgement,
  listReportAcknowledgements,
} from './acknowledgements.repository.ts';

/** Where the XML of acknowledgements is served to a browser by a signed link (G-7, decision 0098). */
export const ACK_XML_PATH = '/v1/acknowledgements/xml';
/** How long such a link works: long enough to click, too short to pass around. */
export const ACK_LINK_TTL_SECONDS = 300;
const FORM_SCHEMA = 'MCCI_IN200101UV01';

/** What a request gives the service besides its body. */
export interface AckContext {
  deps: AppDeps;
  signer: UrlSigner;
  origin: string;
  requestId: string;
}

/**
 * An acknowledgement from `ack` (its XML, read with the hardened parser) or `ackJSON` (written
 * with the library): exactly one of them, and the XML must follow the ICH schema.
 */
function readAcknowledgement(
  body: { ack?: string; ackJSON?: AckJson },
  maxBytes: number,
): { json: AckJson; xml: string } {
  if ((body.ack === undefined) === (body.ackJSON === undefined))
    throw fieldError(
      'body/ack',
      'required',
      'Send the acknowledgement as `ack` (its XML) or as `ackJSON`, one of them',
    );
  const field = body.ack !== undefined ? 'body/ack' : 'body/ackJSON';
  let xml: string;
  if (body.ack !== undefined) xml = body.ack;
  else {
    const { reports, ...batch } = body.ackJSON!;
    try {
      xml = buildAcknowledgement({
        ...batch,
        reports: reports.map(({ messages: _m, ...r }) => r),
      } as AckInput);
    } catch (error) {
      exportRefusal(error, field);
    }
  }
  let parsed: ReturnType<typeof parseAcknowledgement>;
  try {
    parsed = parseAcknowledgement(xml, { maxBytes });
  } catch (error) {
    xmlRefusal(error, field);
  }
  const schema = acknowledgementSchemaErrors(xml, { maxBytes });
  if (schema.length > 0)
    throw new AppError(
      'VALIDATION_FAILED',
      'The acknowledgement does not follow the ICH schema (MCCI_IN200101UV01)',
      {
        fields: schema
          .slice(0, 20)
          .map((e) => ({ field, message: `line ${e.line}: ${e.message}`, reason: 'invalid' })),
      },
    );
  const { unmapped: _u, ...json } = parsed;
  return { json: json as AckJson, xml };
}

/**
 * The code of the part of the acknowledgement that names this report: ACK.B.r.1 holds the
 * report's message number, which receivers write as C.1.1, Vigilo's message id
 * (`<reference>-<version>`), or both separated by a space (the FDA's own examples).
 */
function codeFor(json: AckJson, row: ReportRow): string | null {
  const c = (row.document as { C?: { senderSafetyReportId?: unknown } }).C;
  const ours = (token: string) =>
    token === c?.senderSafetyReportId ||
    // `<reference>-<version>`, or the message id of a distribution (`<reference>-<version>-<8 hex>`).
    (token.startsWith(`${row.reference}-`) &&
      /^\d+(-[0-9a-f]{8})?$/.test(token.slice(row.reference.length + 1)));
  return json.reports.find((r) => (r.icsrMessageNumber ?? '').split(/\s+/).some(ours))?.code ?? null;
}

const linkTo = (ctx: AckContext, ids: readonly string[]) =>
  `${ctx.origin}${ctx.signer.sign(ACK_XML_PATH, { ids: ids.join(',') }, ACK_LINK_TTL_SECONDS)}`;

function toAcknowledgement(ctx: AckContext, row: AcknowledgementRow): Acknowledgement {
  return {
    id: row.id,
    reportId: row.report_id,
    platformId: row.platform_id,
    organisationId: row.organisation_id,
    status: row.status as Acknowledgement['status'],
    formSchema: row.form_schema,
    code: row.code,
    reportCode: row.report_code,
    ackJSON: row.ack as AckJson,
    xmlUrl: linkTo(ctx, [row.id]),
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
  };
}

/** POST /v1/acknowledgements: records an acknowledgement of a report (received from, or sent to, another party). */
export async function createAcknowledgement(
  ctx: AckContext,
  actor: Actor,
  body: AcknowledgementBody,
): Promise<Acknowledgement> {
  const { db, config } = ctx.deps;
  const report = await loadForAccess(db, actor, findReport, body.reportId, {
    rule: acknowledgementPolicy.create,
    what: 'Report',
    target: reportTarget,
  });
  const { json, xml } = readAcknowledgement(body, config.e2bMaxBytes);
  const scope = scopeFor(actor);
  const received = (body.status ?? 'received') === 'received';
  const named = [
    ...new Set(json.reports.flatMap((r) => (r.icsrMessageNumber ?? '').split(/\s+/).filter(Boolean))),
  ];
  // One path (decision 0252): an acknowledgement that names none of this case's messages is not
  // recorded against it silently.
  if (received && codeFor(json, report) === null && body.confirm !== true)
    throw new AppError(
      'ACK_OTHER_MESSAGE',
      named.length === 0
        ? 'This acknowledgement names no message. Keep it as unmatched on "Acknowledgements received", or confirm that it is for this case'
        : `This acknowledgement names ${named.join(', ')}, not a message of this case. Keep it as unmatched on "Acknowledgements received", or confirm that it is for this case`,
      { messageIds: named },
    );
  return withTransaction(db, async (tx) => {
    const values = {
      platformId: report.platform_id,
      organisationId: report.organisation_id,
      reportId: report.id,
      status: body.status ?? 'received',
      formSchema: body.formSchema ?? FORM_SCHEMA,
      code: json.code,
      reportCode: codeFor(json, report),
      ack: json,
      xml,
      createdBy: actor.application ? null : actor.userId,
    };
    const id = await insertAcknowledgement(tx, scope, values);
    // The same as "Acknowledgements received": matched by message id, the submissions' statuses
    // set, a rejection back to the inbox, kept in the organisation's responses.
    if (received && values.reportCode !== null)
      await keepResponse(
        tx,
        config,
        scope,
        { id: report.organisation_id, platform_id: report.platform_id },
        { kind: 'acknowledgement', xml },
        {
          via: 'api',
          receiverId: null,
          as2MessageId: null,
          contentType: null,
          createdBy: actor.application ? null : actor.userId,
          actorUserId: actor.userId,
          applicationId: actor.application?.id ?? null,
          requestId: ctx.requestId,
        },
      );
    await audit(tx, {
      action: 'acknowledgement.recorded',
      entityType: 'acknowledgement',
      entityId: id,
      platformId: report.platform_id,
      organisationId: report.organisation_id,
      actorUserId: actor.userId,
      after: { reportId: report.id, status: values.status, code: values.code, reportCode: values.reportCode },
      details: actor.application ? { applicationId: actor.application.id } : undefined,
      requestId: ctx.requestId,
    });
    const row = await findAcknowledgement(tx, scope, id);
    if (!row) throw notFound('Acknowledgement');
    return toAcknowledgement(ctx, row);
  });
}

/** GET /v1/acknowledgements/report/{reportId}: a report's acknowledgements, newest first. */
export async function reportAcknowledgements(ctx: AckContext, actor: Actor, reportId: string) {
  const { db } = ctx.deps;
  await loadForAccess(db, actor, findReport, reportId, {
    rule: acknowledgementPolicy.list,
    what: 'Report',
    target: reportTarget,
  });
  const rows = await listReportAcknowledgements(db, scopeFor(actor), reportId);
  return rows.map((row) => toAcknowledgement(ctx, row));
}

/** GET /v1/acknowledgements/{id}. */
export async function getAcknowledgement(ctx: AckContext, actor: Actor, id: string) {
  const row = await loadForAccess(ctx.deps.db, actor, findAcknowledgement, id, {
    rule: acknowledgementPolicy.read,
    what: 'Acknowledgement',
    target: rowTarget,
  });
  return toAcknowledgement(ctx, row);
}

/** POST /v1/acknowledgements/json2xml: the acknowledgement as ICH XML (nothing stored). */
export function acknowledgementXml(deps: AppDeps, actor: Actor, body: AckToXmlBody): string {
  requireAccess(
    actor,
    acknowledgementPolicy.convert,
    { platformId: actor.platformId, organisationIds: actor.organisationId ? [actor.organisationId] : [] },
    'Organisation',
  );
  return readAcknowledgement(body, deps.config.e2bMaxBytes).xml;
}

/** POST /v1/acknowledgements/xml-url: a signed link to the XML of these acknowledgements (all must be readable). */
export async function acknowledgementXmlUrl(
  ctx: AckContext,
  actor: Actor,
  ids: readonly string[],
): Promise<DownloadUrl> {
  const unique = [...new Set(ids)];
  const rows = await findAcknowledgementXml(ctx.deps.db, scopeFor(actor), unique);
  if (rows.length !== unique.length) throw notFound('Acknowledgement');
  for (const row of rows) requireAccess(actor, acknowledgementPolicy.read, rowTarget(row), 'Acknowledgement');
  return {
    url: linkTo(ctx, unique),
    // Informative only: the link's own `exp` is what is checked.
    expiresAt: new Date(Date.now() + ACK_LINK_TTL_SECONDS * 1000).toISOString(),
  };
}

/**
 * GET /v1/acknowledgements/xml behind a verified link: one id answers its XML, several a zip
 * of one XML file each. The signature proved the caller's right when the link was made.
 */
export async function acknowledgementDownload(db: Db, ids: readonly string[]) {
  const rows = await findAcknowledgementXml(db, systemScope, ids);
  if (rows.length === 0) throw notFound('Acknowledgement');
  if (rows.length === 1)
    return {
      body: rows[0]!.xml,
      fileName: `acknowledgement-${rows[0]!.id}.xml`,
      contentType: 'application/xml; charset=utf-8',
    };
  const zip = new yazl.ZipFile();
  for (const row of rows) zip.addBuffer(Buffer.from(row.xml, 'utf8'), `acknowledgement-${row.id}.xml`);
  zip.end();
  return { body: zip.outputStream, fileName: 'acknowledgements.zip', contentType: 'application/zip' };
}
