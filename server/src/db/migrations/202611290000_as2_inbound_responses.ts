import { type Kysely, sql } from 'kysely';

/**
 * Acknowledgements that come by AS2 (decision 0196): a kept response says how it came
 * (`api`: posted to POST /v1/submissions/responses; `as2`: sent by a receiver's AS2 gateway,
 * or the MDN answered when Vigilo sent), what it is (an E2B acknowledgement, an AS2 receipt
 * (MDN), or something else kept as it came), from which receiver, and under which AS2
 * Message-ID: the same Message-ID from the same receiver is processed once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE submission_responses
      ADD COLUMN via text NOT NULL DEFAULT 'api' CHECK (via IN ('api', 'as2')),
      ADD COLUMN kind text NOT NULL DEFAULT 'acknowledgement' CHECK (kind IN ('acknowledgement', 'mdn', 'other')),
      ADD COLUMN receiver_id uuid REFERENCES receivers(id) ON DELETE SET NULL,
      ADD COLUMN as2_message_id text CHECK (length(as2_message_id) BETWEEN 1 AND 998),
      ADD COLUMN content_type text,
      ADD CONSTRAINT submission_responses_as2_once UNIQUE (receiver_id, as2_message_id)`.execute(db);
}
