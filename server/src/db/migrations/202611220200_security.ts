import { type Kysely, sql } from 'kysely';

/** Sign-in security: second factors, SMS codes, remembered devices, throttling, one-time tokens. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mfa_factors (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('totp', 'sms')),
      phone_number text,
      secret_box text,
      last_time_step bigint,
      remember_device boolean NOT NULL DEFAULT false,
      verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((method = 'totp') = (secret_box IS NOT NULL)),
      CHECK ((method = 'sms') = (phone_number IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX mfa_factors_user ON mfa_factors (user_id)`.execute(db);

  await sql`
    CREATE TABLE sms_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid REFERENCES platforms(id),
      phone_number text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sms_codes_phone ON sms_codes (phone_number, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE remembered_devices (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      last_used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX remembered_devices_user ON remembered_devices (user_id)`.execute(db);

  await sql`
    CREATE TABLE login_attempts (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX login_attempts_key ON login_attempts (key, created_at)`.execute(db);

  await sql`
    CREATE TABLE access_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (length(purpose) BETWEEN 1 AND 50),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX access_tokens_user ON access_tokens (user_id, purpose) WHERE used_at IS NULL`.execute(
    db,
  );
}
