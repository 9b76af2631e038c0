import { type Kysely, sql } from 'kysely';

/** Extensions, the tenancy tables (platform → organisation → user) and refresh tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);

  await sql`
    CREATE TABLE platforms (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      domain citext UNIQUE,
      mfa_methods text[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE organisations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
      kind text NOT NULL DEFAULT 'other',
      country text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX organisations_platform ON organisations (platform_id, name)`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      email citext NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      username citext,
      password_hash text,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      language text NOT NULL DEFAULT 'en',
      account_type text NOT NULL DEFAULT 'standard',
      default_organisation_id uuid,
      deactivated_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform_id, email),
      UNIQUE (platform_id, username),
      FOREIGN KEY (platform_id, default_organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX users_email ON users (email)`.execute(db);

  await sql`
    CREATE TABLE memberships (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      organisation_id uuid,
      role text NOT NULL CHECK (role IN ('reporter', 'organisation_staff', 'organisation_admin', 'assessor', 'platform_admin', 'system_admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CHECK ((role IN ('platform_admin', 'system_admin')) = (organisation_id IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX memberships_unique ON memberships (user_id, coalesce(organisation_id, '00000000-0000-0000-0000-000000000000'), role)`.execute(
    db,
  );
  await sql`CREATE INDEX memberships_organisation ON memberships (organisation_id)`.execute(db);

  await sql`
    CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      family_id uuid NOT NULL,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      family_created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      rotated_at timestamptz,
      revoked_at timestamptz,
      revoked_reason text
    )`.execute(db);
  await sql`CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id)`.execute(db);
  await sql`CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id) WHERE revoked_at IS NULL`.execute(
    db,
  );
}
