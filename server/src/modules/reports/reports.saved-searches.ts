import type { SavedSearch, SavedSearchBody } from '@vigilo/contract';
import type { Selectable } from 'kysely';
import type { SavedSearchTable } from '../../db/tables/reports.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { inScope, platformScope, requireCovers, type Scope, scopeFor } from '../../platform/scope.ts';
import { findOrganisation } from '../organisations/organisations.shared.ts';
import { savedSearchPolicy } from './reports.policy.ts';

/**
 * Saved searches (decision 0105): a user's own, and those shared in their organisations. The
 * repository functions take (db, scope, …) like every other; the service is below them.
 */

const own = { platform: 's.platform_id', organisation: 's.organisation_id' };
type Row = Selectable<SavedSearchTable>;

/** The saved searches the caller sees: its own, and the shared ones of its organisations. */
export async function listSavedSearches(db: Db, scope: Scope, userId: string, resource?: string) {
  let q = inScope(db.selectFrom('saved_searches as s'), scope, own)
    .selectAll('s')
    .where((eb) => eb.or([eb('s.user_id', '=', userId), eb('s.shared', '=', true)]));
  if (resource) q = q.where('s.resource', '=', resource);
  return q.orderBy('s.name').orderBy('s.id').limit(500).execute();
}

export async function findSavedSearch(db: Db, scope: Scope, id: string, userId: string) {
  return inScope(db.selectFrom('saved_searches as s'), scope, own)
    .selectAll('s')
    .where('s.id', '=', id)
    .where((eb) => eb.or([eb('s.user_id', '=', userId), eb('s.shared', '=', true)]))
    .executeTakeFirst();
}

const toSavedSearch = (row: Row, userId: string): SavedSearch => ({
  id: row.id,
  organisationId: row.organisation_id,
  userId: row.user_id,
  resource: row.resource,
  name: row.name,
  description: row.description,
  filters: row.filters as Record<string, unknown>,
  shared: row.shared,
  mine: row.user_id === userId,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** GET /v1/saved-searches. */
export async function savedSearches(db: Db, actor: Actor, resource?: string): Promise<SavedSearch[]> {
  const rows = await listSavedSearches(db, scopeFor(actor), actor.userId, resource);
  return rows.map((r) => toSavedSearch(r, actor.userId));
}

/** POST /v1/saved-searches: in the session's organisation unless another of the caller's is named. */
export async function createSavedSearch(
  db: Db,
  actor: Actor,
  body: SavedSearchBody,
  requestId: string,
): Promise<SavedSearch> {
  const organisationId = body.organisationId ?? actor.organisationId;
  if (!organisationId)
    throw new AppError('VALIDATION_FAILED', 'Name the organisation the search belongs to', {
      fields: [
        {
          field: 'body/organisationId',
          reason: 'required',
          message: 'Name the organisation the search belongs to',
        },
      ],
    });
  const target = { platformId: actor.platformId, organisationIds: [organisationId] };
  requireAccess(actor, savedSearchPolicy.create, target, 'Organisation');
  const scope = scopeFor(actor);
  requireCovers(scope, actor.platformId, organisationId, 'Organisation');
  // A platform administrator's scope covers any id of the platform: the organisation must exist
  // there, or the insert's foreign key would answer 500 (found by fuzz.test).
  if (!(await findOrganisation(db, platformScope(actor.platformId), organisationId)))
    throw notFound('Organisation');
  return withTransaction(db, async (tx) => {
    const row = await tx
      .insertInto('saved_searches')
      .values({
        platform_id: actor.platformId,
        organisation_id: organisationId,
        user_id: actor.userId,
        resource: body.resource,
        name: body.name,
        description: body.description ?? null,
        filters: JSON.stringify(body.filters),
        shared: body.shared ?? false,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const answer = toSavedSearch(row, actor.userId);
    await audit(tx, {
      action: 'saved_search.created',
      entityType: 'saved_search',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      after: { name: answer.name, resource: answer.resource, filters: answer.filters, shared: answer.shared },
      requestId,
    });
    return answer;
  });
}

/** The caller's own saved search: another's shared one is 403, one it cannot see 404. */
async function ownSearch(db: Db, actor: Actor, id: string) {
  const row = await findSavedSearch(db, scopeFor(actor), id, actor.userId);
  if (!row) throw notFound('Saved search');
  if (row.user_id !== actor.userId) throw forbidden('Only its owner changes a saved search');
  return row;
}

/** PUT /v1/saved-searches/{id}. */
export async function updateSavedSearch(
  db: Db,
  actor: Actor,
  id: string,
  body: SavedSearchBody,
  requestId: string,
): Promise<SavedSearch> {
  const row = await ownSearch(db, actor, id);
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const updated = await inScope(tx.updateTable('saved_searches as s'), scope, own)
      .set({
        name: body.name,
        description: body.description ?? null,
        filters: JSON.stringify(body.filters),
        resource: body.resource,
        shared: body.shared ?? row.shared,
      })
      .where('s.id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const before = toSavedSearch(row, actor.userId);
    const after = toSavedSearch(updated, actor.userId);
    await audit(tx, {
      action: 'saved_search.updated',
      entityType: 'saved_search',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: {
        name: before.name,
        description: before.description,
        resource: before.resource,
        filters: before.filters,
        shared: before.shared,
      },
      after: {
        name: after.name,
        description: after.description,
        resource: after.resource,
        filters: after.filters,
        shared: after.shared,
      },
      requestId,
    });
    return after;
  });
}

/** DELETE /v1/saved-searches/{id}. */
export async function deleteSavedSearch(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await ownSearch(db, actor, id);
  await withTransaction(db, async (tx) => {
    await inScope(tx.deleteFrom('saved_searches as s'), scopeFor(actor), own)
      .where('s.id', '=', id)
      .execute();
    await audit(tx, {
      action: 'saved_search.deleted',
      entityType: 'saved_search',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { name: row.name, resource: row.resource },
      requestId,
    });
  });
}
