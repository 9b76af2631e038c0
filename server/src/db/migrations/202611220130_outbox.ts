import { type Kysely, sql } from 'kysely';

/** Every message Vigilo sends (email, SMS, push) is a row here first; a job delivers it. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE outbox_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid REFERENCES platforms(id),
      organisation_id uuid,
      channel text NOT NULL CHECK (channel IN ('email', 'sms', 'push')),
      recipient text NOT NULL,
      subject text,
      body_text text NOT NULL,
      body_html text,
      template text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sent', 'failed')),
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      provider_message_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX outbox_recipient ON outbox_messages (recipient, created_at DESC)`.execute(db);
  await sql`CREATE INDEX outbox_platform ON outbox_messages (platform_id, created_at DESC)`.execute(db);
}
