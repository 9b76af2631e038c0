import { type Kysely, sql } from 'kysely';

/**
 * Organisation details, contacts, locations, invites, user groups, and the small
 * organisation-scoped lists whose management arrives with later areas (decision 0013).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE workspaces (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
      code text,
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform_id, id)
    )`.execute(db);

  await sql`
    ALTER TABLE organisations
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN email citext,
      ADD COLUMN phone text,
      ADD COLUMN website text,
      ADD COLUMN address text NOT NULL DEFAULT '',
      ADD COLUMN location_provider text,
      ADD COLUMN workspace_id uuid,
      ADD FOREIGN KEY (platform_id, workspace_id) REFERENCES workspaces (platform_id, id)`.execute(db);
  await sql`CREATE INDEX organisations_name_trgm ON organisations USING gin (name gin_trgm_ops)`.execute(db);
  await sql`ALTER TABLE platforms ADD COLUMN server_configuration jsonb NOT NULL DEFAULT '{}'`.execute(db);

  await sql`
    CREATE TABLE organisation_contacts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      name text NOT NULL,
      title text NOT NULL DEFAULT '',
      email citext,
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX organisation_contacts_org ON organisation_contacts (organisation_id, name)`.execute(
    db,
  );

  await sql`
    CREATE TABLE locations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
      code text,
      location_provider text NOT NULL DEFAULT 'manual',
      data jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      UNIQUE (organisation_id, id)
    )`.execute(db);
  await sql`CREATE INDEX locations_org ON locations (organisation_id, name)`.execute(db);

  // Lists owned by later areas; same shape, so one repository function serves them all.
  for (const table of [
    'receivers',
    'sources',
    'themes',
    'translations',
    'hospitals',
    'profession_groups',
    'professions',
  ]) {
    await sql`
      CREATE TABLE ${sql.table(table)} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        platform_id uuid NOT NULL REFERENCES platforms(id),
        organisation_id uuid,
        name text NOT NULL,
        code text,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
      )`.execute(db);
    await sql`CREATE INDEX ${sql.id(`${table}_scope`)} ON ${sql.table(table)} (platform_id, organisation_id, name)`.execute(
      db,
    );
  }

  await sql`
    CREATE TABLE organisation_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      email citext NOT NULL,
      role text NOT NULL CHECK (role IN ('reporter', 'organisation_staff', 'organisation_admin', 'assessor')),
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX organisation_invites_org ON organisation_invites (organisation_id, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX organisation_invites_user ON organisation_invites (accepted_user_id)`.execute(db);

  await sql`
    CREATE TABLE user_groups (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      description text NOT NULL DEFAULT '',
      report_types text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      UNIQUE (organisation_id, id)
    )`.execute(db);
  await sql`CREATE INDEX user_groups_org ON user_groups (organisation_id, name)`.execute(db);
  await sql`
    CREATE TABLE user_group_users (
      group_id uuid NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX user_group_users_user ON user_group_users (user_id)`.execute(db);
  await sql`
    CREATE TABLE user_group_locations (
      group_id uuid NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
      location_id uuid NOT NULL REFERENCES locations(id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, location_id)
    )`.execute(db);
}
