import { type Kysely, sql } from 'kysely';

/**
 * SSO identities are keyed by provider (decision 0330): two providers of a platform with the
 * same issuer URL (two client registrations at one identity provider) no longer share the
 * identities linked through either. The old key (platform, issuer, subject) was stricter, so
 * no row already stored breaks the new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE user_identities
    DROP CONSTRAINT user_identities_platform_id_issuer_subject_key,
    ADD CONSTRAINT user_identities_provider_id_issuer_subject_key UNIQUE (provider_id, issuer, subject)`.execute(
    db,
  );
}
