import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on (OpenID Connect providers per platform, identities = issuer + subject,
 * the short-lived sign-in state and hand-off codes) and integrations (applications of an
 * organisation and their API keys, stored as SHA-256 hashes). See decisions 0015 and 0016.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_providers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      issuer_url text NOT NULL,
      client_id text NOT NULL,
      client_secret_encrypted text,
      scopes text[] NOT NULL DEFAULT '{openid,email,profile}',
      enabled boolean NOT NULL DEFAULT true,
      allowed_email_domains text[] NOT NULL DEFAULT '{}',
      auto_create_users boolean NOT NULL DEFAULT false,
      auto_create_organisation_id uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, auto_create_organisation_id) REFERENCES organisations (platform_id, id),
      CHECK (NOT auto_create_users OR auto_create_organisation_id IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX sso_providers_platform ON sso_providers (platform_id, name)`.execute(db);

  await sql`
    CREATE TABLE user_identities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      provider_id uuid REFERENCES sso_providers(id) ON DELETE SET NULL,
      issuer text NOT NULL,
      subject text NOT NULL,
      email citext,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_login_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (platform_id, issuer, subject)
    )`.execute(db);
  await sql`CREATE INDEX user_identities_user ON user_identities (user_id)`.execute(db);

  await sql`
    CREATE TABLE sso_login_states (
      state text PRIMARY KEY,
      provider_id uuid NOT NULL REFERENCES sso_providers(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      nonce text NOT NULL,
      code_verifier text NOT NULL,
      browser_hash text NOT NULL,
      return_to text,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE sso_handoffs (
      code_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      provider_id uuid REFERENCES sso_providers(id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE applications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      submission_service_user boolean NOT NULL DEFAULT false,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      UNIQUE (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX applications_organisation ON applications (organisation_id, name)`.execute(db);
  await sql`CREATE UNIQUE INDEX applications_one_default ON applications (organisation_id) WHERE is_default`.execute(
    db,
  );

  await sql`
    CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      application_id uuid NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      key_hash text NOT NULL,
      prefix text NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX api_keys_organisation ON api_keys (organisation_id) WHERE revoked_at IS NULL`.execute(
    db,
  );
}
