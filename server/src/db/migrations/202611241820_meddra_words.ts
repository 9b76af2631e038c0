import { type Kysely, sql } from 'kysely';

/**
 * MedDRA type-ahead speed (issue 13, decision 0112): a word table. Every word of every LLT
 * name (folded by fold_text, split where `\m` splits: on non-word characters), with its
 * position (1 = the name starts with it), the LLT's currency and its rank in the release
 * (shorter names first, then alphabetical, then code). A typed word is a btree range on
 * `word` (C collation, so `LIKE 'abc%'` is an index range), and the ranking needs no other
 * row. `meddra_words` is the release's vocabulary (each distinct word once) with a trigram
 * index: the typo pass looks for the typed word there (thousands of words), not in the
 * 80,000 names. `meddra_terms_folded` answers "the whole name equals the query". Releases already
 * imported get their words here; the import job writes them for new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meddra_llt_words (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      code integer NOT NULL,
      pos integer NOT NULL,
      current boolean NOT NULL,
      rank integer NOT NULL
    )`.execute(db);
  await sql`INSERT INTO meddra_llt_words (version_id, word, code, pos, current, rank)
    SELECT l.version_id, w.word, l.code, w.pos, l.current, l.rank
    FROM (SELECT version_id, code, current, folded,
            row_number() OVER (PARTITION BY version_id ORDER BY length(name), name, code)::int AS rank
          FROM meddra_terms WHERE level = 'llt') l,
      regexp_split_to_table(l.folded, '\\W+') WITH ORDINALITY AS w(word, pos)
    WHERE w.word <> ''`.execute(db);
  await sql`CREATE INDEX meddra_llt_words_word ON meddra_llt_words (version_id, word) INCLUDE (code, pos, current, rank)`.execute(
    db,
  );
  await sql`
    CREATE TABLE meddra_words (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      word text COLLATE "C" NOT NULL,
      PRIMARY KEY (version_id, word)
    )`.execute(db);
  await sql`INSERT INTO meddra_words (version_id, word) SELECT DISTINCT version_id, word FROM meddra_llt_words`.execute(
    db,
  );
  await sql`CREATE INDEX meddra_words_trigrams ON meddra_words USING gin (word gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX meddra_terms_folded ON meddra_terms (version_id, folded) WHERE level = 'llt'`.execute(
    db,
  );
  await sql`
    CREATE OR REPLACE FUNCTION meddra_analyze() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
      ANALYZE public.meddra_terms;
      ANALYZE public.meddra_paths;
      ANALYZE public.meddra_llt_words;
      ANALYZE public.meddra_words;
    END $$`.execute(db);
}
