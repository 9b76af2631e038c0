import { type Kysely, sql } from 'kysely';

/**
 * Case management (issue 12, decisions 0100–0104): the lifecycle's statuses (a sent report
 * is `received`, no longer `submitted`, which now means sent to a regulator), who a case is
 * assigned to, soft deletion, the regulatory clock's due day, and full-text search over the
 * narrative, the reactions as reported and the medicines' names (`search_text`, written by
 * intake from each version's document; PostgreSQL full text and trigram indexes on it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE reports SET status = 'received' WHERE status = 'submitted'`.execute(db);
  await sql`
    ALTER TABLE reports
      ADD CONSTRAINT reports_status CHECK (status IN ('draft', 'received', 'in_triage', 'assigned',
        'coded', 'verified', 'ready_to_submit', 'submitted', 'closed', 'nullified', 'duplicate')),
      ADD COLUMN assignee_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN assigned_at timestamptz,
      ADD COLUMN deleted_at timestamptz,
      ADD COLUMN deleted_by uuid,
      ADD COLUMN deletion_reason text CHECK (deletion_reason IS NULL OR length(deletion_reason) BETWEEN 1 AND 1000),
      ADD COLUMN search_text text,
      ADD COLUMN due_date date GENERATED ALWAYS AS
        (receipt_date + CASE WHEN serious THEN 15 ELSE 90 END) STORED,
      ADD COLUMN clock_running boolean GENERATED ALWAYS AS
        (status NOT IN ('draft', 'submitted', 'closed', 'nullified', 'duplicate')) STORED,
      ADD COLUMN search_vector tsvector GENERATED ALWAYS AS
        (to_tsvector('simple', coalesce(search_text, ''))) STORED`.execute(db);

  // The text of the reports already stored, the same parts reports.columns.ts takes.
  await sql`
    UPDATE reports r SET search_text = concat_ws(' ',
        v.document #>> '{H,narrative}',
        (SELECT string_agg(x #>> '{}', ' ') FROM jsonb_path_query(v.document, '$.E.reactions[*].nativeTerm') x),
        (SELECT string_agg(x #>> '{}', ' ') FROM jsonb_path_query(v.document, '$.G.drugs[*].name') x))
      FROM report_versions v
     WHERE v.report_id = r.id AND v.version = r.current_version`.execute(db);

  // The inbox: open cases first, by the day their clock runs out (decision 0101).
  await sql`CREATE INDEX reports_inbox ON reports
    (organisation_id, (NOT clock_running), (coalesce(due_date, 'infinity'::date)), id)
    WHERE deleted_at IS NULL`.execute(db);
  await sql`CREATE INDEX reports_organisation_status ON reports (organisation_id, status) WHERE deleted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX reports_assignee ON reports (assignee_user_id) WHERE assignee_user_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX reports_ext_report_id ON reports (platform_id, ext_report_id) WHERE ext_report_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX reports_search_vector ON reports USING gin (search_vector)`.execute(db);
  await sql`CREATE INDEX reports_search_trgm ON reports USING gin (search_text gin_trgm_ops)`.execute(db);
}
