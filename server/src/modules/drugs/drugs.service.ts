import type {
  DownloadUrl,
  Drug,
  DrugLineError,
  DrugList,
  DrugListMeta,
  DrugLookup,
  DrugLookupQuery,
  DrugSearchQuery,
  DrugsQuery,
  PublicMedicineName,
  PublicMedicineNamesQuery,
} from '@vigilo/contract';
import yazl from 'yazl';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { writeCsv } from '../../platform/csv.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, platformScope, rowTarget, scopeFor, systemScope } from '../../platform/scope.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { platformReporting } from '../platforms/platforms.service.ts';
import type { UploadedFile } from './drugs.files.ts';
import {
  DEFAULT_FORMAT,
  DRUG_FIELDS,
  decodeText,
  formatOf,
  type ListFormat,
  parseList,
  parseMeta,
} from './drugs.parse.ts';
import { drugsPolicy } from './drugs.policy.ts';
import {
  allDrugs,
  analyzeDrugs,
  currentList,
  findDrug,
  findList,
  formatOfList,
  insertList,
  listDrugs,
  listVersions,
  lockOrganisationList,
  lookupDrugs,
  type OrganisationRef,
  organisationRef,
  recordImport,
  replaceProducts,
  searchDrugs,
  toDrug,
  toList,
  toLookup,
} from './drugs.repository.ts';
import { queueQuietly } from './idaps.service.ts';

/** Where the list export is served to a browser by a signed link (G-7, decisions 0098 and 0144). */
export const DRUG_EXPORT_PATH = '/v1/drugs/export';
export const EXPORT_LINK_TTL_SECONDS = 300;

/** The organisation a call is about, checked under `rule` (404 outside the caller's scope). */
export async function organisationFor(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  field: string,
  rule: (typeof drugsPolicy)[keyof typeof drugsPolicy],
): Promise<OrganisationRef> {
  const target = await organisationTarget(db, actor, organisationId, field);
  requireAccess(actor, rule, target, 'Organisation');
  return target;
}

const lineErrors = (what: string, part: string, errors: DrugLineError[]) => {
  const first = errors[0]!;
  const where = first.line > 0 ? `line ${first.line}` : 'the file';
  return new AppError(
    'VALIDATION_FAILED',
    `The ${what} has ${errors.length >= 50 ? 'at least 50' : errors.length} problem(s); nothing was imported. First, ${where}${first.column ? ` (${first.column})` : ''}: ${first.message}`,
    {
      fields: errors.map((e) => ({
        field: `body/${part}`,
        message: `${e.line > 0 ? `line ${e.line}` : 'file'}${e.column ? `, ${e.column}` : ''}: ${e.message}`,
        reason: 'invalid' as const,
      })),
      lines: errors,
    },
  );
};

const required = (part: string) =>
  new AppError(
    'VALIDATION_FAILED',
    `Send the ${part === 'meta' ? 'meta file' : 'file'} as the part "${part}"`,
    {
      fields: [{ field: `body/${part}`, message: 'is required', reason: 'required' }],
    },
  );

function checkedMeta(file: UploadedFile, part: string): DrugListMeta {
  const { meta, errors } = parseMeta(file.bytes);
  if (!meta) throw lineErrors('meta file', part, errors);
  return meta;
}

const metaValues = (meta: DrugListMeta, actor?: Actor) => ({
  version: meta.version,
  source: meta.source ?? null,
  publishedOn: meta.publishedOn ?? null,
  format: formatOf(meta),
  createdBy: actor?.userId ?? null,
});

async function listAnswer(db: Db, actor: Actor, id: string): Promise<DrugList> {
  const scope = scopeFor(actor);
  const row = (await findList(db, scope, id))!;
  const current = await currentList(db, scope, {
    platformId: row.platform_id,
    organisationId: row.organisation_id,
  });
  return toList(row, current?.id ?? null);
}

// ─── reading ────────────────────────────────────────────────────────────────

/** GET /v1/drugs: one page of the organisation's products, by name. */
export async function pageOfDrugs(db: Db, actor: Actor, query: DrugsQuery): Promise<Drug[]> {
  const organisation = await organisationFor(
    db,
    actor,
    query.organisationId,
    'query/organisationId',
    drugsPolicy.read,
  );
  const size = query.size ?? 50;
  const rows = await listDrugs(db, scopeFor(actor), organisation, size, ((query.page ?? 1) - 1) * size);
  return rows.map(toDrug);
}

const wordsOf = (text: string) =>
  text
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/** GET /v1/drugs/search: ranked matches by name, active substance, authorisation number or code. */
export async function search(db: Db, actor: Actor, query: DrugSearchQuery): Promise<Drug[]> {
  const organisation = await organisationFor(
    db,
    actor,
    query.organisationId,
    'query/organisationId',
    drugsPolicy.read,
  );
  const text = query.query.trim();
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const rows = await searchDrugs(db, scopeFor(actor), organisation, text, words, query.limit ?? 20);
  return rows.map(toDrug);
}

/**
 * GET /v1/platforms/{id}/medicine-names (public): the signed-out form's medicine suggestions,
 * from the product list of an organisation a public report may go to (the platform takes
 * reports without an account and the organisation is one of its, decision 0275's rule): names
 * and strengths only, at most 20. Anything else is a 404, as a stranger's id would be.
 */
export async function publicMedicineNames(
  db: Db,
  platformId: string,
  query: PublicMedicineNamesQuery,
): Promise<PublicMedicineName[]> {
  const reporting = await platformReporting(db, platformId, query.organisationId);
  if (!reporting.organisations.some((o) => o.id === query.organisationId)) throw notFound('Organisation');
  const text = query.query.trim();
  const words = wordsOf(text);
  if (words.length === 0) return [];
  const organisation = { platformId, organisationId: query.organisationId };
  const rows = await searchDrugs(db, platformScope(platformId), organisation, text, words, query.limit ?? 10);
  return rows.map((row) => ({ name: row.name, strength: row.strength }));
}

export async function getDrug(db: Db, actor: Actor, id: string): Promise<Drug> {
  return toDrug(
    await loadForAccess(db, actor, findDrug, id, { rule: drugsPolicy.read, what: 'Drug', target: rowTarget }),
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /v1/drugs/lookup: exact matches by ids, code or authorisation number (one of them). */
export async function lookup(db: Db, actor: Actor, query: DrugLookupQuery): Promise<DrugLookup[]> {
  const given = [query.ids, query.code, query.authorisationNumber].filter((v) => v !== undefined).length;
  if (given !== 1)
    throw new AppError('VALIDATION_FAILED', 'Give one of ids, code or authorisationNumber', {
      fields: [
        { field: 'query/ids', message: 'give one of ids, code or authorisationNumber', reason: 'required' },
      ],
    });
  const ids = query.ids?.split(',').map((s) => s.trim());
  if (ids && (ids.length > 100 || !ids.every((id) => UUID.test(id))))
    throw new AppError('VALIDATION_FAILED', 'ids is a comma-separated list of at most 100 ids', {
      fields: [{ field: 'query/ids', message: 'must be at most 100 comma-separated ids', reason: 'format' }],
    });
  const organisation = await organisationFor(
    db,
    actor,
    query.organisationId,
    'query/organisationId',
    drugsPolicy.read,
  );
  const rows = await lookupDrugs(db, scopeFor(actor), organisation, {
    ids,
    code: query.code,
    authorisationNumber: query.authorisationNumber,
  });
  return rows.map(toLookup);
}

/** GET /v1/drugs/lists: the organisation's list versions, the current one first. */
export async function versions(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
): Promise<DrugList[]> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    drugsPolicy.read,
  );
  const rows = await listVersions(db, scopeFor(actor), organisation);
  return rows.map((r) => toList(r, rows[0]?.id ?? null));
}

// ─── uploads ────────────────────────────────────────────────────────────────

/**
 * POST /v1/drugs/upload/meta: a new version of the organisation's list, described by its
 * meta file (decision 0140). The next list upload fills it. A version label already used
 * answers 409.
 */
export async function uploadMeta(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  files: { file?: UploadedFile },
  requestId: string,
): Promise<DrugList> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    drugsPolicy.upload,
  );
  if (!files.file) throw required('file');
  const meta = checkedMeta(files.file, 'file');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await lockOrganisationList(tx, scope, organisation);
    const { id } = await insertList(tx, scope, organisation, metaValues(meta, actor));
    const created = await listAnswer(tx, actor, id);
    await audit(tx, {
      action: 'drug_list.described',
      entityType: 'drug_list',
      entityId: id,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

/**
 * An upload of a list, read and checked whole before anything is written (the upload and its
 * preview): the organisation (access checked first), the meta file if any, and the products.
 */
export async function checkedUpload(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  files: { file?: UploadedFile; meta?: UploadedFile },
) {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    drugsPolicy.upload,
  );
  if (!files.file) throw required('file');
  const meta = files.meta ? checkedMeta(files.meta, 'meta') : undefined;
  const existing = meta ? undefined : await currentList(db, scopeFor(actor), organisation);
  const format: ListFormat = meta ? formatOf(meta) : existing ? formatOfList(existing) : DEFAULT_FORMAT;
  const { products, errors } = parseList(decodeText(files.file.bytes), format);
  if (!products) throw lineErrors('list', 'file', errors);
  return { organisation, meta, format, products, file: files.file };
}

/**
 * POST /v1/drugs/upload/list: the whole CSV checked first (line-numbered errors, nothing
 * kept), then, in one transaction, the organisation's products replaced by the file's
 * (by code: ids kept, changed rows updated, missing ones removed) into the current list
 * version — or a new one when a `meta` part comes with it — and an IDAPS computation queued.
 */
export async function uploadList(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  organisationId: string | undefined,
  files: { file?: UploadedFile; meta?: UploadedFile },
  requestId: string,
): Promise<DrugList> {
  const { organisation, meta, format, products, file } = await checkedUpload(
    db,
    actor,
    organisationId,
    files,
  );
  const scope = scopeFor(actor);
  const answer = await withTransaction(db, async (tx) => {
    await lockOrganisationList(tx, scope, organisation);
    let listId: string;
    if (meta) listId = (await insertList(tx, scope, organisation, metaValues(meta, actor))).id;
    else {
      // The current version as it is now that the lock is held (another upload may have added one).
      const current = await currentList(tx, scope, organisation);
      listId =
        current?.id ??
        (
          await insertList(tx, scope, organisation, {
            version: null,
            source: null,
            publishedOn: null,
            format,
            createdBy: actor.userId,
          })
        ).id;
    }
    const before = await findList(tx, scope, listId);
    const changes = await replaceProducts(tx, scope, organisation, listId, products);
    await recordImport(tx, scope, listId, {
      fileName: file.name,
      products: products.length,
      ...changes,
      by: actor.userId,
    });
    await queueQuietly(tx, jobs, organisation, actor.userId, requestId);
    const after = await listAnswer(tx, actor, listId);
    await audit(tx, {
      action: 'drug_list.imported',
      entityType: 'drug_list',
      entityId: listId,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      before: meta || !before ? undefined : toList(before, listId),
      after,
      requestId,
    });
    return after;
  });
  // Statistics for the rows just committed, so searches plan for their real number.
  if (answer.added + answer.updated + answer.removed >= ANALYZE_AFTER_CHANGES) await analyzeDrugs(db);
  return answer;
}

/** An upload that changes this many products refreshes the planner's statistics. */
const ANALYZE_AFTER_CHANGES = 1_000;

// ─── downloads ──────────────────────────────────────────────────────────────

/** The products as the upload reads them: the default columns, comma-separated, `|` between substances. */
function productsCsv(rows: Awaited<ReturnType<typeof allDrugs>>): string {
  return writeCsv([
    DRUG_FIELDS,
    ...rows.map((r) => [
      r.code,
      r.name,
      r.substances.join('|'),
      r.strength,
      r.dose_form,
      r.authorisation_number,
      r.holder,
      r.country,
    ]),
  ]);
}

const day = () => new Date().toISOString().slice(0, 10);

/** GET /v1/drugs/csv: the organisation's products as CSV (the upload's own format, so it reloads). */
export async function drugsCsv(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
): Promise<{ fileName: string; body: string }> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    drugsPolicy.read,
  );
  return {
    fileName: `drugs-${day()}.csv`,
    body: productsCsv(await allDrugs(db, scopeFor(actor), organisation)),
  };
}

/** POST /v1/drugs/export-url: a 5-minute signed link to GET /v1/drugs/export for this organisation. */
export async function exportUrl(
  db: Db,
  actor: Actor,
  signer: UrlSigner,
  origin: string,
  organisationId: string | undefined,
): Promise<DownloadUrl> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'body/organisationId',
    drugsPolicy.read,
  );
  const path = signer.sign(
    DRUG_EXPORT_PATH,
    { organisationId: organisation.organisationId },
    EXPORT_LINK_TTL_SECONDS,
  );
  return {
    url: `${origin}${path}`,
    expiresAt: new Date(Date.now() + EXPORT_LINK_TTL_SECONDS * 1000).toISOString(),
  };
}

/**
 * GET /v1/drugs/export behind a verified link: a zip of the list (`drugs.csv`) and its meta
 * file (`drugs-meta.json`), the pair the uploads take. The signature proved the caller's
 * right when the link was made (decision 0098).
 */
export async function exportDownload(db: Db, organisationId: string) {
  // The signed link stands for the access check made when it was signed.
  const organisation = await organisationRef(db, systemScope, organisationId);
  if (!organisation) throw notFound('Organisation');
  const [rows, list] = await Promise.all([
    allDrugs(db, systemScope, organisation),
    currentList(db, systemScope, organisation),
  ]);
  const meta: DrugListMeta = {
    version: list?.version ?? day(),
    ...(list?.source && { source: list.source }),
    ...(list?.published_on && { publishedOn: list.published_on }),
  };
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(productsCsv(rows), 'utf8'), 'drugs.csv');
  zip.addBuffer(Buffer.from(`${JSON.stringify(meta, null, 2)}\n`, 'utf8'), 'drugs-meta.json');
  zip.end();
  return { body: zip.outputStream, fileName: `drugs-${day()}.zip`, contentType: 'application/zip' };
}

/**
 * The demo's list (server/src/seed/drugs-synthetic): loaded into an organisation that has
 * none yet, as an upload would, by no one. Throws on a broken file (a bug in the seed).
 */
export async function seedDrugList(
  db: Db,
  organisation: OrganisationRef,
  files: { csv: Buffer; meta: Buffer },
): Promise<void> {
  const { meta, errors: metaErrors } = parseMeta(files.meta);
  if (!meta) throw new Error(`seed meta file: ${JSON.stringify(metaErrors)}`);
  const { products, errors } = parseList(decodeText(files.csv), formatOf(meta));
  if (!products) throw new Error(`seed list: ${JSON.stringify(errors)}`);
  await withTransaction(db, async (tx) => {
    await lockOrganisationList(tx, systemScope, organisation);
    if (await currentList(tx, systemScope, organisation)) return;
    const { id } = await insertList(tx, systemScope, organisation, { ...metaValues(meta), createdBy: null });
    const changes = await replaceProducts(tx, systemScope, organisation, id, products);
    await recordImport(tx, systemScope, id, {
      fileName: 'drugs.csv',
      products: products.length,
      ...changes,
      by: null,
    });
  });
}
