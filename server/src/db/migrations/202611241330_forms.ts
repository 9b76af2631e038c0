import { type Kysely, sql } from 'kysely';

/**
 * Forms (issue 11): a form schema (which case-document fields a form collects) → form views
 * (sections, questions, labels, translations, conditions; edited by administrators) →
 * immutable form versions (a published snapshot of view + schema + conditions that a
 * report records, decision 0065). Named conditions are a library of expressions that views
 * and integrations reuse. A row with no organisation belongs to the whole platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE form_schemas (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid,
      key text NOT NULL CHECK (key ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      report_type text NOT NULL,
      fields jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CONSTRAINT form_schemas_key UNIQUE NULLS NOT DISTINCT (platform_id, organisation_id, key),
      UNIQUE (platform_id, id)
    )`.execute(db);

  await sql`
    CREATE TABLE form_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid,
      form_schema_id uuid NOT NULL,
      key text NOT NULL CHECK (key ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      audience text NOT NULL CHECK (audience IN ('public', 'professional')),
      definition jsonb NOT NULL,
      conditions jsonb NOT NULL DEFAULT '[]',
      published_version_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      FOREIGN KEY (platform_id, form_schema_id) REFERENCES form_schemas (platform_id, id),
      CONSTRAINT form_views_key UNIQUE NULLS NOT DISTINCT (platform_id, organisation_id, key),
      UNIQUE (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX form_views_schema ON form_views (form_schema_id)`.execute(db);

  await sql`
    CREATE TABLE form_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid,
      form_view_id uuid NOT NULL,
      form_schema_id uuid NOT NULL,
      number integer NOT NULL CHECK (number >= 1),
      definition jsonb NOT NULL,
      changes jsonb NOT NULL DEFAULT '[]',
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      FOREIGN KEY (platform_id, form_view_id) REFERENCES form_views (platform_id, id),
      FOREIGN KEY (platform_id, form_schema_id) REFERENCES form_schemas (platform_id, id),
      CONSTRAINT form_versions_number UNIQUE (form_view_id, number),
      UNIQUE (platform_id, id)
    )`.execute(db);
  await sql`
    ALTER TABLE form_views ADD FOREIGN KEY (platform_id, published_version_id)
      REFERENCES form_versions (platform_id, id)`.execute(db);

  // A version never changes: reports are always shown with the version they were filled with.
  await sql`
    CREATE FUNCTION form_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'form versions are immutable' USING ERRCODE = 'check_violation';
    END $$`.execute(db);
  await sql`CREATE TRIGGER form_versions_immutable BEFORE UPDATE ON form_versions
    FOR EACH ROW EXECUTE FUNCTION form_versions_immutable()`.execute(db);

  await sql`
    CREATE TABLE conditions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      expression text NOT NULL CHECK (length(expression) BETWEEN 1 AND 4000),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      version integer NOT NULL DEFAULT 1,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CONSTRAINT conditions_name UNIQUE NULLS NOT DISTINCT (platform_id, organisation_id, name)
    )`.execute(db);

  for (const table of ['form_schemas', 'form_views', 'conditions']) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_version`)} BEFORE UPDATE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION bump_version()`.execute(db);
  }
}
