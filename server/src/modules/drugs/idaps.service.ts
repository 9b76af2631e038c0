import type {
  IdapsEntry,
  IdapsListQuery,
  IdapsLookupQuery,
  IdapsProfile,
  IdapsProfileQuery,
  IdapsSnapshot,
  IdapsSoc,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor, systemScope } from '../../platform/scope.ts';
import { idapsPolicy } from './drugs.policy.ts';
import { findDrug, type OrganisationRef, toLookup } from './drugs.repository.ts';
import {
  dropOlderSnapshots,
  entryCounts,
  type FactFilter,
  findSnapshot,
  insertSnapshot,
  listSnapshots,
  organisationsWithProducts,
  profileCounts,
  publishedSnapshot,
  setSnapshotState,
  toSnapshot,
  writeFacts,
} from './idaps.repository.ts';

export const IDAPS_COMPUTE_JOB = 'idaps.compute';
export const IDAPS_NIGHTLY_JOB = 'idaps.nightly';
export interface IdapsComputeJob {
  snapshotId: string;
  requestId: string;
}

async function organisationFor(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  field: string,
  rule: (typeof idapsPolicy)[keyof typeof idapsPolicy],
): Promise<OrganisationRef> {
  const target = await organisationTarget(db, actor, organisationId, field);
  requireAccess(actor, rule, target, 'Organisation');
  return target;
}

function checkDates(filter: FactFilter): void {
  if (filter.from && filter.to && filter.from > filter.to)
    throw new AppError('VALIDATION_FAILED', 'from must not be after to', {
      fields: [{ field: 'query/from', message: 'must not be after to', reason: 'invalid' }],
    });
}

/**
 * Queues a computation unless one is already waiting or running (uploads and the nightly
 * run): the snapshot row and its job in the caller's transaction.
 */
export async function queueQuietly(
  db: Db,
  jobs: Jobs,
  organisation: OrganisationRef,
  requestedBy: string | null,
  requestId: string,
): Promise<void> {
  const queued = await insertSnapshot(db, systemScope, organisation, requestedBy, true);
  if (queued)
    await jobs.send<IdapsComputeJob>(IDAPS_COMPUTE_JOB, { snapshotId: queued.id, requestId }, { db });
}

/** POST /v1/idaps/snapshots: a new computation (202); 409 while one is waiting or running. */
export async function requestSnapshot(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  organisationId: string | undefined,
  requestId: string,
): Promise<IdapsSnapshot> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'body/organisationId',
    idapsPolicy.compute,
  );
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const { id } = (await insertSnapshot(tx, scope, organisation, actor.userId, false))!;
    await jobs.send<IdapsComputeJob>(IDAPS_COMPUTE_JOB, { snapshotId: id, requestId }, { db: tx });
    const created = toSnapshot((await findSnapshot(tx, scope, id))!);
    await audit(tx, {
      action: 'idaps_snapshot.requested',
      entityType: 'idaps_snapshot',
      entityId: id,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

/** GET /v1/idaps/snapshots: the organisation's computations, newest first. */
export async function snapshots(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
): Promise<IdapsSnapshot[]> {
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    idapsPolicy.read,
  );
  return (await listSnapshots(db, scopeFor(actor), organisation)).map(toSnapshot);
}

/**
 * The job: the facts written and the snapshot published in one transaction (a failure
 * leaves the previous snapshot published and this one `failed`), older snapshots dropped.
 */
export async function runIdapsCompute(db: Db, job: IdapsComputeJob): Promise<void> {
  const snapshot = await findSnapshot(db, systemScope, job.snapshotId);
  if (!snapshot || snapshot.status === 'published' || snapshot.status === 'failed') return;
  const organisation = { platformId: snapshot.platform_id, organisationId: snapshot.organisation_id };
  await setSnapshotState(db, systemScope, job.snapshotId, { status: 'computing' });
  try {
    await withTransaction(db, async (tx) => {
      const counts = await writeFacts(tx, systemScope, organisation, job.snapshotId);
      await setSnapshotState(tx, systemScope, job.snapshotId, { status: 'published', ...counts });
      await dropOlderSnapshots(tx, systemScope, organisation, job.snapshotId);
      await audit(tx, {
        action: 'idaps_snapshot.published',
        entityType: 'idaps_snapshot',
        entityId: job.snapshotId,
        platformId: organisation.platformId,
        organisationId: organisation.organisationId,
        actorUserId: snapshot.requested_by,
        after: counts,
        requestId: job.requestId,
      });
    });
  } catch (error) {
    await setSnapshotState(db, systemScope, job.snapshotId, {
      status: 'failed',
      error: `The computation stopped: ${(error as Error).message.slice(0, 200)}`,
    });
    throw error;
  }
}

/**
 * The nightly run (reports change every day): for every organisation that holds products,
 * a snapshot queued (unless one already waits) and computed here, one after the other.
 */
export async function runIdapsNightly(db: Db): Promise<void> {
  for (const organisation of await organisationsWithProducts(db, systemScope)) {
    const queued = await insertSnapshot(db, systemScope, organisation, null, true);
    if (queued) await runIdapsCompute(db, { snapshotId: queued.id, requestId: 'idaps-nightly' });
  }
}

const counts = (r: { reactions: number; serious: number; fatal: number }) => ({
  reactions: r.reactions,
  serious: r.serious,
  fatal: r.fatal,
});
const byReactions = <T extends { reactions: number; name: string }>(a: T, b: T) =>
  b.reactions - a.reactions || a.name.localeCompare(b.name);

/** GET /v1/drugs/idaps: one product's reactions by SOC → PT, with serious and fatal counts. */
export async function profile(db: Db, actor: Actor, query: IdapsProfileQuery): Promise<IdapsProfile> {
  checkDates(query);
  const drug = await loadForAccess(db, actor, findDrug, query.drugId, {
    rule: idapsPolicy.read,
    what: 'Drug',
    target: rowTarget,
  });
  const scope = scopeFor(actor);
  const snapshot = await publishedSnapshot(db, scope, {
    platformId: drug.platform_id,
    organisationId: drug.organisation_id,
  });
  const answer: IdapsProfile = {
    drug: toLookup(drug),
    snapshot: snapshot ? toSnapshot(snapshot) : null,
    from: query.from ?? null,
    to: query.to ?? null,
    reports: 0,
    totals: { reactions: 0, serious: 0, fatal: 0 },
    socs: [],
  };
  if (!snapshot) return answer;
  const { rows, reports } = await profileCounts(db, scope, snapshot.id, drug.id, query);
  const socs = new Map<number, IdapsSoc>();
  for (const row of rows) {
    let soc = socs.get(row.soc_code);
    if (!soc) {
      soc = { code: row.soc_code, name: row.soc_name, reactions: 0, serious: 0, fatal: 0, pts: [] };
      socs.set(row.soc_code, soc);
    }
    soc.pts.push({ code: row.pt_code, name: row.pt_name, ...counts(row) });
    soc.reactions += row.reactions;
    soc.serious += row.serious;
    soc.fatal += row.fatal;
  }
  answer.socs = [...socs.values()].sort(byReactions);
  for (const soc of answer.socs) soc.pts.sort(byReactions);
  answer.reports = reports;
  answer.totals = answer.socs.reduce(
    (t, s) => ({
      reactions: t.reactions + s.reactions,
      serious: t.serious + s.serious,
      fatal: t.fatal + s.fatal,
    }),
    { reactions: 0, serious: 0, fatal: 0 },
  );
  return answer;
}

async function entriesFor(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  filter: FactFilter & { code?: number },
  page: number,
  size: number,
): Promise<IdapsEntry[]> {
  checkDates(filter);
  const organisation = await organisationFor(
    db,
    actor,
    organisationId,
    'query/organisationId',
    idapsPolicy.read,
  );
  const scope = scopeFor(actor);
  const snapshot = await publishedSnapshot(db, scope, organisation);
  if (!snapshot) return [];
  const rows = await entryCounts(db, scope, snapshot.id, filter, size, (page - 1) * size);
  return rows.map((r) => ({ ...toLookup(r), reports: r.reports, ...counts(r) }));
}

/** GET /v1/idaps: the products with reported reactions in the published snapshot, most first. */
export const entries = (db: Db, actor: Actor, query: IdapsListQuery) =>
  entriesFor(db, actor, query.organisationId, query, query.page ?? 1, query.size ?? 50);

/** GET /v1/idaps/lookup: the products whose reports name one PT or SOC, with that term's counts. */
export const lookupByTerm = (db: Db, actor: Actor, query: IdapsLookupQuery) =>
  entriesFor(db, actor, query.organisationId, query, 1, 500);
