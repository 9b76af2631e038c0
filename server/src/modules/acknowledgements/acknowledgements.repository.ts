import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

const own = { platform: 'a.platform_id', organisation: 'a.organisation_id' };

function selectAcknowledgements(db: Db, scope: Scope) {
  return inScope(db.selectFrom('acknowledgements as a'), scope, own).select([
    'a.id',
    'a.platform_id',
    'a.organisation_id',
    'a.report_id',
    'a.status',
    'a.form_schema',
    'a.code',
    'a.report_code',
    'a.ack',
    'a.created_by',
    'a.created_at',
  ]);
}

export type AcknowledgementRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectAcknowledgements>['executeTakeFirst']>>
>;

/** One acknowledgement (without its XML). */
export async function findAcknowledgement(db: Db, scope: Scope, id: string) {
  return selectAcknowledgements(db, scope).where('a.id', '=', id).executeTakeFirst();
}

/** The acknowledgements of a report, newest first. */
export async function listReportAcknowledgements(db: Db, scope: Scope, reportId: string) {
  return selectAcknowledgements(db, scope)
    .where('a.report_id', '=', reportId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id')
    .limit(1000)
    .execute();
}

/** Acknowledgements by id with their XML, in the order of `ids` (missing ones left out). */
export async function findAcknowledgementXml(db: Db, scope: Scope, ids: readonly string[]) {
  const rows = await inScope(db.selectFrom('acknowledgements as a'), scope, own)
    .select(['a.id', 'a.platform_id', 'a.organisation_id', 'a.xml'])
    .where('a.id', 'in', [...ids])
    .execute();
  return ids.flatMap((id) => rows.filter((r) => r.id === id));
}

export async function insertAcknowledgement(
  db: Db,
  scope: Scope,
  values: {
    platformId: string;
    organisationId: string;
    reportId: string;
    status: string;
    formSchema: string;
    code: string;
    reportCode: string | null;
    ack: unknown;
    xml: string;
    createdBy: string | null;
  },
): Promise<string> {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  const row = await db
    .insertInto('acknowledgements')
    .values({
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      report_id: values.reportId,
      status: values.status,
      form_schema: values.formSchema,
      code: values.code,
      report_code: values.reportCode,
      ack: JSON.stringify(values.ack),
      xml: values.xml,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
