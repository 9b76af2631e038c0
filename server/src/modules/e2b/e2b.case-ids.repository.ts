import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

/** Each case's C.1.1, assigned once (decision 0240), and what else a message reads of its history. */
const own = { platform: 'c.platform_id', organisation: 'c.organisation_id' };

export async function findCaseId(db: Db, scope: Scope, reportId: string): Promise<string | undefined> {
  const row = await inScope(db.selectFrom('report_case_ids as c'), scope, own)
    .select('c.safety_report_id')
    .where('c.report_id', '=', reportId)
    .executeTakeFirst();
  return row?.safety_report_id;
}

/** Keeps `safetyReportId` for the case unless it has one: true when this call assigned it. */
export async function insertCaseId(
  db: Db,
  scope: Scope,
  values: { reportId: string; platformId: string; organisationId: string; safetyReportId: string },
): Promise<boolean> {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  const inserted = await db
    .insertInto('report_case_ids')
    .values({
      report_id: values.reportId,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      safety_report_id: values.safetyReportId,
    })
    .onConflict((oc) => oc.column('report_id').doNothing())
    .returning('report_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The reason given when the case was last nullified (its status change's audit row). */
export async function nullificationReason(db: Db, scope: Scope, reportId: string): Promise<string | null> {
  const row = await inScope(db.selectFrom('audit_log as a'), scope, {
    platform: 'a.platform_id',
    organisation: 'a.organisation_id',
  })
    .select('a.reason')
    .where('a.entity_type', '=', 'report')
    .where('a.entity_id', '=', reportId)
    .where('a.action', '=', 'report.status_changed')
    .where(sql<boolean>`a.changes @> '[{"path": "status", "new": "nullified"}]'::jsonb`)
    .orderBy('a.id', 'desc')
    .executeTakeFirst();
  return row?.reason ?? null;
}
