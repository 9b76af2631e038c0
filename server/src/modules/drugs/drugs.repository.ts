import type { Drug, DrugList, DrugLookup } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import type { ListFormat, ProductValues } from './drugs.parse.ts';

/** Where an organisation's rows live: the filter every query here takes. */
export interface OrganisationRef {
  platformId: string;
  organisationId: string;
}

const drugScope = { platform: 'd.platform_id', organisation: 'd.organisation_id' };
const listScope = { platform: 'l.platform_id', organisation: 'l.organisation_id' };

/** An organisation's platform and id, when the scope reaches it. */
export async function organisationRef(
  db: Db,
  scope: Scope,
  organisationId: string,
): Promise<OrganisationRef | undefined> {
  const row = await inScope(db.selectFrom('organisations as o'), scope, {
    platform: 'o.platform_id',
    organisation: 'o.id',
  })
    .select(['o.id', 'o.platform_id'])
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
  return row && { platformId: row.platform_id, organisationId: row.id };
}

// ─── list versions ─────────────────────────────────────────────────────────

const selectLists = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('drug_lists as l'), scope, listScope).select([
    'l.id',
    'l.platform_id',
    'l.organisation_id',
    'l.version',
    'l.source',
    sql<string | null>`l.published_on::text`.as('published_on'),
    'l.delimiter',
    'l.substance_separator',
    'l.columns',
    'l.file_name',
    'l.products',
    'l.added',
    'l.updated',
    'l.removed',
    'l.created_at',
    'l.imported_at',
  ]);

export type ListRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectLists>['executeTakeFirst']>>>;

export const toList = (row: ListRow, currentId: string | null): DrugList => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  version: row.version,
  source: row.source,
  publishedOn: row.published_on,
  delimiter: row.delimiter,
  substanceSeparator: row.substance_separator,
  columns: row.columns,
  current: row.id === currentId,
  fileName: row.file_name,
  products: row.products,
  added: row.added,
  updated: row.updated,
  removed: row.removed,
  createdAt: row.created_at.toISOString(),
  importedAt: row.imported_at?.toISOString() ?? null,
});

export const formatOfList = (row: ListRow): ListFormat => ({
  delimiter: row.delimiter,
  substanceSeparator: row.substance_separator,
  columns: row.columns,
});

/** An organisation's list versions, newest (the current one) first. */
export async function listVersions(db: Db, scope: Scope, organisation: OrganisationRef, limit = 100) {
  return selectLists(db, scope)
    .where('l.platform_id', '=', organisation.platformId)
    .where('l.organisation_id', '=', organisation.organisationId)
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
}

export async function currentList(db: Db, scope: Scope, organisation: OrganisationRef) {
  return (await listVersions(db, scope, organisation, 1))[0];
}

export async function findList(db: Db, scope: Scope, id: string) {
  return selectLists(db, scope).where('l.id', '=', id).executeTakeFirst();
}

export interface ListMetaValues {
  version: string | null;
  source: string | null;
  publishedOn: string | null;
  format: ListFormat;
  createdBy: string | null;
}

/** A new list version (the unique version label answers 409 through `drug_lists_version`). */
export async function insertList(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  values: ListMetaValues,
): Promise<{ id: string }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  return db
    .insertInto('drug_lists')
    .values({
      platform_id: organisation.platformId,
      organisation_id: organisation.organisationId,
      version: values.version,
      source: values.source,
      published_on: values.publishedOn,
      delimiter: values.format.delimiter,
      substance_separator: values.format.substanceSeparator,
      columns: JSON.stringify(values.format.columns),
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function recordImport(
  db: Db,
  scope: Scope,
  id: string,
  values: {
    fileName: string;
    products: number;
    added: number;
    updated: number;
    removed: number;
    by: string | null;
  },
): Promise<void> {
  await inScope(db.updateTable('drug_lists as l'), scope, listScope)
    .set({
      file_name: values.fileName,
      products: values.products,
      added: values.added,
      updated: values.updated,
      removed: values.removed,
      imported_by: values.by,
      imported_at: sql`clock_timestamp()`,
    })
    .where('l.id', '=', id)
    .execute();
}

/**
 * Holds the organisation's list for the rest of the transaction: uploads of one
 * organisation run one after the other (no deadlock between two replacing the same rows).
 */
export async function lockOrganisationList(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
): Promise<void> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  await sql`SELECT pg_advisory_xact_lock(hashtext('drugs'), hashtext(${organisation.organisationId}))`.execute(
    db,
  );
}

// ─── products ──────────────────────────────────────────────────────────────

const BATCH = 2_000;

/**
 * Makes the organisation's products exactly `products` (by code): new codes inserted,
 * changed ones updated (keeping their id), the rest deleted. Run inside the upload's
 * transaction. Answers what changed.
 */
export async function replaceProducts(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  listId: string,
  products: readonly ProductValues[],
): Promise<{ added: number; updated: number; removed: number }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  let added = 0;
  let updated = 0;
  for (let i = 0; i < products.length; i += BATCH) {
    const rows = products.slice(i, i + BATCH).map((p) => ({
      code: p.code,
      name: p.name,
      substances: p.substances,
      strength: p.strength,
      dose_form: p.doseForm,
      authorisation_number: p.authorisationNumber,
      holder: p.holder,
      country: p.country,
    }));
    const { rows: written } = await sql<{ id: string; inserted: boolean }>`
      INSERT INTO drugs AS d (platform_id, organisation_id, list_id, code, name, substances, strength,
        dose_form, authorisation_number, holder, country)
      SELECT ${organisation.platformId}::uuid, ${organisation.organisationId}::uuid, ${listId}::uuid,
        x.code, x.name, x.substances, x.strength, x.dose_form, x.authorisation_number, x.holder, x.country
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(code text, name text, substances text[],
        strength text, dose_form text, authorisation_number text, holder text, country text)
      ON CONFLICT (organisation_id, code) DO UPDATE SET
        list_id = excluded.list_id, name = excluded.name, substances = excluded.substances,
        strength = excluded.strength, dose_form = excluded.dose_form,
        authorisation_number = excluded.authorisation_number, holder = excluded.holder,
        country = excluded.country, updated_at = now()
      WHERE (d.name, d.substances, d.strength, d.dose_form, d.authorisation_number, d.holder, d.country)
        IS DISTINCT FROM (excluded.name, excluded.substances, excluded.strength, excluded.dose_form,
          excluded.authorisation_number, excluded.holder, excluded.country)
      RETURNING d.id, (xmax = 0) AS inserted`.execute(db);
    for (const row of written) row.inserted ? added++ : updated++;
    await writeWords(
      db,
      written.map((r) => r.id),
    );
  }
  // The codes the file no longer has, found here: a join of the table with a 100,000-code
  // array parameter is planned blind (an array's length is unknown to a generic plan) and
  // was once a nested loop that ran past the statement timeout.
  const kept = new Set(products.map((p) => p.code));
  const existing = await db
    .selectFrom('drugs')
    .select(['id', 'code'])
    .where('organisation_id', '=', organisation.organisationId)
    .where('platform_id', '=', organisation.platformId)
    .execute();
  const gone = existing.filter((row) => !kept.has(row.code)).map((row) => row.id);
  for (let i = 0; i < gone.length; i += BATCH)
    await db
      .deleteFrom('drugs')
      .where('id', '=', sql<string>`any(${gone.slice(i, i + BATCH)}::uuid[])`)
      .execute();
  return { added, updated, removed: gone.length };
}

/** Planner statistics of the product tables (drugs_analyze(), owned by the owner role): after a large upload. */
export async function analyzeDrugs(db: Db): Promise<void> {
  await sql`SELECT drugs_analyze()`.execute(db);
}

/** The search words of products just written (decision 0142): replaced whole, from the stored row. */
async function writeWords(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`DELETE FROM drug_words WHERE drug_id = any(${ids}::uuid[])`.execute(db);
  await sql`
    INSERT INTO drug_words (drug_id, organisation_id, word, kind)
    SELECT d.id, d.organisation_id, w.word, w.kind
    FROM drugs d, drug_words_of(d.name, d.substances, d.authorisation_number, d.code) w
    WHERE d.id = any(${ids}::uuid[])`.execute(db);
}

const selectDrugs = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('drugs as d'), scope, drugScope).select([
    'd.id',
    'd.platform_id',
    'd.organisation_id',
    'd.list_id',
    'd.code',
    'd.name',
    'd.substances',
    'd.strength',
    'd.dose_form',
    'd.authorisation_number',
    'd.holder',
    'd.country',
    'd.created_at',
    'd.updated_at',
  ]);

export type DrugRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectDrugs>['executeTakeFirst']>>>;

export const toDrug = (row: DrugRow): Drug => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  listId: row.list_id,
  code: row.code,
  name: row.name,
  substances: row.substances,
  strength: row.strength,
  doseForm: row.dose_form,
  authorisationNumber: row.authorisation_number,
  holder: row.holder,
  country: row.country,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const toLookup = (
  row: Pick<DrugRow, 'id' | 'code' | 'name' | 'substances' | 'strength' | 'authorisation_number'>,
): DrugLookup => ({
  id: row.id,
  code: row.code,
  name: row.name,
  substances: row.substances,
  strength: row.strength,
  authorisationNumber: row.authorisation_number,
});

const ofOrganisation = (db: Db, scope: Scope, organisation: OrganisationRef) =>
  selectDrugs(db, scope)
    .where('d.platform_id', '=', organisation.platformId)
    .where('d.organisation_id', '=', organisation.organisationId);

/** One page of an organisation's products, by name (folded). */
export async function listDrugs(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  limit: number,
  offset: number,
) {
  return ofOrganisation(db, scope, organisation)
    .orderBy('d.name_folded')
    .orderBy('d.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** Every product of an organisation, by code (the CSV download). */
export async function allDrugs(db: Db, scope: Scope, organisation: OrganisationRef) {
  return ofOrganisation(db, scope, organisation).orderBy('d.code').execute();
}

export async function findDrug(db: Db, scope: Scope, id: string) {
  return selectDrugs(db, scope).where('d.id', '=', id).executeTakeFirst();
}

/**
 * Search (decision 0142): every typed word starts a word of the name, an active substance,
 * the authorisation number or the code (accents and case ignored, any order): an index
 * range of `drug_words` per word. Ranked: the whole query is the name, the authorisation
 * number or the code; the name starts with the query; the first typed word starts a word
 * of the name, else of a substance; then shorter names and alphabetical.
 */
export async function searchDrugs(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  query: string,
  words: readonly string[],
  limit: number,
) {
  const range = (alias: string, word: string) =>
    sql<boolean>`${sql.ref(`${alias}.word`)} >= fold_text(${word}) AND ${sql.ref(`${alias}.word`)} < fold_text(${word}) || chr(1114111)`;
  const [first, ...others] = words;
  let q = ofOrganisation(db, scope, organisation).innerJoin(
    (eb) =>
      eb
        .selectFrom('drug_words as w')
        .select(['w.drug_id', sql<number>`min(w.kind)`.as('kind')])
        .where('w.organisation_id', '=', organisation.organisationId)
        .where(range('w', first!))
        .groupBy('w.drug_id')
        .as('f'),
    (join) => join.onRef('f.drug_id', '=', 'd.id'),
  );
  others.forEach((word, i) => {
    const alias = `w${i}`;
    q = q.where(
      sql<boolean>`EXISTS (SELECT 1 FROM drug_words ${sql.raw(alias)} WHERE ${sql.ref(`${alias}.drug_id`)} = d.id AND ${range(alias, word)})`,
    );
  });
  return q
    .orderBy(
      sql`(d.name_folded = fold_text(${query}) OR fold_text(d.authorisation_number) = fold_text(${query}) OR fold_text(d.code) = fold_text(${query}))`,
      'desc',
    )
    .orderBy(sql`starts_with(d.name_folded, fold_text(${query}))`, 'desc')
    .orderBy(sql`f.kind`)
    .orderBy(sql`length(d.name)`)
    .orderBy('d.name_folded')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

/** Exact look-ups: by ids, by code, or by authorisation number (accents, case and spaces ignored). */
export async function lookupDrugs(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  by: { ids?: string[]; code?: string; authorisationNumber?: string },
) {
  let q = ofOrganisation(db, scope, organisation);
  if (by.ids) q = q.where('d.id', '=', sql<string>`any(${by.ids}::uuid[])`);
  if (by.code !== undefined) q = q.where('d.code', '=', by.code);
  if (by.authorisationNumber !== undefined)
    q = q.where(sql<boolean>`fold_text(d.authorisation_number) = fold_text(${by.authorisationNumber})`);
  return q.orderBy('d.name_folded').orderBy('d.id').limit(100).execute();
}
