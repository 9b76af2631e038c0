import { Readable } from 'node:stream';
import type { ExportCreateBody, ExportRecord } from '@vigilo/contract';
import type { Config } from '../../config.ts';
import { type Actor, decide, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, type Scope, scopeFor, systemScope } from '../../platform/scope.ts';
import { type Storage, storageFor } from '../../platform/storage.ts';
import { type ExportTally, exportTally, reportsCsv, reportsXlsx } from '../reports/reports.export.ts';
import { toCsv } from '../users/users.csv.ts';
import { findUsersForExport } from '../users/users.shared.ts';
import {
  type ExportRow,
  findExport,
  insertExport,
  listExports,
  setExportState,
} from './exports.repository.ts';
import { exportPolicy } from './files.policy.ts';
import { findFile } from './files.repository.ts';
import { recordServerFile, streamServerFile } from './files.store.ts';

/** The job that makes an export's file (decision 0073). */
export const EXPORT_JOB = 'files.export';

export interface ExportJob {
  exportId: string;
  requestId: string;
}

const toExportRecord = (row: ExportRow): ExportRecord => ({
  id: row.id,
  organisationId: row.organisation_id,
  kind: row.kind,
  status: row.status,
  progress: row.progress,
  error: row.error,
  fileName: row.file_name,
  size: row.file_size === null ? null : Number(row.file_size),
  createdAt: row.created_at.toISOString(),
  startedAt: row.started_at?.toISOString() ?? null,
  finishedAt: row.finished_at?.toISOString() ?? null,
  rowCount: row.row_count,
  truncated: row.truncated,
  version: row.version,
});

/** POST /v1/exports: queued in the transaction that records it, made by a worker. */
export async function createExport(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  body: ExportCreateBody,
  requestId: string,
  /** What the maker reads besides the organisation (a case search, POST /v1/reports/export). */
  parameters?: object,
): Promise<ExportRecord> {
  const target = await organisationTarget(db, actor, body.organisationId, 'body/organisationId');
  const rule = body.kind.startsWith('reports.') ? exportPolicy.createCases : exportPolicy.create;
  requireAccess(actor, rule, target, 'Organisation');
  return withTransaction(db, async (tx) => {
    const id = await insertExport(tx, scopeFor(actor), {
      ...target,
      kind: body.kind,
      requestedBy: actor.userId,
      ...(parameters ? { parameters } : {}),
    });
    await jobs.send<ExportJob>(EXPORT_JOB, { exportId: id, requestId }, { db: tx });
    await audit(tx, {
      action: 'export.requested',
      entityType: 'export',
      entityId: id,
      platformId: target.platformId,
      organisationId: target.organisationId,
      actorUserId: actor.userId,
      after: { kind: body.kind },
      ...(parameters ? { details: { parameters } } : {}),
      requestId,
    });
    return toExportRecord((await findExport(tx, scopeFor(actor), id))!);
  });
}

/** GET /v1/exports: the organisation's exports (the session's by default), newest first. */
export async function listOrganisationExports(db: Db, actor: Actor, organisationId?: string) {
  const target = await organisationTarget(db, actor, organisationId, 'query/organisationId');
  requireAccess(actor, exportPolicy.own, target, 'Organisation');
  const all = decide(actor, exportPolicy.list, target) === 'allow';
  return (await listExports(db, scopeFor(actor), target.organisationId, all ? undefined : actor.userId)).map(
    toExportRecord,
  );
}

/** An export its requester reads back; another's only with the administrators' `rule`. */
async function accessibleExport(db: Db, actor: Actor, rule: 'read' | 'regenerate', id: string) {
  const row = await loadForAccess(db, actor, findExport, id, {
    rule: exportPolicy.own,
    what: 'Export',
    target: rowTarget,
  });
  if (row.requested_by !== actor.userId) requireAccess(actor, exportPolicy[rule], rowTarget(row), 'Export');
  return row;
}

/** GET /v1/exports/{id}. */
export async function getExport(db: Db, actor: Actor, id: string): Promise<ExportRecord> {
  return toExportRecord(await accessibleExport(db, actor, 'read', id));
}

/** GET /v1/exports/{id}/file: the finished export's bytes; 409 while it is not done. */
export async function exportFile(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: string,
): Promise<{ body: Readable; fileName: string; contentType: string }> {
  const row = await accessibleExport(db, actor, 'read', id);
  const file = row.file_id ? await findFile(db, scopeFor(actor), row.file_id) : undefined;
  if (row.status !== 'done' || !file)
    throw new AppError('INVALID_TRANSITION', `The export is ${row.status}, not done: its file is not ready`, {
      status: row.status,
    });
  return { body: await storage.read(file.storage_key), fileName: file.name, contentType: file.content_type };
}

/** PUT /v1/exports/{id}/regenerate: made again from today's data (not while it is being made). */
export async function regenerateExport(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<ExportRecord> {
  const row = await accessibleExport(db, actor, 'regenerate', id);
  return withTransaction(db, async (tx) => {
    const scope = scopeFor(actor);
    const current = await findExport(tx, scope, id);
    if (current?.status === 'queued' || current?.status === 'running')
      throw new AppError('INVALID_TRANSITION', 'The export is being made already');
    await setExportState(tx, scope, id, { status: 'queued', progress: 0, error: null, fileId: null });
    await jobs.send<ExportJob>(EXPORT_JOB, { exportId: id, requestId }, { db: tx });
    await audit(tx, {
      action: 'export.regenerated',
      entityType: 'export',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { status: row.status },
      after: { status: 'queued' },
      requestId,
    });
    return toExportRecord((await findExport(tx, scope, id))!);
  });
}

interface Made {
  body: Readable;
  fileName: string;
  contentType: string;
  /** The rows written and whether the limit cut the search off, known once `body` has ended. */
  tally?: ExportTally;
}

/** What each kind of export writes: its bytes (a stream, stored as it is made), name and type. */
const makers: Record<string, (db: Db, scope: Scope, row: ExportRow, config: Config) => Promise<Made>> = {
  'users.csv': async (db, scope, row) => {
    const users = await findUsersForExport(
      db,
      scope,
      { platformId: row.platform_id, organisationIds: [row.organisation_id], includeDeactivated: true },
      50_000,
    );
    const day = new Date().toISOString().slice(0, 10);
    return {
      body: Readable.from([Buffer.from(toCsv(users))]),
      fileName: `users-${day}.csv`,
      contentType: 'text/csv',
    };
  },
  // Case lists (reports.export.ts): the search saved with the export, within its organisation.
  'reports.csv': async (db, scope, row, config) => {
    const tally = exportTally(config.exportMaxRows);
    return {
      body: reportsCsv(db, scope, reportFilters(row), tally),
      fileName: `cases-${new Date().toISOString().slice(0, 10)}.csv`,
      contentType: 'text/csv',
      tally,
    };
  },
  'reports.xlsx': async (db, scope, row, config) => {
    const tally = exportTally(config.exportMaxRows);
    return {
      body: reportsXlsx(db, scope, reportFilters(row), tally),
      fileName: `cases-${new Date().toISOString().slice(0, 10)}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      tally,
    };
  },
};

/** The search an export of cases was asked with, kept in its parameters (decision 0104). */
const reportFilters = (row: ExportRow) =>
  ({ ...(row.parameters as object), organisationId: row.organisation_id }) as Parameters<
    typeof reportsCsv
  >[2];

/**
 * The export job: running (progress 10), the file made and stored as it is read (90), recorded (100, done).
 * A failure is recorded on the export (failed, with a sentence) rather than retried forever.
 */
export async function runExport(db: Db, config: Config, job: ExportJob): Promise<void> {
  const storage = storageFor(config);
  // The export's own organisation, and nothing else: the job has no actor.
  const found = await findExport(db, systemScope, job.exportId);
  if (!found || found.status === 'done') return;
  const scope: Scope = {
    platformId: found.platform_id,
    organisationIds: [found.organisation_id],
    userId: null,
    narrowedIn: [],
  };
  await setExportState(db, scope, found.id, { status: 'running', progress: 10 });
  try {
    const maker = makers[found.kind];
    if (!maker) throw new Error(`no maker for ${found.kind}`);
    const made = await maker(db, scope, found, config);
    // Stored as it is made, before any transaction: a long export holds no lock meanwhile.
    const stored = await streamServerFile(storage, {
      platformId: found.platform_id,
      organisationId: found.organisation_id,
      body: made.body,
      contentType: made.contentType,
    });
    await setExportState(db, scope, found.id, { status: 'running', progress: 90 });
    try {
      await withTransaction(db, async (tx) => {
        const file = await recordServerFile(tx, scope, stored, {
          platformId: found.platform_id,
          organisationId: found.organisation_id,
          fileName: made.fileName,
          contentType: made.contentType,
          createdBy: found.requested_by,
        });
        const rows = made.tally
          ? { count: made.tally.rows, truncated: made.tally.truncated }
          : { count: null, truncated: false };
        await setExportState(tx, scope, found.id, {
          status: 'done',
          progress: 100,
          fileId: file.id,
          error: null,
          rows,
        });
        await audit(tx, {
          action: 'export.completed',
          entityType: 'export',
          entityId: found.id,
          platformId: found.platform_id,
          organisationId: found.organisation_id,
          actorUserId: found.requested_by,
          after: {
            status: 'done',
            fileId: file.id,
            size: stored.size,
            rows: rows.count,
            truncated: rows.truncated,
          },
          requestId: job.requestId,
        });
      });
    } catch (error) {
      // Not recorded: the stored bytes would be nobody's.
      await storage.remove(stored.key).catch(() => {});
      throw error;
    }
  } catch (error) {
    await setExportState(db, scope, found.id, {
      status: 'failed',
      progress: 100,
      error: 'The export could not be made; make it again, and tell the administrators if it fails again',
    });
    console.error('[export]', found.id, (error as Error).message);
  }
}
