import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import { reportColumns } from './reports.repository.ts';

/**
 * Case shares (decision 0130): a share row belongs to the organisation that made it
 * (`organisation_id`) when it is changed, and to the organisation it was made for
 * (`shared_with_organisation_id`) when that one reads the case through it.
 */

const madeBy = { platform: 's.platform_id', organisation: 's.organisation_id' };
const madeFor = { platform: 's.platform_id', organisation: 's.shared_with_organisation_id' };

const shareColumns = [
  's.id',
  's.report_id',
  's.organisation_id',
  's.shared_with_organisation_id',
  's.reveal',
  's.created_by',
  's.created_at',
  's.updated_at',
] as const;

type Unqualified = (typeof shareColumns)[number] extends `s.${infer C}` ? C : never;

/** The share of a case with one organisation, made by an organisation of the scope. */
export async function findShare(db: Db, scope: Scope, reportId: string, withOrganisationId: string) {
  return inScope(db.selectFrom('report_shares as s'), scope, madeBy)
    .select(shareColumns)
    .where('s.report_id', '=', reportId)
    .where('s.shared_with_organisation_id', '=', withOrganisationId)
    .executeTakeFirst();
}

/** Shares a case (or changes what an existing share reveals); answers the share as stored. */
export async function upsertShare(
  db: Db,
  scope: Scope,
  values: {
    reportId: string;
    platformId: string;
    organisationId: string;
    withOrganisationId: string;
    reveal: string[];
    by: string;
  },
) {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  return db
    .insertInto('report_shares')
    .values({
      report_id: values.reportId,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      shared_with_organisation_id: values.withOrganisationId,
      reveal: values.reveal,
      created_by: values.by,
    })
    .onConflict((oc) =>
      oc.columns(['report_id', 'shared_with_organisation_id']).doUpdateSet({
        // A share made by an earlier holder of the case is taken over by its holder now.
        organisation_id: values.organisationId,
        reveal: values.reveal,
        created_by: values.by,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returning(shareColumns.map((c) => c.slice(2) as Unqualified))
    .executeTakeFirstOrThrow();
}

/** Ends a share. */
export async function deleteShare(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('report_shares as s'), scope, madeBy).where('s.id', '=', id).execute();
}

/** The case a share link names: its external id, or its reference (upper-cased). */
const named = (link: string) =>
  sql<SqlBool>`(r.ext_report_id = ${link} or r.reference = ${link.toUpperCase()})`;

const viewColumns = [
  'r.id',
  'r.platform_id',
  'r.organisation_id',
  'r.reference',
  'r.ext_report_id',
  'r.status',
  'r.report_type',
  'r.serious',
  'r.seriousness',
  'r.country',
  'r.current_version',
  'r.updated_at',
  'v.document',
] as const;

/** The newest case the link names among those the scope holds (user groups narrowing as everywhere). */
export async function findHeldCaseByLink(db: Db, scope: Scope, link: string) {
  return inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .innerJoin('report_versions as v', (join) =>
      join.onRef('v.report_id', '=', 'r.id').onRef('v.version', '=', 'r.current_version'),
    )
    .select([...viewColumns, sql<string | null>`r.receipt_date::text`.as('receipt_date')])
    .where('r.deleted_at', 'is', null)
    .where(named(link))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .executeTakeFirst();
}

/**
 * The newest case the link names that its holder shared with an organisation of the scope,
 * with what the share reveals. A share made by an organisation that no longer holds the case
 * (it was sent on since) shows nothing.
 */
export async function findSharedCaseByLink(db: Db, scope: Scope, link: string) {
  return inScope(db.selectFrom('report_shares as s'), scope, madeFor)
    .innerJoin('reports as r', (join) =>
      join.onRef('r.id', '=', 's.report_id').onRef('r.organisation_id', '=', 's.organisation_id'),
    )
    .innerJoin('report_versions as v', (join) =>
      join.onRef('v.report_id', '=', 'r.id').onRef('v.version', '=', 'r.current_version'),
    )
    .select([
      ...viewColumns,
      sql<string | null>`r.receipt_date::text`.as('receipt_date'),
      's.reveal',
      's.updated_at as shared_at',
    ])
    .where('r.deleted_at', 'is', null)
    .where(named(link))
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .executeTakeFirst();
}
