import { type Kysely, sql } from 'kysely';

/**
 * MedDRA search speed (issue 13, decision 0112). The import job fills meddra_terms and
 * meddra_paths in one bulk transaction; without planner statistics afterwards the search
 * filtered every LLT of the release. ANALYZE needs the table's owner (PostgreSQL 15 has no
 * MAINTAIN privilege) and the runtime role owns nothing (decision 0021), so the owner
 * provides `meddra_analyze()`, SECURITY DEFINER with a fixed search_path, which analyses
 * these two tables only. It is harmless (statistics, no data), so every role may call it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION meddra_analyze() RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    BEGIN
      ANALYZE public.meddra_terms;
      ANALYZE public.meddra_paths;
    END $$`.execute(db);
}
