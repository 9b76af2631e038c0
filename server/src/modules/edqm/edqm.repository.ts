import type { EdqmClass, EdqmTerm } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import type { ParsedTerm } from './edqm.parse.ts';

/**
 * EDQM terms are installation-wide (decision 0145): no tenant owns them, so these queries
 * take no scope (listed in test/patterns.test.ts with this reason).
 */

const columns = [
  'code',
  'class',
  'term',
  'status',
  'translations',
  'domain',
  'version',
  'source',
  'updated_at',
] as const;

type Row = {
  code: string;
  class: 'PDF' | 'ROA';
  term: string;
  status: 'current' | 'deprecated';
  translations: Record<string, string>;
  domain: string | null;
  version: string | null;
  source: 'starter' | 'import';
  updated_at: Date;
};

export const toTerm = (row: Row): EdqmTerm => ({
  code: row.code,
  class: row.class,
  term: row.term,
  status: row.status,
  translations: row.translations,
  domain: row.domain,
  version: row.version,
  source: row.source,
  updatedAt: row.updated_at.toISOString(),
});

/** Typed words: letters and digits, at most 8. */
export const wordsOf = (query: string | undefined) =>
  (query ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

export interface TermFilter {
  query?: string;
  class?: EdqmClass;
  includeDeprecated: boolean;
}

/**
 * Terms matching every typed word at the start of a word of the code, term or a translation
 * (accents and case folded by the database, as the stored `search` is), current first, then
 * the term equal to the query, the term starting with the first word, shorter, alphabetical.
 */
export async function searchTerms(db: Db, filter: TermFilter, limit: number, offset: number): Promise<Row[]> {
  const words = wordsOf(filter.query);
  let q = db.selectFrom('edqm_terms').select(columns);
  if (filter.class) q = q.where('class', '=', filter.class);
  if (!filter.includeDeprecated) q = q.where('status', '=', 'current');
  // `\m` starts a word; typed words are letters and digits only, so nothing needs escaping.
  for (const word of words) q = q.where(sql<boolean>`search ~ ('\\m' || fold_text(${word}))`);
  const query = (filter.query ?? '').trim();
  return q
    .orderBy(sql`status = 'current'`, 'desc')
    .orderBy(sql`fold_text(term) = fold_text(${query})`, 'desc')
    .orderBy(sql`fold_text(term) LIKE fold_text(${words[0] ?? ''}) || '%'`, 'desc')
    .orderBy(sql`length(term)`)
    .orderBy('term')
    .orderBy('code')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The terms of `codes`, in no particular order. */
export async function termsByCode(db: Db, codes: readonly string[]): Promise<Row[]> {
  if (codes.length === 0) return [];
  return db
    .selectFrom('edqm_terms')
    .select(columns)
    .where('code', '=', sql<string>`any(${[...codes]}::text[])`)
    .execute();
}

/**
 * Writes an import's terms: new codes inserted, known ones updated when something differs.
 * Answers how many of each; an upsert, so two imports at once never break the key.
 */
export async function upsertTerms(
  db: Db,
  terms: readonly ParsedTerm[],
): Promise<{ created: number; updated: number; unchanged: number }> {
  let created = 0;
  let updated = 0;
  for (let i = 0; i < terms.length; i += 500) {
    const chunk = terms.slice(i, i + 500);
    const rows = await db
      .insertInto('edqm_terms')
      .values(
        chunk.map((t) => ({
          code: t.code,
          class: t.class,
          term: t.term,
          status: t.status,
          translations: JSON.stringify(t.translations),
          domain: t.domain,
          version: t.version,
          source: 'import' as const,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('code')
          .doUpdateSet({
            term: (eb) => eb.ref('excluded.term'),
            status: (eb) => eb.ref('excluded.status'),
            translations: sql`edqm_terms.translations || excluded.translations`,
            domain: sql`coalesce(excluded.domain, edqm_terms.domain)`,
            version: sql`coalesce(excluded.version, edqm_terms.version)`,
            source: 'import',
            updated_at: sql`now()`,
          })
          .where(
            sql<boolean>`(edqm_terms.term, edqm_terms.status, edqm_terms.translations || excluded.translations,
              coalesce(excluded.domain, edqm_terms.domain), coalesce(excluded.version, edqm_terms.version))
              IS DISTINCT FROM (excluded.term, excluded.status, edqm_terms.translations,
              edqm_terms.domain, edqm_terms.version)`,
          ),
      )
      // xmax = 0 marks a row this statement inserted (not one it updated).
      .returning(sql<boolean>`xmax = 0`.as('inserted'))
      .execute();
    for (const r of rows) r.inserted ? created++ : updated++;
  }
  return { created, updated, unchanged: terms.length - created - updated };
}
