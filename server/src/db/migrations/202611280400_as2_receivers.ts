import { type Kysely, sql } from 'kysely';

/**
 * AS2 (RFC 4130) as a receiver's transport (issue 15, decision 0195): the AS2 names of both
 * sides, the partner's certificate (public: it encrypts what is sent and checks the signed
 * receipt) and the algorithms. Vigilo's own signing key and certificate are credentials,
 * sealed in `credentials_sealed` like the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE receivers
      DROP CONSTRAINT receivers_transport_check,
      ADD CONSTRAINT receivers_transport_check CHECK (transport IN ('none', 'https', 'as2')),
      ADD COLUMN as2_from text CHECK (length(as2_from) BETWEEN 1 AND 128),
      ADD COLUMN as2_to text CHECK (length(as2_to) BETWEEN 1 AND 128),
      ADD COLUMN as2_partner_certificate text,
      ADD COLUMN as2_encryption text NOT NULL DEFAULT 'aes256-cbc'
        CHECK (as2_encryption IN ('aes128-cbc', 'aes192-cbc', 'aes256-cbc', '3des')),
      ADD COLUMN as2_signing text NOT NULL DEFAULT 'sha-256'
        CHECK (as2_signing IN ('sha-1', 'sha-256', 'sha-384', 'sha-512')),
      ADD CONSTRAINT receivers_as2_complete CHECK (
        transport <> 'as2' OR (as2_from IS NOT NULL AND as2_to IS NOT NULL AND as2_partner_certificate IS NOT NULL)
      )`.execute(db);
}
