import { type Kysely, sql } from 'kysely';

/**
 * Drug products and IDAPS (issue 13, decisions 0140–0144). Each organisation's product
 * list: its versions (the meta file: version, source, date, how to read the CSV) and its
 * products (one row per product code, replaced by each upload in one transaction). IDAPS
 * snapshots computed by a background job: one fact per (product, report, reaction) of the
 * organisation's reports, so a profile is summed over any range of receipt dates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE drug_lists (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      version text,
      source text,
      published_on date,
      delimiter text NOT NULL DEFAULT ',',
      substance_separator text NOT NULL DEFAULT '|',
      columns jsonb NOT NULL DEFAULT '{}',
      file_name text,
      products integer NOT NULL DEFAULT 0,
      added integer NOT NULL DEFAULT 0,
      updated integer NOT NULL DEFAULT 0,
      removed integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      imported_by uuid REFERENCES users(id) ON DELETE SET NULL,
      imported_at timestamptz,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id) ON DELETE CASCADE
    )`.execute(db);
  // A version label names one list version of an organisation (NULLs, unlabelled uploads, repeat).
  await sql`CREATE UNIQUE INDEX drug_lists_version ON drug_lists (organisation_id, version)`.execute(db);
  await sql`CREATE INDEX drug_lists_newest ON drug_lists (organisation_id, created_at DESC, id DESC)`.execute(
    db,
  );

  // array_to_string() is only STABLE; the text searched is a pure function of the row, so a
  // wrapper may say IMMUTABLE and feed a generated column (as fold_text does, 202611241700).
  await sql`
    CREATE OR REPLACE FUNCTION drug_search_text(name text, substances text[], authorisation text, code text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT fold_text(name || ' ' || array_to_string(substances, ' ') || ' '
      || coalesce(authorisation, '') || ' ' || code) $$`.execute(db);
  await sql`
    CREATE TABLE drugs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      list_id uuid NOT NULL REFERENCES drug_lists(id),
      code text NOT NULL,
      name text NOT NULL,
      substances text[] NOT NULL DEFAULT '{}',
      strength text,
      dose_form text,
      authorisation_number text,
      holder text,
      country text,
      name_folded text GENERATED ALWAYS AS (fold_text(name)) STORED,
      search text GENERATED ALWAYS AS (drug_search_text(name, substances, authorisation_number, code)) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id) ON DELETE CASCADE,
      CONSTRAINT drugs_code UNIQUE (organisation_id, code)
    )`.execute(db);
  await sql`CREATE INDEX drugs_name ON drugs (organisation_id, name_folded, id)`.execute(db);
  await sql`CREATE INDEX drugs_search ON drugs USING gin (search gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX drugs_authorisation ON drugs (organisation_id, fold_text(authorisation_number))
    WHERE authorisation_number IS NOT NULL`.execute(db);
  await sql`CREATE INDEX drugs_list ON drugs (list_id)`.execute(db);

  await sql`
    CREATE TABLE idaps_snapshots (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'computing', 'published', 'failed')),
      reports integer NOT NULL DEFAULT 0,
      reactions integer NOT NULL DEFAULT 0,
      uncoded integer NOT NULL DEFAULT 0,
      error text,
      requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
      requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      published_at timestamptz,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id) ON DELETE CASCADE
    )`.execute(db);
  // One computation waiting or running per organisation: a second request meets it (409).
  await sql`CREATE UNIQUE INDEX idaps_snapshots_pending ON idaps_snapshots (organisation_id)
    WHERE status IN ('queued', 'computing')`.execute(db);
  await sql`CREATE INDEX idaps_snapshots_published ON idaps_snapshots (organisation_id, published_at DESC)
    WHERE status = 'published'`.execute(db);

  await sql`
    CREATE TABLE idaps_facts (
      snapshot_id uuid NOT NULL REFERENCES idaps_snapshots(id) ON DELETE CASCADE,
      drug_id uuid NOT NULL REFERENCES drugs(id) ON DELETE CASCADE,
      report_id uuid NOT NULL,
      receipt_date date,
      soc_code integer NOT NULL,
      soc_name text NOT NULL,
      pt_code integer NOT NULL,
      pt_name text NOT NULL,
      serious boolean NOT NULL,
      fatal boolean NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX idaps_facts_drug ON idaps_facts (snapshot_id, drug_id, receipt_date)`.execute(db);
  await sql`CREATE INDEX idaps_facts_pt ON idaps_facts (snapshot_id, pt_code)`.execute(db);
  await sql`CREATE INDEX idaps_facts_soc ON idaps_facts (snapshot_id, soc_code)`.execute(db);
}
