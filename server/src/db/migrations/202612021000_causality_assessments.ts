import { type Kysely, sql } from 'kysely';

/**
 * Causality assessments (issue 24 §3, decision 0270): each one recorded on a drug × reaction of
 * a case, kept whole (Naranjo's ten answers, the score and category the server computed, the
 * comment, who and when) beside the G.k.9.i.2.r entry it wrote into the case document. Never
 * changed once written, except to be withdrawn (who, when, why).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE causality_assessments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      platform_id uuid NOT NULL REFERENCES platforms(id),
      organisation_id uuid NOT NULL,
      drug_id text NOT NULL CHECK (length(drug_id) BETWEEN 1 AND 100),
      reaction_id text NOT NULL CHECK (length(reaction_id) BETWEEN 1 AND 100),
      source text NOT NULL CHECK (source IN ('reporter', 'organisation', 'regulator', 'company', 'other')),
      method text NOT NULL CHECK (method IN ('who-umc', 'naranjo')),
      category text NOT NULL,
      score integer,
      naranjo jsonb,
      entry_source text NOT NULL CHECK (length(entry_source) BETWEEN 1 AND 60),
      entry_method text NOT NULL CHECK (length(entry_method) BETWEEN 1 AND 60),
      entry_result text NOT NULL CHECK (length(entry_result) BETWEEN 1 AND 60),
      comment text CHECK (length(comment) <= 2000),
      report_version integer NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_by uuid REFERENCES users(id) ON DELETE SET NULL,
      withdrawn_at timestamptz,
      withdrawn_reason text,
      withdrawn_report_version integer,
      FOREIGN KEY (platform_id, organisation_id) REFERENCES organisations (platform_id, id),
      CHECK (
        (method = 'who-umc' AND score IS NULL AND naranjo IS NULL
          AND category IN ('certain', 'probable', 'possible', 'unlikely', 'conditional', 'unassessable'))
        OR (method = 'naranjo' AND score BETWEEN -4 AND 13 AND naranjo IS NOT NULL
          AND category IN ('definite', 'probable', 'possible', 'doubtful'))
      ),
      CHECK ((withdrawn_at IS NULL) = (withdrawn_reason IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX causality_assessments_report ON causality_assessments (report_id, created_at)`.execute(
    db,
  );
}
