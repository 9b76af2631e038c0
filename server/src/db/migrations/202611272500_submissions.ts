import { type Kysely, sql } from 'kysely';

/**
 * Submissions to receivers (issue 15, decisions 0170–0171). Receivers (until now a name in an
 * organisation's list) gain their E2B identifiers, validation profile, masking, due-date rule
 * and transport; credentials are sealed (decision 0057). A submission sends one case version
 * to receivers: one submission report per receiver with the exact message sent, and one
 * delivery row per (receiver, message id) claimed before the message leaves.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE receivers
      ADD COLUMN batch_sender text CHECK (length(batch_sender) BETWEEN 1 AND 60),
      ADD COLUMN batch_receiver text CHECK (length(batch_receiver) BETWEEN 1 AND 60),
      ADD COLUMN message_sender text CHECK (length(message_sender) BETWEEN 1 AND 60),
      ADD COLUMN message_receiver text CHECK (length(message_receiver) BETWEEN 1 AND 60),
      ADD COLUMN profile text NOT NULL DEFAULT 'ich' CHECK (profile IN ('ich', 'fda', 'eu')),
      ADD COLUMN mask_personal_data boolean NOT NULL DEFAULT false,
      ADD COLUMN due_days_serious integer NOT NULL DEFAULT 15 CHECK (due_days_serious BETWEEN 1 AND 365),
      ADD COLUMN due_days_non_serious integer NOT NULL DEFAULT 90
        CHECK (due_days_non_serious BETWEEN 1 AND 365),
      ADD COLUMN transport text NOT NULL DEFAULT 'none' CHECK (transport IN ('none', 'https')),
      ADD COLUMN url text,
      ADD COLUMN auth text NOT NULL DEFAULT 'none'
        CHECK (auth IN ('none', 'bearer', 'basic', 'client_certificate')),
      ADD COLUMN ca_certificate text,
      ADD COLUMN credentials_sealed text,
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT receivers_org_id UNIQUE (organisation_id, id)`.execute(db);
  await sql`CREATE UNIQUE INDEX receivers_organisation_name ON receivers (organisation_id, lower(name))
    WHERE organisation_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE submissions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      report_id uuid NOT NULL REFERENCES reports(id),
      report_version integer NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX submissions_org ON submissions (organisation_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX submissions_report ON submissions (report_id)`.execute(db);

  await sql`
    CREATE TABLE submission_reports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      submission_id uuid NOT NULL REFERENCES submissions(id),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      report_id uuid NOT NULL REFERENCES reports(id),
      receiver_id uuid NOT NULL,
      receiver_name text NOT NULL,
      message_id text NOT NULL CHECK (length(message_id) BETWEEN 1 AND 100),
      profile text NOT NULL CHECK (profile IN ('ich', 'fda', 'eu')),
      masked boolean NOT NULL,
      xml text NOT NULL,
      document jsonb NOT NULL,
      valid boolean NOT NULL,
      findings jsonb NOT NULL DEFAULT '[]',
      status text NOT NULL DEFAULT 'NOT_SENT'
        CHECK (status IN ('NOT_SENT', 'SENT', 'IN_REVIEW', 'ACCEPTED', 'REJECTED', 'FAILED')),
      status_reason text,
      manually_processed_reason text,
      review_status text NOT NULL DEFAULT 'PENDING' CHECK (review_status IN ('PENDING', 'APPROVED', 'REJECTED')),
      approval_comment text,
      rejection_comment text,
      serious boolean NOT NULL,
      day_zero date NOT NULL,
      due_date date NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      http_status integer,
      response_body text,
      ack_code text,
      ack_errors jsonb NOT NULL DEFAULT '[]',
      sent_at timestamptz,
      acknowledged_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      FOREIGN KEY (organisation_id, receiver_id) REFERENCES receivers (organisation_id, id),
      CONSTRAINT submission_reports_once UNIQUE (submission_id, receiver_id),
      CONSTRAINT submission_reports_message UNIQUE (receiver_id, message_id)
    )`.execute(db);
  await sql`CREATE INDEX submission_reports_org ON submission_reports (organisation_id, due_date, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX submission_reports_submission ON submission_reports (submission_id)`.execute(db);
  await sql`CREATE INDEX submission_reports_message_id ON submission_reports (message_id)`.execute(db);

  // The claim: one row per (receiver, message id), written and committed before the message
  // leaves, so two workers never send one message at once and a recorded success is final.
  await sql`
    CREATE TABLE submission_deliveries (
      receiver_id uuid NOT NULL,
      message_id text NOT NULL,
      submission_report_id uuid NOT NULL REFERENCES submission_reports(id),
      state text NOT NULL DEFAULT 'sending' CHECK (state IN ('sending', 'delivered', 'failed')),
      lease_until timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (receiver_id, message_id)
    )`.execute(db);
}
