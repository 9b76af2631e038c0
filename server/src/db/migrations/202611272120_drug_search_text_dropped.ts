import { type Kysely, sql } from 'kysely';

/**
 * Searches read the word table now (202611272110, decision 0142): the generated `search`
 * column, whose folding cost every product written one more unaccent, goes with its function.
 * And the facts get an index of their product alone: removing products from a list deletes
 * their facts (ON DELETE CASCADE), one look-up per product. And, as meddra_analyze()
 * (decision 0112), a function the runtime role may call to give the planner statistics
 * after a large upload: without them a fresh word table was planned as if empty and a
 * search ran past the statement timeout (bench/drugs.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE drugs DROP COLUMN search`.execute(db);
  await sql`DROP FUNCTION drug_search_text(text, text[], text, text)`.execute(db);
  await sql`CREATE INDEX idaps_facts_drug_id ON idaps_facts (drug_id)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION drugs_analyze() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
      ANALYZE public.drugs;
      ANALYZE public.drug_words;
    END $$`.execute(db);
}
