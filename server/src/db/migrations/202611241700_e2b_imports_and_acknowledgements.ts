import { type Kysely, sql } from 'kysely';

/**
 * E2B(R3) (issue 14): what an imported message held that has no place in the case document
 * is kept with the version it made (report_xml_imports), and the acknowledgements of a
 * report (ENDPOINTS.md section 5) are stored with their tenant and their XML.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE report_xml_imports (
      report_id uuid NOT NULL,
      version integer NOT NULL,
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      file_name text,
      unmapped jsonb NOT NULL DEFAULT '[]',
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (report_id, version),
      FOREIGN KEY (report_id, version) REFERENCES report_versions (report_id, version) ON DELETE CASCADE,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);

  await sql`
    CREATE TABLE acknowledgements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      platform_id uuid NOT NULL,
      organisation_id uuid NOT NULL,
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      status text NOT NULL CHECK (status IN ('received', 'sent')),
      form_schema text NOT NULL DEFAULT 'MCCI_IN200101UV01',
      code text NOT NULL CHECK (code IN ('AA', 'AE', 'AR')),
      report_code text CHECK (report_code IN ('CA', 'CR')),
      ack jsonb NOT NULL,
      xml text NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id)
    )`.execute(db);
  await sql`CREATE INDEX acknowledgements_report ON acknowledgements (report_id, created_at DESC)`.execute(
    db,
  );
}
