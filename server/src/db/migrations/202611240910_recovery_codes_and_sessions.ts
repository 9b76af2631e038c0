import { type Kysely, sql } from 'kysely';

/**
 * Recovery codes for a lost second factor (ten, shown once, kept hashed, single use), and
 * what the list of active sessions shows of each: the browser's user agent and the address
 * it signed in from, kept on every refresh token of the family (decision 0036).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE mfa_recovery_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, code_hash)
    )`.execute(db);
  await sql`ALTER TABLE refresh_tokens ADD COLUMN user_agent text`.execute(db);
  await sql`ALTER TABLE refresh_tokens ADD COLUMN ip text`.execute(db);
}
