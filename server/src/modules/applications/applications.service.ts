import type {
  Application,
  ApplicationCreateBody,
  ApplicationDefaultBody,
  ApplicationUpdateBody,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { applicationPolicy } from './applications.policy.ts';
import {
  deleteApplication,
  findApplication,
  findDefaultApplication,
  insertApplication,
  listApplications,
  lockOrganisationApplications,
  setDefaultApplication,
  toApplication,
  updateApplication,
} from './applications.repository.ts';

/** An application the actor may act on under `rule`; 404 when missing or another tenant's. */
const accessibleApplication = (db: Db, actor: Actor, rule: keyof typeof applicationPolicy, id: string) =>
  loadForAccess(db, actor, findApplication, id, {
    rule: applicationPolicy[rule],
    what: 'Application',
    target: rowTarget,
  });

/** GET /v1/applications: the applications of an organisation (the session's by default). */
export async function listOrganisationApplications(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
): Promise<Application[]> {
  const target = await organisationTarget(db, actor, organisationId, 'query/organisationId');
  requireAccess(actor, applicationPolicy.list, target, 'Organisation');
  const rows = await listApplications(db, scopeFor(actor), target);
  return rows.map(toApplication);
}

/** GET /v1/applications/default: 404 while the organisation has none. */
export async function getDefaultApplication(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
): Promise<Application> {
  const target = await organisationTarget(db, actor, organisationId, 'query/organisationId');
  requireAccess(actor, applicationPolicy.list, target, 'Organisation');
  const row = await findDefaultApplication(db, scopeFor(actor), target);
  if (!row) throw notFound('Default application');
  return toApplication(row);
}

/** POST /v1/applications. The organisation's first application becomes its default. */
export async function createApplication(
  db: Db,
  actor: Actor,
  body: ApplicationCreateBody,
  requestId: string,
): Promise<Application> {
  const target = await organisationTarget(db, actor, body.organisationId, 'body/organisationId');
  requireAccess(actor, applicationPolicy.create, target, 'Organisation');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await lockOrganisationApplications(tx, scope, target.organisationId);
    const isDefault = !(await findDefaultApplication(tx, scope, target));
    const { id } = await insertApplication(tx, scope, {
      platformId: target.platformId,
      organisationId: target.organisationId,
      name: body.application,
      submissionServiceUser: body.submissionServiceUser ?? false,
      isDefault,
    });
    const created = toApplication((await findApplication(tx, scope, id))!);
    await audit(tx, {
      action: 'application.created',
      entityType: 'application',
      entityId: id,
      platformId: target.platformId,
      organisationId: target.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

/** PUT /v1/applications/{id}: rename, or change whether it acts as a submission service user. */
export async function changeApplication(
  db: Db,
  actor: Actor,
  id: string,
  body: ApplicationUpdateBody,
  requestId: string,
  expected?: number,
): Promise<Application> {
  const row = await accessibleApplication(db, actor, 'update', id);
  const scope = scopeFor(actor);
  if (body.organisationId !== undefined && body.organisationId !== row.organisation_id) {
    throw new AppError('VALIDATION_FAILED', 'An application cannot move to another organisation', {
      fields: [
        {
          field: 'body/organisationId',
          message: "must be the application's own organisation",
          reason: 'notAllowed',
        },
      ],
    });
  }
  return withTransaction(db, async (tx) => {
    await requireVersion(tx, 'applications', id, expected, async () =>
      toApplication((await findApplication(tx, scope, id))!),
    );
    await updateApplication(tx, scope, id, {
      name: body.application,
      submissionServiceUser: body.submissionServiceUser,
    });
    const updated = toApplication((await findApplication(tx, scope, id))!);
    await audit(tx, {
      action: 'application.updated',
      entityType: 'application',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toApplication(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/** DELETE /v1/applications/{id}: the application and its keys go (keys stop working at once). */
export async function removeApplication(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await accessibleApplication(db, actor, 'delete', id);
  await withTransaction(db, async (tx) => {
    await deleteApplication(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'application.deleted',
      entityType: 'application',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toApplication(row),
      requestId,
    });
  });
}

/** POST /v1/applications/default: makes an application its organisation's default. */
export async function makeDefaultApplication(
  db: Db,
  actor: Actor,
  body: ApplicationDefaultBody,
  requestId: string,
): Promise<Application> {
  const row = await accessibleApplication(db, actor, 'setDefault', body.id);
  if (body.organisationId !== undefined && body.organisationId !== row.organisation_id)
    throw notFound('Application');
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await lockOrganisationApplications(tx, scope, row.organisation_id);
    await setDefaultApplication(tx, scope, row.organisation_id, row.id);
    const updated = toApplication((await findApplication(tx, scope, row.id))!);
    await audit(tx, {
      action: 'application.made_default',
      entityType: 'application',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { isDefault: row.is_default },
      after: { isDefault: true },
      requestId,
    });
    return updated;
  });
}
