import type { ArrangementItem, TerminologyArrangement, TerminologyEntry } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/** Where an organisation's rows live: the filter every list here takes. */
export interface OrganisationRef {
  platformId: string;
  organisationId: string;
}

const entryScope = { platform: 'e.platform_id', organisation: 'e.organisation_id' };
const arrangementScope = { platform: 'a.platform_id', organisation: 'a.organisation_id' };

const selectEntries = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('terminology_entries as e'), scope, entryScope).select([
    'e.id',
    'e.platform_id',
    'e.organisation_id',
    'e.dictionary',
    'e.code',
    'e.term',
    'e.parent_id',
    'e.reference',
    'e.attributes',
    'e.translations',
    'e.created_at',
    'e.updated_at',
  ]);

export type EntryRow = NonNullable<Awaited<ReturnType<ReturnType<typeof selectEntries>['executeTakeFirst']>>>;

export const toEntry = (row: EntryRow): TerminologyEntry => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  dictionary: row.dictionary,
  code: row.code,
  term: row.term,
  parentId: row.parent_id,
  reference: row.reference,
  attributes: row.attributes,
  translations: row.translations,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The typed words; each is folded (accents, case) by the database, as the stored `search` text is. */
const words = (query: string | undefined) =>
  (query ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

export interface EntryFilter {
  dictionary?: string;
  reference?: string;
  query?: string;
}

function filteredEntries(db: Db, scope: Scope, organisation: OrganisationRef, filter: EntryFilter) {
  let q = selectEntries(db, scope)
    .where('e.platform_id', '=', organisation.platformId)
    .where('e.organisation_id', '=', organisation.organisationId);
  if (filter.dictionary !== undefined) q = q.where('e.dictionary', '=', filter.dictionary);
  if (filter.reference !== undefined) q = q.where('e.reference', '=', filter.reference);
  for (const word of words(filter.query))
    q = q.where(sql<boolean>`e.search LIKE '%' || fold_text(${escapeLike(word)}) || '%'`);
  return q;
}

/** One organisation's entries matching `filter`, by dictionary then code; at most `limit`. */
export async function listEntries(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  filter: EntryFilter,
  limit: number,
  offset = 0,
) {
  return filteredEntries(db, scope, organisation, filter)
    .orderBy('e.dictionary')
    .orderBy('e.code')
    .orderBy('e.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countEntries(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  filter: EntryFilter,
): Promise<number> {
  const row = await filteredEntries(db, scope, organisation, filter)
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findEntry(db: Db, scope: Scope, id: string) {
  return selectEntries(db, scope).where('e.id', '=', id).executeTakeFirst();
}

/** The entries among `ids` that belong to one organisation's dictionary. */
export async function entriesOfDictionary(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  dictionary: string,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await filteredEntries(db, scope, organisation, { dictionary })
    .where('e.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
    .execute();
  return rows.map((r) => r.id);
}

/** The ids above `id` in its hierarchy (its parent, the parent's parent, …), nearest first. */
export async function ancestorsOf(db: Db, scope: Scope, id: string): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 0 FROM terminology_entries WHERE id = ${id}
      UNION ALL
      SELECT e.id, e.parent_id, up.depth + 1 FROM terminology_entries e JOIN up ON e.id = up.parent_id
      WHERE up.depth < 100
    )
    SELECT id FROM up WHERE depth > 0 ORDER BY depth`.execute(db);
  // The walk stays in one organisation: parents are checked against the scope when set.
  const visible = new Set(
    (await Promise.all(rows.map((r) => findEntry(db, scope, r.id)))).flatMap((r) => (r ? [r.id] : [])),
  );
  return rows.map((r) => r.id).filter((r) => visible.has(r));
}

export interface EntryValues {
  code: string;
  term: string;
  parentId: string | null;
  reference: string | null;
  attributes: Record<string, string | number | boolean>;
  translations: Record<string, string>;
}

export async function insertEntry(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  dictionary: string,
  values: EntryValues,
): Promise<{ id: string }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  return db
    .insertInto('terminology_entries')
    .values({
      platform_id: organisation.platformId,
      organisation_id: organisation.organisationId,
      dictionary,
      code: values.code,
      term: values.term,
      parent_id: values.parentId,
      reference: values.reference,
      attributes: JSON.stringify(values.attributes),
      translations: JSON.stringify(values.translations),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateEntry(db: Db, scope: Scope, id: string, values: EntryValues): Promise<void> {
  await inScope(db.updateTable('terminology_entries as e'), scope, entryScope)
    .set({
      code: values.code,
      term: values.term,
      parent_id: values.parentId,
      reference: values.reference,
      attributes: JSON.stringify(values.attributes),
      translations: JSON.stringify(values.translations),
      updated_at: sql`now()`,
    })
    .where('e.id', '=', id)
    .execute();
}

export async function deleteEntry(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('terminology_entries as e'), scope, entryScope)
    .where('e.id', '=', id)
    .execute();
}

// ─── arrangements ──────────────────────────────────────────────────────────

const selectArrangements = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('terminology_arrangements as a'), scope, arrangementScope).select([
    'a.id',
    'a.platform_id',
    'a.organisation_id',
    'a.dictionary',
    'a.name',
    'a.description',
    'a.items',
    'a.created_at',
    'a.updated_at',
  ]);

export type ArrangementRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectArrangements>['executeTakeFirst']>>
>;

export const toArrangement = (row: ArrangementRow): TerminologyArrangement => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id,
  name: row.name,
  dictionary: row.dictionary,
  description: row.description,
  items: row.items.map((i) => ({ entryId: i.entryId, parentEntryId: i.parentEntryId ?? null })),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export async function listArrangements(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  dictionary: string | undefined,
) {
  let q = selectArrangements(db, scope)
    .where('a.platform_id', '=', organisation.platformId)
    .where('a.organisation_id', '=', organisation.organisationId);
  if (dictionary !== undefined) q = q.where('a.dictionary', '=', dictionary);
  return q.orderBy('a.name').orderBy('a.id').execute();
}

export async function findArrangement(db: Db, scope: Scope, id: string) {
  return selectArrangements(db, scope).where('a.id', '=', id).executeTakeFirst();
}

/** Names of the arrangements of an organisation that list entry `entryId`. */
export async function arrangementsUsing(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  entryId: string,
) {
  const rows = await selectArrangements(db, scope)
    .where('a.organisation_id', '=', organisation.organisationId)
    .where(sql<boolean>`a.items @> ${JSON.stringify([{ entryId }])}::jsonb`)
    .execute();
  return rows.map((r) => r.name);
}

export interface ArrangementValues {
  name: string;
  description: string;
  items: ArrangementItem[];
}

export async function insertArrangement(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  dictionary: string,
  values: ArrangementValues,
): Promise<{ id: string }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  return db
    .insertInto('terminology_arrangements')
    .values({
      platform_id: organisation.platformId,
      organisation_id: organisation.organisationId,
      dictionary,
      name: values.name,
      description: values.description,
      items: JSON.stringify(values.items),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateArrangement(
  db: Db,
  scope: Scope,
  id: string,
  values: ArrangementValues,
): Promise<void> {
  await inScope(db.updateTable('terminology_arrangements as a'), scope, arrangementScope)
    .set({
      name: values.name,
      description: values.description,
      items: JSON.stringify(values.items),
      updated_at: sql`now()`,
    })
    .where('a.id', '=', id)
    .execute();
}

export async function deleteArrangement(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('terminology_arrangements as a'), scope, arrangementScope)
    .where('a.id', '=', id)
    .execute();
}
