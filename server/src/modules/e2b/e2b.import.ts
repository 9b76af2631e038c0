import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { CaseDocument, E2bFinding, E2bImportResult, FieldError } from '@vigilo/contract';
import { importBatch, validateCase } from '@vigilo/e2b';
import type { FastifyRequest } from 'fastify';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/app-types.ts';
import { auditRow } from '../../platform/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { idempotent, type KeyOwner, requestHash } from '../../platform/idempotency.ts';
import { findInputProblem } from '../../platform/input-guard.ts';
import { scopeFor } from '../../platform/scope.ts';
import { caseColumns } from '../reports/reports.columns.ts';
import { newReference } from '../reports/reports.reference.ts';
import { findReportingOrganisation, insertReport } from '../reports/reports.shared.ts';
import {
  findingLanguage,
  MULTIPART_ALLOWANCE,
  refuseFields,
  toFinding,
  xmlRefusal,
  xmlTooLarge,
} from './e2b.findings.ts';
import { DEFAULT_PROFILE } from './e2b.headers.ts';
import { type KeptValue, keepWhatArrives } from './e2b.intake.ts';
import { e2bPolicy } from './e2b.policy.ts';
import { insertXmlImport } from './e2b.repository.ts';

/** The `source` of a report made from an E2B file (issue 14). */
export const XML_IMPORT_SOURCE = 'XML import';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface E2bUpload {
  fileName: string;
  bytes: Buffer;
  organisationId?: string;
}

/**
 * The multipart body of POST /v1/report/load: one file part (`file`, any part name is taken)
 * and an optional `organisationId`. A file over `maxBytes` is a 400 XML_TOO_LARGE, the
 * same answer the parser gives, and nothing is read past the limit: a body whose length
 * says it is too large is refused before any of it is read.
 */
export async function readE2bUpload(request: FastifyRequest, maxBytes: number): Promise<E2bUpload> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
  if (Number(request.headers['content-length']) > maxBytes + MULTIPART_ALLOWANCE)
    throw xmlTooLarge('body/file', maxBytes);
  const found: Partial<E2bUpload> = {};
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
    const field = `body/${part.fieldname}`;
    if (part.type === 'file') {
      found.fileName = part.filename || 'e2b.xml';
      found.bytes = await readFilePart(part.file, field, maxBytes);
      continue;
    }
    const value = typeof part.value === 'string' ? part.value : String(part.value);
    const problem = findInputProblem(value, field);
    if (problem)
      throw new AppError('VALIDATION_FAILED', `Invalid request: ${field} ${problem.message}`, {
        fields: [problem],
      });
    if (part.fieldname !== 'organisationId')
      throw fieldError(field, 'notAllowed', `${field} is not an allowed field`);
    if (!UUID.test(value)) throw fieldError(field, 'format', 'must be an id');
    found.organisationId = value;
  }
  if (!found.bytes) throw fieldError('body/file', 'required', 'Send the E2B(R3) file as a file part');
  return found as E2bUpload;
}

/**
 * A file part's bytes, refused at the first byte past `maxBytes`: the multipart parser would
 * otherwise skip on to the part's end (all of a 200 MB file) before saying it was too large.
 */
function readFilePart(file: Readable, field: string, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.once('limit', () => {
      file.destroy();
      reject(xmlTooLarge(field, maxBytes));
    });
    file.once('end', () => resolve(Buffer.concat(chunks)));
    file.once('error', reject);
  });
}

const ownerOf = (actor: Actor): KeyOwner =>
  actor.application ? `application:${actor.application.id}` : `user:${actor.userId}`;

const senderIdOf = (document: CaseDocument) =>
  typeof document.C?.senderSafetyReportId === 'string' ? document.C.senderSafetyReportId : null;

/**
 * POST /v1/report/load: one report per case of an E2B(R3) file (decision 0096). A file that
 * cannot be read is refused whole (400 naming the problem). Every case is stored: a value that
 * does not fit the case document is set aside, kept with the import record and named by a
 * finding, and a code in the wrong case is normalised (decision 0222); `failed` stays for a case
 * that still would not fit. An Idempotency-Key makes a retry answer the first answer.
 */
export async function importE2bFile(
  deps: AppDeps,
  actor: Actor,
  upload: E2bUpload,
  request: { requestId: string; idempotencyKey?: string },
): Promise<{ statusCode: number; body: E2bImportResult; replayed: boolean }> {
  const organisationId = upload.organisationId ?? actor.organisationId;
  if (!organisationId)
    throw fieldError('body/organisationId', 'required', 'Choose the organisation the cases go to');
  const scope = scopeFor(actor);
  const organisation = await findReportingOrganisation(deps.db, scope, organisationId);
  if (!organisation) throw notFound('Organisation');
  requireAccess(
    actor,
    e2bPolicy.import,
    { platformId: organisation.platform_id, organisationIds: [organisation.id] },
    'Organisation',
  );
  let batch: ReturnType<typeof importBatch>;
  try {
    batch = importBatch(upload.bytes, { maxBytes: deps.config.e2bMaxBytes });
  } catch (error) {
    xmlRefusal(error, 'body/file');
  }
  if (batch.cases.length === 0)
    throw fieldError('body/file', 'required', 'The file holds no case (no PORR_IN049016UV message)');

  const language = findingLanguage(actor);
  const failed: E2bImportResult['failed'] = [];
  const good: {
    index: number;
    document: CaseDocument;
    header: object;
    unmapped: E2bImportResult['unmapped'];
    kept: KeptValue[];
    keptFindings: E2bFinding[];
  }[] = [];
  batch.cases.forEach((c, index) => {
    // A value that does not fit is set aside and kept, not a reason to lose the case (0222).
    const intake = keepWhatArrives(c, language);
    const fields = intake.refused.map((f) => ({ ...f, field: `body/file/cases/${index}${f.field}` }));
    if (fields.length === 0)
      good.push({
        index,
        document: intake.document,
        header: c.header,
        unmapped: c.unmapped,
        kept: intake.kept,
        keptFindings: intake.findings,
      });
    else
      failed.push({
        index,
        senderSafetyReportId: senderIdOf(c.document),
        message: `Case ${index + 1} cannot be stored: ${fields.length === 1 ? 'one value needs' : `${fields.length} values need`} attention`,
        fields,
      });
  });
  if (good.length === 0)
    refuseFields(
      failed.flatMap((f) => f.fields as FieldError[]),
      'No case of the file can be stored',
    );

  const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
  return idempotent(
    deps.db,
    {
      owner: ownerOf(actor),
      key: request.idempotencyKey,
      hash: requestHash('POST', '/v1/report/load', { organisationId, sha256 }),
    },
    async (tx) => {
      const created: E2bImportResult['created'] = [];
      for (const item of good) {
        const senderSafetyReportId = senderIdOf(item.document);
        const values = {
          id: randomUUID(),
          platformId: organisation.platform_id,
          organisationId: organisation.id,
          reference: '',
          status: 'received',
          reporterUserId: null,
          applicationId: actor.application?.id ?? null,
          anonymous: false,
          reporterEmail: null,
          reporterLanguage: language,
          formViewId: null,
          formViewVersionId: null,
          formSchemaId: null,
          source: XML_IMPORT_SOURCE,
          sourceId: senderSafetyReportId?.slice(0, 200) ?? null,
          extReportId: null,
          name: null,
          uploadType: 'auth',
          followUpUserId: null,
          currentReportId: null,
          submitted: true,
          origin: 'import',
          ...(await caseColumns(tx, item.document, organisation.id)),
        };
        const owner = { platformId: organisation.platform_id, organisationId: organisation.id };
        const first = {
          document: item.document,
          attachments: [],
          createdBy: actor.application ? null : actor.userId,
        };
        // A reference already used on the platform is drawn again, as at intake; the report,
        // its first version and its audit row go in one statement (reports.repository.ts).
        let inserted: Awaited<ReturnType<typeof insertReport>> = null;
        for (let attempt = 0; inserted === null; attempt++) {
          if (attempt === 5) throw new AppError('CONFLICT', 'No free reference number was found: try again');
          values.reference = newReference();
          const audited = await auditRow({
            action: 'report.imported',
            entityType: 'report',
            entityId: values.id,
            ...owner,
            actorUserId: actor.userId,
            after: {
              reference: values.reference,
              status: 'received',
              reportVersion: 1,
              source: XML_IMPORT_SOURCE,
            },
            details: {
              fileName: upload.fileName.slice(0, 500),
              caseIndex: item.index,
              ...(item.kept.length ? { keptAside: item.kept.length } : {}),
              ...(actor.application ? { applicationId: actor.application.id } : {}),
            },
            requestId: request.requestId,
          });
          inserted = await insertReport(tx, scope, values, first, audited);
        }
        await insertXmlImport(tx, scope, {
          ...owner,
          reportId: values.id,
          version: 1,
          fileName: upload.fileName.slice(0, 500),
          unmapped: [...batch.unmapped, ...item.unmapped],
          kept: item.kept,
          createdBy: first.createdBy,
        });
        created.push({
          index: item.index,
          id: values.id,
          reference: values.reference,
          senderSafetyReportId,
          unmapped: item.unmapped,
          // Checked with the file's own headers: the findings describe what was received.
          findings: [
            ...item.keptFindings,
            ...validateCase(item.document, { ...batch.batch, ...item.header }, DEFAULT_PROFILE, {
              language,
            }).map(toFinding),
          ],
        });
      }
      return { statusCode: 201, body: { created, failed, unmapped: batch.unmapped } };
    },
  );
}
