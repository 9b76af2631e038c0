import { type Insertable, sql } from 'kysely';
import type { CausalityAssessmentTable } from '../../db/tables/causality.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

/**
 * Causality assessments (decision 0270): Kysely queries only, each within the caller's scope.
 * An assessment is seen through its case: whoever the case's organisation is now (a case sent
 * to another organisation takes its assessments along), so the scope filters on the report.
 */

const ofCase = {
  platform: 'r.platform_id',
  organisation: 'r.organisation_id',
  // The caller's user groups narrow which cases it sees (decision 0014), and so their assessments.
  reportType: 'r.report_type',
  location: 'r.location_id',
};

/** The ids of the cases the scope sees (soft-deleted ones are not found). */
const visibleCases = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('reports as r'), scope, ofCase).select('r.id').where('r.deleted_at', 'is', null);

const selectAssessments = (db: Db, scope: Scope) =>
  db
    .selectFrom('causality_assessments as c')
    .where('c.report_id', 'in', visibleCases(db, scope))
    .leftJoin('users as by', 'by.id', 'c.created_by')
    .leftJoin('users as wb', 'wb.id', 'c.withdrawn_by')
    .selectAll('c')
    .select([
      'by.first_name as by_first_name',
      'by.last_name as by_last_name',
      'by.email as by_email',
      'wb.first_name as wb_first_name',
      'wb.last_name as wb_last_name',
      'wb.email as wb_email',
    ]);

export type AssessmentRow = NonNullable<Awaited<ReturnType<typeof findAssessment>>>;

/** Every assessment of a case, oldest first (the order G.k.9.i.2.r entries are matched in). */
export function listAssessments(db: Db, scope: Scope, reportId: string) {
  return selectAssessments(db, scope)
    .where('c.report_id', '=', reportId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
}

/** One assessment of a case; another case's id (or another tenant's) is not found. */
export function findAssessment(db: Db, scope: Scope, reportId: string, id: string) {
  return selectAssessments(db, scope)
    .where('c.report_id', '=', reportId)
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function insertAssessment(
  db: Db,
  scope: Scope,
  values: Insertable<CausalityAssessmentTable> & { platform_id: string; organisation_id: string },
): Promise<string> {
  requireCovers(scope, values.platform_id, values.organisation_id, 'Report');
  const row = await db
    .insertInto('causality_assessments')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markWithdrawn(
  db: Db,
  scope: Scope,
  id: string,
  values: { by: string | null; reason: string; reportVersion: number | null },
): Promise<void> {
  await db
    .updateTable('causality_assessments as c')
    .set({
      withdrawn_by: values.by,
      withdrawn_at: sql<Date>`now()`,
      withdrawn_reason: values.reason,
      withdrawn_report_version: values.reportVersion,
    })
    .where('c.id', '=', id)
    .where('c.report_id', 'in', visibleCases(db, scope))
    .execute();
}

/** The name of the organisation that holds a case: the source text of its own assessments. */
export async function organisationName(db: Db, scope: Scope, organisationId: string) {
  const row = await inScope(db.selectFrom('organisations as o'), scope, {
    platform: 'o.platform_id',
    organisation: 'o.id',
  })
    .select('o.name')
    .where('o.id', '=', organisationId)
    .executeTakeFirst();
  return row?.name ?? null;
}
