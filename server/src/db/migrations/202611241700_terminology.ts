import { type Kysely, sql } from 'kysely';

/**
 * Terminology (issue 13, decision 0110): entries of an organisation's dictionaries and the
 * arrangements (ordered, hierarchical picklists) made of them. Organisation-owned rows.
 * Search ignores accents and case through an immutable unaccent wrapper (usable in an
 * index) and pg_trgm for words inside terms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  // unaccent() is only STABLE (its dictionary could change); naming the dictionary makes a
  // wrapper that may be IMMUTABLE, so expression indexes can use it.
  await sql`
    CREATE OR REPLACE FUNCTION fold_text(value text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
    AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`.execute(db);

  await sql`
    CREATE TABLE terminology_entries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      dictionary text NOT NULL,
      code text NOT NULL,
      term text NOT NULL,
      parent_id uuid REFERENCES terminology_entries(id) ON DELETE SET NULL,
      reference text,
      attributes jsonb NOT NULL DEFAULT '{}',
      translations jsonb NOT NULL DEFAULT '{}',
      search text GENERATED ALWAYS AS (fold_text(code || ' ' || term || ' ' || translations::text)) STORED,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id) ON DELETE CASCADE,
      CONSTRAINT terminology_entries_code UNIQUE (organisation_id, dictionary, code)
    )`.execute(db);
  await sql`CREATE INDEX terminology_entries_reference ON terminology_entries (organisation_id, reference)
    WHERE reference IS NOT NULL`.execute(db);
  await sql`CREATE INDEX terminology_entries_parent ON terminology_entries (parent_id)`.execute(db);
  await sql`CREATE INDEX terminology_entries_search ON terminology_entries USING gin (search gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE terminology_arrangements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      dictionary text NOT NULL,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      items jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id) ON DELETE CASCADE,
      CONSTRAINT terminology_arrangements_name UNIQUE (organisation_id, name)
    )`.execute(db);
}
