import { type Kysely, sql } from 'kysely';

/**
 * Links mailed to prove an email address before it is used (decision 0025): a new sign-in
 * email set by an administrator (`email_change`), and a self-registration that reaches the
 * administrators' queue only once its address is proven (`account_request`). Single use,
 * expiring; only the token's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL REFERENCES platforms(id),
      purpose text NOT NULL CHECK (purpose IN ('email_change', 'account_request')),
      email citext NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
      user_id uuid REFERENCES users(id) ON DELETE CASCADE,
      organisation_id uuid,
      requested_by uuid,
      payload jsonb NOT NULL DEFAULT '{}',
      password_hash text,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((purpose = 'email_change') = (user_id IS NOT NULL)),
      CHECK ((purpose = 'account_request') = (organisation_id IS NOT NULL)),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX email_links_user ON email_links (user_id) WHERE used_at IS NULL`.execute(db);
  await sql`CREATE INDEX email_links_email ON email_links (platform_id, email) WHERE used_at IS NULL`.execute(
    db,
  );
}
