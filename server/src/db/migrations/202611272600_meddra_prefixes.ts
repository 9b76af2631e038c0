import { type Kysely, sql } from 'kysely';

/**
 * MedDRA type-ahead p95 (issue 13, decision 0163): a prefix table whose index order is the
 * ranking. One row per word of an LLT name and each of its first four letters' prefixes
 * (`prefix` = the word's first 1, 2, 3 and 4 letters), with the word itself, whether it is
 * the name's first word, the LLT's currency and its rank. A typed word reads the rows of its
 * first four letters in the order the type-ahead answers (current, starting the name, rank)
 * and stops after the rows it needs, instead of grouping and sorting every LLT a short,
 * common prefix matches. Releases already imported get their rows here; the import job
 * writes them for new ones.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meddra_llt_prefixes (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      prefix text COLLATE "C" NOT NULL,
      word text COLLATE "C" NOT NULL,
      code integer NOT NULL,
      first boolean NOT NULL,
      current boolean NOT NULL,
      rank integer NOT NULL
    )`.execute(db);
  await sql`INSERT INTO meddra_llt_prefixes (version_id, prefix, word, code, first, current, rank)
    SELECT w.version_id, left(w.word, n), w.word, w.code, w.pos = 1, w.current, w.rank
    FROM meddra_llt_words w, generate_series(1, least(4, length(w.word))) n`.execute(db);
  await sql`CREATE INDEX meddra_llt_prefixes_ranked ON meddra_llt_prefixes
    (version_id, prefix, current DESC, first DESC, rank) INCLUDE (word, code)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION meddra_analyze() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
      ANALYZE public.meddra_terms;
      ANALYZE public.meddra_paths;
      ANALYZE public.meddra_llt_words;
      ANALYZE public.meddra_words;
      ANALYZE public.meddra_llt_prefixes;
    END $$`.execute(db);
}
