import type { FileRecord } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { withTransaction } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import type { MultipartFile } from './files.multipart.ts';
import { resourcePolicy } from './files.policy.ts';
import { findFile, listFiles, markFileDeleted } from './files.repository.ts';
import type { FilesContext } from './files.service.ts';
import { storeFile, toFileRecord } from './files.store.ts';

/**
 * Resources: documents an organisation shares with all its members (guidance, leaflets,
 * forms to print), stored as files of the `resources` folder.
 */

/** GET /v1/resources: the organisation's resources (the session's by default), newest first. */
export async function listResources(
  ctx: FilesContext,
  actor: Actor,
  organisationId?: string,
): Promise<FileRecord[]> {
  const target = await organisationTarget(ctx.db, actor, organisationId, 'query/organisationId');
  requireAccess(actor, resourcePolicy.list, target, 'Organisation');
  const rows = await listFiles(ctx.db, scopeFor(actor), {
    organisationId: target.organisationId,
    folder: 'resources',
    limit: 1000,
  });
  return Promise.all(rows.map((row) => toFileRecord(row, ctx.storage, ctx.origin)));
}

/** POST /v1/resources (multipart: `file`, `title`, `organisationId`). */
export async function createResource(
  ctx: FilesContext,
  actor: Actor,
  upload: MultipartFile,
): Promise<FileRecord> {
  const target = await organisationTarget(ctx.db, actor, upload.organisationId, 'body/organisationId');
  requireAccess(actor, resourcePolicy.create, target, 'Organisation');
  const row = await withTransaction(ctx.db, async (tx) => {
    const stored = await storeFile(tx, ctx.storage, scopeFor(actor), {
      platformId: target.platformId,
      organisationId: target.organisationId,
      folder: 'resources',
      fileName: upload.fileName,
      bytes: upload.bytes,
      title: upload.title ?? null,
      createdBy: actor.userId,
      requestId: ctx.requestId,
    });
    await audit(tx, {
      action: 'resource.created',
      entityType: 'file',
      entityId: stored.id,
      platformId: stored.platform_id,
      organisationId: stored.organisation_id,
      actorUserId: actor.userId,
      after: { name: stored.name, title: stored.title },
      requestId: ctx.requestId,
    });
    return stored;
  });
  return toFileRecord(row, ctx.storage, ctx.origin);
}

/** DELETE /v1/resources/{id}. */
export async function deleteResource(ctx: FilesContext, actor: Actor, id: string): Promise<void> {
  const row = await loadForAccess(ctx.db, actor, findFile, id, {
    rule: resourcePolicy.delete,
    what: 'Resource',
    target: rowTarget,
  });
  if (row.folder !== 'resources') throw notFound('Resource');
  await withTransaction(ctx.db, async (tx) => {
    await markFileDeleted(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'resource.deleted',
      entityType: 'file',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { name: row.name, title: row.title },
      after: null,
      requestId: ctx.requestId,
    });
  });
  await ctx.storage.remove(row.storage_key);
}
