import {
  type Condition,
  type ConditionChangeBody,
  type ConditionCreateBody,
  checkCondition,
  conditionPaths,
  type FieldError,
  resolveFormField,
} from '@vigilo/contract';
import type { Actor, Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { scopeFor } from '../../platform/scope.ts';
import { conditionPolicy } from './forms.policy.ts';
import {
  deleteCondition,
  findCondition,
  findOrganisation,
  insertCondition,
  listConditions,
  toCondition,
  updateCondition,
} from './forms.repository.ts';
import { formTarget, requireOnVisible } from './forms.service.ts';

/** Named conditions (/v1/conditions and, with an API key, /v1/integration-management/conditions). */

/** Who acted, for the audit row: a person, or an integration's application. */
const by = (actor: Actor) =>
  actor.application
    ? { actorUserId: null, details: { applicationId: actor.application.id } }
    : { actorUserId: actor.userId };

/** Refuses an expression that does not parse or reads a field the case document lacks. */
function checkExpression(expression: string, field: string): void {
  const parsed = checkCondition(expression);
  const problems: FieldError[] = parsed.ok
    ? conditionPaths(parsed.node)
        .filter((path) => !resolveFormField(path))
        .map((path) => ({
          field,
          message: `reads ${path}, which the case document does not have`,
          reason: 'notFound',
        }))
    : [{ field, message: parsed.message, reason: 'format' }];
  if (problems.length > 0)
    throw new AppError('VALIDATION_FAILED', problems[0]!.message, { fields: problems });
}

/** GET /v1/integration-management/conditions: the conditions the caller's scope sees. */
export async function listNamedConditions(db: Db, actor: Actor): Promise<Condition[]> {
  const organisations = actor.application
    ? [actor.organisationId ?? '']
    : actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));
  requireOnVisible(actor, conditionPolicy.list, {
    platformId: actor.platformId,
    organisationIds: organisations,
  });
  return (await listConditions(db, scopeFor(actor, conditionPolicy.list))).map(toCondition);
}

/** Where a new condition goes: the organisation given, the session's by default, or (null) the platform. */
async function placeOf(db: Db, actor: Actor, organisationId: string | null | undefined): Promise<Target> {
  const id = organisationId === undefined ? actor.organisationId : organisationId;
  if (id === null) return { platformId: actor.platformId, organisationIds: [] };
  const organisation = await findOrganisation(db, scopeFor(actor), id);
  if (!organisation) throw notFound('Organisation');
  return { platformId: organisation.platform_id, organisationIds: [organisation.id] };
}

/** POST /v1/conditions (and the integration row). */
export async function createNamedCondition(
  db: Db,
  actor: Actor,
  body: ConditionCreateBody,
  requestId: string,
): Promise<Condition> {
  const place = await placeOf(db, actor, body.organisationId);
  requireOnVisible(actor, conditionPolicy.manage, place);
  checkExpression(body.conditions, 'body/conditions');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const { id } = await insertCondition(tx, scope, {
      platformId: place.platformId,
      organisationId: place.organisationIds[0] ?? null,
      name: body.name,
      description: body.description ?? '',
      expression: body.conditions,
    });
    const created = toCondition((await findCondition(tx, scope, id))!);
    await audit(tx, {
      action: 'condition.created',
      entityType: 'condition',
      entityId: id,
      platformId: created.platformId,
      organisationId: created.organisationId,
      ...by(actor),
      after: created,
      requestId,
    });
    return created;
  });
}

async function managedCondition(db: Db, actor: Actor, id: string) {
  const row = await findCondition(db, scopeFor(actor), id);
  if (!row) throw notFound('Condition');
  requireOnVisible(actor, conditionPolicy.manage, formTarget(row));
  return row;
}

/** PUT /v1/conditions and PUT /v1/integration-management/conditions/{id}. */
export async function changeNamedCondition(
  db: Db,
  actor: Actor,
  id: string,
  body: ConditionChangeBody,
  requestId: string,
  expected?: number,
): Promise<Condition> {
  const row = await managedCondition(db, actor, id);
  if (body.conditions !== undefined) checkExpression(body.conditions, 'body/conditions');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await requireVersion(tx, 'conditions', id, expected, async () =>
      toCondition((await findCondition(tx, scope, id))!),
    );
    await updateCondition(tx, scope, id, {
      name: body.name,
      description: body.description,
      expression: body.conditions,
    });
    const updated = toCondition((await findCondition(tx, scope, id))!);
    await audit(tx, {
      action: 'condition.updated',
      entityType: 'condition',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      ...by(actor),
      before: toCondition(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/** DELETE /v1/conditions?id= and DELETE /v1/integration-management/conditions/{id}. */
export async function removeNamedCondition(
  db: Db,
  actor: Actor,
  id: string,
  requestId: string,
): Promise<void> {
  const row = await managedCondition(db, actor, id);
  await withTransaction(db, async (tx) => {
    await deleteCondition(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'condition.deleted',
      entityType: 'condition',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      ...by(actor),
      before: toCondition(row),
      requestId,
    });
  });
}
