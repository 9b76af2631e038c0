import { type Kysely, sql } from 'kysely';

/**
 * SSO no longer links accounts by email, and asks Vigilo's second factor (decision 0031):
 * - a provider may be marked trusted for MFA by its administrator (off by default);
 * - a sign-in state may belong to a signed-in user linking their own account;
 * - a hand-off code records whether the provider's MFA counts for this sign-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE sso_providers ADD COLUMN trusted_for_mfa boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    ALTER TABLE sso_login_states
      ADD COLUMN link_user_id uuid REFERENCES users(id) ON DELETE CASCADE`.execute(db);
  await sql`ALTER TABLE sso_handoffs ADD COLUMN provider_mfa boolean NOT NULL DEFAULT false`.execute(db);
}
