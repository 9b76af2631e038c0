import { type Kysely, sql } from 'kysely';

/**
 * MedDRA (issue 13, decision 0111): releases imported side by side, installation-wide.
 * Terms of every level in one table (searchable LLT names folded by fold_text, migration
 * 202611241700, with a trigram index), every PT → HLT → HLGT → SOC path from mdhier.asc
 * with its primary flag, and the uploaded files kept until the import job has read them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE meddra_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      version text NOT NULL,
      language text NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'importing', 'ready', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      counts jsonb NOT NULL DEFAULT '{}',
      errors jsonb NOT NULL DEFAULT '[]',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT meddra_versions_release UNIQUE (version, language)
    )`.execute(db);

  await sql`
    CREATE TABLE meddra_import_files (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      name text NOT NULL,
      content bytea NOT NULL,
      PRIMARY KEY (version_id, name)
    )`.execute(db);

  await sql`
    CREATE TABLE meddra_terms (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      level text NOT NULL CHECK (level IN ('soc', 'hlgt', 'hlt', 'pt', 'llt')),
      code integer NOT NULL,
      name text NOT NULL,
      pt_code integer,
      current boolean NOT NULL DEFAULT true,
      abbrev text,
      folded text GENERATED ALWAYS AS (fold_text(name)) STORED,
      PRIMARY KEY (version_id, level, code)
    )`.execute(db);
  await sql`CREATE INDEX meddra_terms_code ON meddra_terms (code, version_id)`.execute(db);
  await sql`CREATE INDEX meddra_terms_pt ON meddra_terms (version_id, pt_code) WHERE level = 'llt'`.execute(
    db,
  );
  await sql`CREATE INDEX meddra_terms_words ON meddra_terms USING gin (folded gin_trgm_ops) WHERE level = 'llt'`.execute(
    db,
  );

  await sql`
    CREATE TABLE meddra_paths (
      version_id uuid NOT NULL REFERENCES meddra_versions(id) ON DELETE CASCADE,
      pt_code integer NOT NULL,
      hlt_code integer NOT NULL,
      hlgt_code integer NOT NULL,
      soc_code integer NOT NULL,
      is_primary boolean NOT NULL,
      PRIMARY KEY (version_id, pt_code, hlt_code, hlgt_code, soc_code)
    )`.execute(db);
  await sql`CREATE INDEX meddra_paths_hlt ON meddra_paths (version_id, hlt_code)`.execute(db);
  await sql`CREATE INDEX meddra_paths_hlgt ON meddra_paths (version_id, hlgt_code)`.execute(db);
  await sql`CREATE INDEX meddra_paths_soc ON meddra_paths (version_id, soc_code)`.execute(db);
}
