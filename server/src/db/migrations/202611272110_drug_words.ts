import { type Kysely, sql } from 'kysely';

/**
 * The words of each product (decision 0142, made faster): every word of its folded name,
 * active substances, authorisation number and code, with where it comes from (1 name,
 * 2 substance, 3 number or code). A typed word is an index range of this table
 * (`word >= p AND word < p || chr(1114111)`), which stays an index range in a prepared
 * statement's generic plan, where a regular expression on the whole text could not use the
 * trigram index (measured: p50 339 ms over 100,000 products before, bench/drugs.ts); the
 * trigram index goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE drug_words (
      drug_id uuid NOT NULL REFERENCES drugs(id) ON DELETE CASCADE,
      organisation_id uuid NOT NULL,
      word text COLLATE "C" NOT NULL,
      kind smallint NOT NULL CHECK (kind IN (1, 2, 3)),
      PRIMARY KEY (drug_id, word, kind)
    )`.execute(db);
  await sql`CREATE INDEX drug_words_prefix ON drug_words (organisation_id, word) INCLUDE (drug_id, kind)`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION drug_words_of(name text, substances text[], authorisation text, code text)
    RETURNS TABLE (word text, kind smallint) LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$
      SELECT DISTINCT w, k::smallint FROM (
        SELECT regexp_split_to_table(fold_text(name), '[^[:alnum:]]+') AS w, 1 AS k
        UNION ALL SELECT regexp_split_to_table(fold_text(s), '[^[:alnum:]]+'), 2 FROM unnest(substances) s
        UNION ALL SELECT regexp_split_to_table(fold_text(coalesce(authorisation, '') || ' ' || code), '[^[:alnum:]]+'), 3
      ) x WHERE w <> ''
    $$`.execute(db);
  await sql`
    INSERT INTO drug_words (drug_id, organisation_id, word, kind)
    SELECT d.id, d.organisation_id, w.word, w.kind
    FROM drugs d, drug_words_of(d.name, d.substances, d.authorisation_number, d.code) w`.execute(db);
  await sql`ANALYZE drug_words`.execute(db);
  // The trigram index the regular expressions used: no query reads it now, and keeping a GIN
  // index up to date is most of the cost of loading a large list.
  await sql`DROP INDEX drugs_search`.execute(db);
}
