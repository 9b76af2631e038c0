import type { IdapsSnapshot } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import type { OrganisationRef } from './drugs.repository.ts';

const snapshotScope = { platform: 's.platform_id', organisation: 's.organisation_id' };

const selectSnapshots = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('idaps_snapshots as s'), scope, snapshotScope).select([
    's.id',
    's.platform_id',
    's.organisation_id',
    's.status',
    's.reports',
    's.reactions',
    's.uncoded',
    's.error',
    's.requested_by',
    's.requested_at',
    's.published_at',
  ]);

export type SnapshotRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectSnapshots>['executeTakeFirst']>>
>;

export const toSnapshot = (row: SnapshotRow): IdapsSnapshot => ({
  id: row.id,
  organisationId: row.organisation_id,
  status: row.status,
  reports: row.reports,
  reactions: row.reactions,
  uncoded: row.uncoded,
  error: row.error,
  requestedAt: row.requested_at.toISOString(),
  publishedAt: row.published_at?.toISOString() ?? null,
});

export async function findSnapshot(db: Db, scope: Scope, id: string) {
  return selectSnapshots(db, scope).where('s.id', '=', id).executeTakeFirst();
}

/** An organisation's snapshots: the waiting or running one, then the published ones, newest first. */
export async function listSnapshots(db: Db, scope: Scope, organisation: OrganisationRef) {
  return selectSnapshots(db, scope)
    .where('s.platform_id', '=', organisation.platformId)
    .where('s.organisation_id', '=', organisation.organisationId)
    .orderBy('s.requested_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(20)
    .execute();
}

/** The newest published snapshot of an organisation: the one every profile reads. */
export async function publishedSnapshot(db: Db, scope: Scope, organisation: OrganisationRef) {
  return selectSnapshots(db, scope)
    .where('s.platform_id', '=', organisation.platformId)
    .where('s.organisation_id', '=', organisation.organisationId)
    .where('s.status', '=', 'published')
    .orderBy('s.published_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A queued computation. `quiet` (for uploads and the nightly run) skips it when one is
 * already waiting or running; otherwise that answers 409 through `idaps_snapshots_pending`.
 */
export async function insertSnapshot(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  requestedBy: string | null,
  quiet: boolean,
): Promise<{ id: string } | undefined> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  const insert = db.insertInto('idaps_snapshots').values({
    platform_id: organisation.platformId,
    organisation_id: organisation.organisationId,
    requested_by: requestedBy,
  });
  const q = quiet
    ? insert.onConflict((oc) =>
        // The index's own predicate, as literal text: a parameter would not let PostgreSQL
        // match the partial index in a prepared statement's generic plan.
        oc.column('organisation_id').where(sql<boolean>`status IN ('queued', 'computing')`).doNothing(),
      )
    : insert;
  return q.returning('id').executeTakeFirst();
}

/** Organisations that hold products: the nightly run computes each. */
export async function organisationsWithProducts(
  db: Db,
  scope: Scope,
): Promise<{ platformId: string; organisationId: string }[]> {
  const rows = await inScope(db.selectFrom('drug_lists as l'), scope, {
    platform: 'l.platform_id',
    organisation: 'l.organisation_id',
  })
    .select(['l.platform_id', 'l.organisation_id'])
    .where('l.products', '>', 0)
    .distinct()
    .execute();
  return rows.map((r) => ({ platformId: r.platform_id, organisationId: r.organisation_id }));
}

export async function setSnapshotState(
  db: Db,
  scope: Scope,
  id: string,
  state: {
    status: 'computing' | 'published' | 'failed';
    error?: string;
    reports?: number;
    reactions?: number;
    uncoded?: number;
  },
): Promise<void> {
  await inScope(db.updateTable('idaps_snapshots as s'), scope, snapshotScope)
    .set({
      status: state.status,
      error: state.error ?? null,
      ...(state.reports !== undefined && { reports: state.reports }),
      ...(state.reactions !== undefined && { reactions: state.reactions }),
      ...(state.uncoded !== undefined && { uncoded: state.uncoded }),
      ...(state.status === 'published' && { published_at: sql`clock_timestamp()` }),
    })
    .where('s.id', '=', id)
    .execute();
}

/**
 * The facts of a snapshot (decision 0143), written in one statement: for each report of the
 * organisation that counts (received, not a draft, nullified, duplicate or deleted; its
 * current version), each suspect or interacting drug (or one with no role) matched to one
 * product — same authorisation number, else the product code as MPID, else the same name —
 * and each reaction whose MedDRA code a ready release knows (the release of the reaction's
 * version, else the default one), with its PT and primary SOC. Answers the reports counted,
 * the reactions counted and the reactions left out (no code, or a code no release knows).
 */
export async function writeFacts(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  snapshotId: string,
): Promise<{ reports: number; reactions: number; uncoded: number }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  const { rows } = await sql<{ reports: number; reactions: number; uncoded: number }>`
    WITH reps AS (
      SELECT r.id, r.receipt_date, v.document
      FROM reports r
      JOIN report_versions v ON v.report_id = r.id AND v.version = r.current_version
      WHERE r.platform_id = ${organisation.platformId} AND r.organisation_id = ${organisation.organisationId}
        AND r.deleted_at IS NULL AND r.status NOT IN ('draft', 'nullified', 'duplicate')
    ),
    named AS (
      SELECT reps.id AS report_id, reps.receipt_date, g.value AS drug
      FROM reps, jsonb_array_elements(CASE WHEN jsonb_typeof(reps.document->'G'->'drugs') = 'array'
        THEN reps.document->'G'->'drugs' ELSE '[]'::jsonb END) g
      WHERE coalesce(g.value->>'role', '1') IN ('1', '3')
    ),
    matched AS (
      SELECT DISTINCT n.report_id, n.receipt_date, p.id AS drug_id
      FROM named n
      CROSS JOIN LATERAL (
        SELECT d.id FROM drugs d
        WHERE d.organisation_id = ${organisation.organisationId}
          AND (fold_text(d.authorisation_number) = fold_text(n.drug->>'authorisationNumber')
            OR d.code = n.drug->'mpid'->>'code'
            OR d.name_folded = fold_text(n.drug->>'name'))
        ORDER BY CASE
          WHEN fold_text(d.authorisation_number) = fold_text(n.drug->>'authorisationNumber') THEN 1
          WHEN d.code = n.drug->'mpid'->>'code' THEN 2
          ELSE 3 END, d.id
        LIMIT 1
      ) p
    ),
    reactions AS (
      SELECT reps.id AS report_id, e.ordinality AS n, e.value AS reaction,
        CASE WHEN e.value->'term'->>'code' ~ '^[0-9]{8}$' THEN (e.value->'term'->>'code')::integer END AS code,
        e.value->'term'->>'version' AS version
      FROM reps, jsonb_array_elements(CASE WHEN jsonb_typeof(reps.document->'E'->'reactions') = 'array'
        THEN reps.document->'E'->'reactions' ELSE '[]'::jsonb END) WITH ORDINALITY e
      WHERE reps.id IN (SELECT report_id FROM matched)
    ),
    fallback AS (
      SELECT id FROM meddra_versions WHERE status = 'ready' ORDER BY finished_at DESC NULLS LAST, id LIMIT 1
    ),
    coded AS (
      SELECT x.report_id, x.n, x.reaction, pt.code AS pt_code, pt.name AS pt_name, soc.code AS soc_code,
        soc.name AS soc_name
      FROM reactions x
      CROSS JOIN LATERAL (
        SELECT coalesce(
          (SELECT m.id FROM meddra_versions m WHERE m.status = 'ready' AND m.version = x.version
            ORDER BY m.finished_at DESC NULLS LAST, m.id LIMIT 1),
          (SELECT id FROM fallback)) AS version_id
      ) rel
      JOIN LATERAL (
        SELECT coalesce(
          (SELECT t.pt_code FROM meddra_terms t WHERE t.version_id = rel.version_id AND t.level = 'llt' AND t.code = x.code),
          (SELECT t.code FROM meddra_terms t WHERE t.version_id = rel.version_id AND t.level = 'pt' AND t.code = x.code)
        ) AS pt_code
      ) l ON l.pt_code IS NOT NULL
      JOIN meddra_terms pt ON pt.version_id = rel.version_id AND pt.level = 'pt' AND pt.code = l.pt_code
      JOIN meddra_paths path ON path.version_id = rel.version_id AND path.pt_code = l.pt_code AND path.is_primary
      JOIN meddra_terms soc ON soc.version_id = rel.version_id AND soc.level = 'soc' AND soc.code = path.soc_code
    ),
    written AS (
      INSERT INTO idaps_facts (snapshot_id, drug_id, report_id, receipt_date, soc_code, soc_name, pt_code,
        pt_name, serious, fatal)
      SELECT ${snapshotId}::uuid, m.drug_id, m.report_id, m.receipt_date, c.soc_code, c.soc_name, c.pt_code,
        c.pt_name,
        (c.reaction->'resultsInDeath' = 'true' OR c.reaction->'lifeThreatening' = 'true'
          OR c.reaction->'hospitalisation' = 'true' OR c.reaction->'disabling' = 'true'
          OR c.reaction->'congenitalAnomaly' = 'true' OR c.reaction->'otherMedicallyImportant' = 'true'
          OR c.reaction->>'outcome' = '5') IS TRUE,
        (c.reaction->'resultsInDeath' = 'true' OR c.reaction->>'outcome' = '5') IS TRUE
      FROM matched m JOIN coded c ON c.report_id = m.report_id
      RETURNING 1
    )
    SELECT (SELECT count(DISTINCT report_id) FROM matched)::int AS reports,
      (SELECT count(*) FROM coded)::int AS reactions,
      ((SELECT count(*) FROM reactions) - (SELECT count(*) FROM coded))::int AS uncoded,
      (SELECT count(*) FROM written)::int AS facts`.execute(db);
  return rows[0]!;
}

/** Removes the organisation's published snapshots older than `keep` (their facts go with them). */
export async function dropOlderSnapshots(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  keep: string,
): Promise<void> {
  await inScope(db.deleteFrom('idaps_snapshots as s'), scope, snapshotScope)
    .where('s.organisation_id', '=', organisation.organisationId)
    .where('s.status', 'in', ['published', 'failed'])
    .where('s.id', '<>', keep)
    .execute();
}

export interface FactFilter {
  from?: string;
  to?: string;
}

const dated = (filter: FactFilter) => sql`
  ${filter.from ? sql`AND f.receipt_date >= ${filter.from}::date` : sql``}
  ${filter.to ? sql`AND f.receipt_date <= ${filter.to}::date` : sql``}`;

/** One product's counts by SOC and PT in a snapshot, within the dates. */
export async function profileCounts(
  db: Db,
  scope: Scope,
  snapshotId: string,
  drugId: string,
  filter: FactFilter,
) {
  await requireSnapshotInScope(db, scope, snapshotId);
  const { rows } = await sql<{
    soc_code: number;
    soc_name: string;
    pt_code: number;
    pt_name: string;
    reactions: number;
    serious: number;
    fatal: number;
  }>`
    SELECT f.soc_code, f.soc_name, f.pt_code, f.pt_name, count(*)::int AS reactions,
      count(*) FILTER (WHERE f.serious)::int AS serious, count(*) FILTER (WHERE f.fatal)::int AS fatal
    FROM idaps_facts f
    WHERE f.snapshot_id = ${snapshotId} AND f.drug_id = ${drugId} ${dated(filter)}
    GROUP BY f.soc_code, f.soc_name, f.pt_code, f.pt_name`.execute(db);
  const { rows: reports } = await sql<{ n: number }>`
    SELECT count(DISTINCT f.report_id)::int AS n FROM idaps_facts f
    WHERE f.snapshot_id = ${snapshotId} AND f.drug_id = ${drugId} ${dated(filter)}`.execute(db);
  return { rows, reports: reports[0]!.n };
}

/** Every product's totals in a snapshot (optionally only reactions of one PT or SOC), most reactions first. */
export async function entryCounts(
  db: Db,
  scope: Scope,
  snapshotId: string,
  filter: FactFilter & { code?: number },
  limit: number,
  offset: number,
) {
  await requireSnapshotInScope(db, scope, snapshotId);
  const { rows } = await sql<{
    id: string;
    code: string;
    name: string;
    substances: string[];
    strength: string | null;
    authorisation_number: string | null;
    reports: number;
    reactions: number;
    serious: number;
    fatal: number;
  }>`
    SELECT d.id, d.code, d.name, d.substances, d.strength, d.authorisation_number, c.reports, c.reactions,
      c.serious, c.fatal
    FROM (
      SELECT f.drug_id, count(DISTINCT f.report_id)::int AS reports, count(*)::int AS reactions,
        count(*) FILTER (WHERE f.serious)::int AS serious, count(*) FILTER (WHERE f.fatal)::int AS fatal
      FROM idaps_facts f
      WHERE f.snapshot_id = ${snapshotId} ${dated(filter)}
        ${filter.code !== undefined ? sql`AND (f.pt_code = ${filter.code} OR f.soc_code = ${filter.code})` : sql``}
      GROUP BY f.drug_id
    ) c
    JOIN drugs d ON d.id = c.drug_id
    ORDER BY c.reactions DESC, d.name_folded, d.id
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return rows;
}

/** Facts carry no tenant columns: they are read through their snapshot, checked here. */
async function requireSnapshotInScope(db: Db, scope: Scope, snapshotId: string): Promise<void> {
  if (!(await findSnapshot(db, scope, snapshotId))) throw new Error('snapshot outside the scope');
}
