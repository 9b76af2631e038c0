import type {
  FormSchema,
  FormSchemaUpdateBody,
  FormVersion,
  FormVersionConditionsBody,
  FormVersionCreateBody,
  FormVersionDefinition,
  FormVersionUpdateBody,
  FormView,
  FormViewsQuery,
  FormViewUpdateBody,
  FormViewVersions,
} from '@vigilo/contract';
import { type Actor, decide, type Rule, type Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { type Scope, scopeFor, systemScope } from '../../platform/scope.ts';
import { formChanges } from './forms.changes.ts';
import { bindFields, checkForm } from './forms.check.ts';
import { formPolicy } from './forms.policy.ts';
import {
  type FormSchemaRow,
  type FormViewRow,
  findFormSchema,
  findFormVersion,
  findFormView,
  insertFormVersion,
  latestFormVersion,
  listFormSchemas,
  listFormVersions,
  listFormViews,
  lockFormView,
  platformAllowsAnonymous,
  toFormSchema,
  toFormVersion,
  toFormView,
  updateFormSchema,
  updateFormView,
} from './forms.repository.ts';

/** Where a form row lives, for the access rules. */
export const formTarget = (row: { platform_id: string; organisation_id: string | null }): Target => ({
  platformId: row.platform_id,
  organisationIds: row.organisation_id ? [row.organisation_id] : [],
});

/**
 * The access check on a row the caller's scope already found: a row it can see but may
 * not change is a 403 (a platform-wide form for an organisation's administrator), never a
 * 404, since the row was listed to it.
 */
export function requireOnVisible(actor: Actor, rule: Rule, target: Target): void {
  if (decide(actor, rule, target) !== 'allow') throw forbidden();
}

export const mayManage = (
  actor: Actor | null,
  row: { platform_id: string; organisation_id: string | null },
) => actor !== null && decide(actor, formPolicy.manage, formTarget(row)) === 'allow';

/* ------------------------------------------------------------------------------ schemas */

/**
 * GET /v1/formschemas: for administrators, every schema their scope sees (a platform's
 * schemas too, read-only for an organisation's administrator).
 */
export async function listSchemas(db: Db, actor: Actor): Promise<FormSchema[]> {
  requireOnVisible(actor, formPolicy.manage, {
    platformId: actor.platformId,
    organisationIds: orgsOf(actor),
  });
  return (await listFormSchemas(db, scopeFor(actor))).map(toFormSchema);
}

const orgsOf = (actor: Actor) =>
  actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : []));

async function managedSchema(db: Db, actor: Actor, id: string): Promise<FormSchemaRow> {
  const row = await findFormSchema(db, scopeFor(actor), id);
  if (!row) throw notFound('Form schema');
  requireOnVisible(actor, formPolicy.manage, formTarget(row));
  return row;
}

/** GET /v1/formschema/{id}. */
export async function getSchema(db: Db, actor: Actor, id: string): Promise<FormSchema> {
  return toFormSchema(await managedSchema(db, actor, id));
}

/** PUT /v1/formschema/{id}: the fields a form collects, bound to the case document. */
export async function changeSchema(
  db: Db,
  actor: Actor,
  id: string,
  body: FormSchemaUpdateBody,
  requestId: string,
  expected?: number,
): Promise<FormSchema> {
  const row = await managedSchema(db, actor, id);
  const fields = body.fields ? bindFields(body.fields, 'body/fields') : undefined;
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await requireVersion(tx, 'form_schemas', id, expected, async () =>
      toFormSchema((await findFormSchema(tx, scope, id))!),
    );
    await updateFormSchema(tx, scope, id, { ...body, fields });
    const updated = toFormSchema((await findFormSchema(tx, scope, id))!);
    await audit(tx, {
      action: 'form_schema.updated',
      entityType: 'form_schema',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toFormSchema(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/* -------------------------------------------------------------------------------- views */

/**
 * What a caller sees of a view: administrators the draft they edit; everyone else the
 * published version (a view never published does not exist for them).
 */
async function present(
  db: Db,
  actor: Actor | null,
  row: FormViewRow,
  withPublished: boolean,
): Promise<FormView> {
  const view = toFormView(row);
  const published = row.published_version_id
    ? await findFormVersion(db, systemScope, row.published_version_id)
    : undefined;
  if (!mayManage(actor, row) && published) {
    const definition = published.definition as FormVersionDefinition;
    Object.assign(view, {
      name: definition.name,
      layout: definition.layout,
      conditions: definition.conditions,
    });
  }
  return withPublished ? { ...view, published: published ? toFormVersion(published) : null } : view;
}

/**
 * The scope an anonymous caller reads forms in: a platform that allows anonymous reports
 * shows its published public forms to anyone (decision 0065); otherwise nothing.
 */
async function anonymousScope(db: Db, platformId: string | undefined): Promise<Scope | null> {
  if (!platformId || !(await platformAllowsAnonymous(db, systemScope, platformId))) return null;
  // Only the platform's own forms: organisation forms need a signed-in member.
  return { platformId, organisationIds: [], userId: null, narrowedIn: [] };
}

/** GET /v1/formviews. */
export async function listViews(db: Db, actor: Actor | null, query: FormViewsQuery): Promise<FormView[]> {
  if (!actor) {
    const scope = await anonymousScope(db, query.platformId);
    if (!scope) return [];
    const rows = await listFormViews(db, scope, { publishedOnly: true, audience: 'public' });
    return Promise.all(rows.map((row) => present(db, null, row, false)));
  }
  const scope = scopeFor(actor);
  if (query.platformId && scope.platformId !== null && query.platformId !== scope.platformId) return [];
  const rows = await listFormViews(db, scope, { publishedOnly: false, audience: query.audience });
  const visible = rows.filter((row) => row.published_version_id !== null || mayManage(actor, row));
  return Promise.all(visible.map((row) => present(db, actor, row, false)));
}

/** The view `id` as the caller may read it: 404 when it cannot. */
async function readableView(db: Db, actor: Actor | null, id: string): Promise<FormViewRow> {
  if (!actor) {
    const row = await findFormView(db, systemScope, id);
    const scope =
      row && row.audience === 'public' && row.published_version_id
        ? await anonymousScope(db, row.platform_id)
        : null;
    if (!row || !scope || row.organisation_id !== null) throw notFound('Form view');
    return row;
  }
  const row = await findFormView(db, scopeFor(actor), id);
  if (!row || (row.published_version_id === null && !mayManage(actor, row))) throw notFound('Form view');
  if (decide(actor, formPolicy.read, formTarget(row)) === 'forbid') throw forbidden();
  return row;
}

/** GET /v1/formview/{id}: with the published version in full. */
export async function getView(db: Db, actor: Actor | null, id: string): Promise<FormView> {
  return present(db, actor, await readableView(db, actor, id), true);
}

/** The view `id` for an administrator of it (404 unseen, 403 seen but not theirs to change). */
export async function managedView(db: Db, actor: Actor, id: string): Promise<FormViewRow> {
  const row = await findFormView(db, scopeFor(actor), id);
  if (!row) throw notFound('Form view');
  requireOnVisible(actor, formPolicy.manage, formTarget(row));
  return row;
}

/** A schema the view may use: the same tenant's, and one the caller administers. */
async function schemaForView(db: Db, actor: Actor, view: FormViewRow, formSchemaId: string, field: string) {
  const schema = await findFormSchema(db, scopeFor(actor), formSchemaId);
  if (
    !schema ||
    schema.platform_id !== view.platform_id ||
    (schema.organisation_id !== null && schema.organisation_id !== view.organisation_id)
  )
    throw new AppError('VALIDATION_FAILED', 'No such form schema for this form', {
      fields: [
        {
          field,
          message: 'is not a form schema of this form’s platform or organisation',
          reason: 'notFound',
        },
      ],
    });
  return schema;
}

/** PUT /v1/formview/{id}: the draft; reporters see it once published (POST /v1/formversion). */
export async function changeView(
  db: Db,
  actor: Actor,
  id: string,
  body: FormViewUpdateBody,
  requestId: string,
  expected?: number,
): Promise<FormView> {
  const row = await managedView(db, actor, id);
  const schema = body.formSchemaId
    ? await schemaForView(db, actor, row, body.formSchemaId, 'body/formSchemaId')
    : await findFormSchema(db, systemScope, row.form_schema_id);
  const fields = (schema!.fields ?? []) as FormSchema['fields'];
  checkForm(fields, body.layout ?? toFormView(row).layout, body.conditions ?? toFormView(row).conditions, {
    layout: body.layout ? 'body/layout' : 'layout',
    conditions: 'body/conditions',
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await requireVersion(tx, 'form_views', id, expected, async () =>
      toFormView((await findFormView(tx, scope, id))!),
    );
    await updateFormView(tx, scope, id, body);
    const updated = toFormView((await findFormView(tx, scope, id))!);
    await audit(tx, {
      action: 'form_view.updated',
      entityType: 'form_view',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toFormView(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/* ----------------------------------------------------------------------------- versions */

/** What publishing the view's draft (with `changes` applied) would freeze. */
function draftDefinition(
  row: FormViewRow,
  schema: FormSchemaRow,
  changes: { layout?: FormView['layout']; conditions?: FormView['conditions'] },
): FormVersionDefinition {
  const view = toFormView(row);
  return {
    key: row.key,
    name: row.name,
    audience: view.audience,
    reportType: schema.report_type as FormVersionDefinition['reportType'],
    fields: schema.fields as FormVersionDefinition['fields'],
    layout: changes.layout ?? view.layout,
    conditions: changes.conditions ?? view.conditions,
  };
}

/**
 * Publishes the view's draft (with `changes` applied to it first) as its next version, in
 * one transaction under a lock of the view: parallel publishes get consecutive numbers.
 * The draft becomes what was published.
 */
export async function publish(
  db: Db,
  actor: Actor,
  row: FormViewRow,
  changes: { formSchemaId?: string; layout?: FormView['layout']; conditions?: FormView['conditions'] },
  requestId: string,
  from?: FormVersion,
): Promise<FormVersion> {
  const scope = scopeFor(actor);
  const schemaId = changes.formSchemaId ?? row.form_schema_id;
  const schema =
    schemaId === row.form_schema_id
      ? await findFormSchema(db, systemScope, schemaId)
      : await schemaForView(db, actor, row, schemaId, 'body/formSchemaId');
  const definition = draftDefinition(row, schema!, changes);
  checkForm(definition.fields, definition.layout, definition.conditions, {
    layout: 'layout',
    conditions: changes.conditions ? 'body/conditions' : 'conditions',
  });
  return withTransaction(db, async (tx) => {
    await lockFormView(tx, scope, row.id);
    const previous = await latestFormVersion(tx, scope, row.id);
    const { id } = await insertFormVersion(tx, scope, {
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      formViewId: row.id,
      formSchemaId: schemaId,
      number: (previous?.number ?? 0) + 1,
      definition,
      changes: formChanges(previous?.definition as FormVersionDefinition | undefined, definition),
      createdBy: actor.application ? null : actor.userId,
    });
    await updateFormView(tx, scope, row.id, {
      publishedVersionId: id,
      formSchemaId: schemaId,
      layout: definition.layout,
      conditions: definition.conditions,
    });
    const version = toFormVersion((await findFormVersion(tx, scope, id))!);
    await audit(tx, {
      action: 'form_version.published',
      entityType: 'form_version',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      after: { formViewId: row.id, number: version.number, changes: version.changes },
      details: from ? { from: from.id, fromNumber: from.number } : {},
      requestId,
    });
    return version;
  });
}

/** POST /v1/formversion: publish the view as it is now (with these conditions, when given). */
export async function createVersion(
  db: Db,
  actor: Actor,
  body: FormVersionCreateBody,
  requestId: string,
): Promise<FormVersion> {
  const row = await managedView(db, actor, body.formViewId);
  return publish(db, actor, row, { formSchemaId: body.formSchemaId, conditions: body.conditions }, requestId);
}

/** The version `id` for an administrator of its view. */
async function managedVersion(db: Db, actor: Actor, id: string) {
  const version = await findFormVersion(db, scopeFor(actor), id);
  if (!version) throw notFound('Form version');
  requireOnVisible(actor, formPolicy.manage, formTarget(version));
  return toFormVersion(version);
}

/**
 * PUT /v1/formversion: a version never changes, so "changing" version `id` publishes a new
 * one made from it (its layout, with the conditions or schema given): also how an earlier
 * version is brought back (decision 0065).
 */
export async function reviseVersion(
  db: Db,
  actor: Actor,
  body: FormVersionUpdateBody,
  requestId: string,
): Promise<FormVersion> {
  const from = await managedVersion(db, actor, body.id);
  if (body.formViewId !== undefined && body.formViewId !== from.formViewId)
    throw new AppError('VALIDATION_FAILED', 'A version stays with its form view', {
      fields: [
        { field: 'body/formViewId', message: "must be the version's own form view", reason: 'notAllowed' },
      ],
    });
  const row = await managedView(db, actor, from.formViewId);
  return publish(
    db,
    actor,
    row,
    {
      formSchemaId: body.formSchemaId ?? from.formSchemaId,
      layout: from.definition.layout,
      conditions: body.conditions ?? from.definition.conditions,
    },
    requestId,
    from,
  );
}

/** PUT /v1/formversion/{id}/conditions: a new version from `id` with these conditions. */
export async function reviseConditions(
  db: Db,
  actor: Actor,
  id: string,
  body: FormVersionConditionsBody,
  requestId: string,
): Promise<FormVersion> {
  return reviseVersion(db, actor, { id, conditions: body.conditions }, requestId);
}

/**
 * GET /v1/formview/{id}/versions: the published versions, newest first, with who published
 * each, and what publishing the draft now would list as changed (decision 0084).
 */
export async function listVersions(db: Db, actor: Actor, id: string): Promise<FormViewVersions> {
  const row = await managedView(db, actor, id);
  const scope = scopeFor(actor);
  const [rows, latest, schema] = await Promise.all([
    listFormVersions(db, scope, id),
    latestFormVersion(db, scope, id),
    findFormSchema(db, systemScope, row.form_schema_id),
  ]);
  return {
    versions: rows.map((version) => ({
      id: version.id,
      number: version.number,
      createdAt: version.created_at.toISOString(),
      publishedBy: version.user_id
        ? { id: version.user_id, name: version.user_name ?? version.user_email ?? '' }
        : null,
      changes: version.changes as FormViewVersions['draftChanges'],
    })),
    draftChanges: formChanges(
      latest?.definition as FormVersionDefinition | undefined,
      draftDefinition(row, schema!, {}),
    ),
  };
}
