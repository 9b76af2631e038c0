import type { FormFieldInput, FormView } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { forbidden } from '../../platform/errors.ts';
import { scopeFor, systemScope } from '../../platform/scope.ts';
import { bindFields, checkForm } from './forms.check.ts';
import {
  findFormSchema,
  findFormView,
  toFormSchema,
  toFormView,
  updateFormSchema,
  updateFormView,
} from './forms.repository.ts';
import { formTarget, managedView, mayManage } from './forms.service.ts';
import { type FormFile, packForm, unpackForm } from './forms.zip.ts';

/** GET /v1/formview/{id}/zip: the view's draft and its schema, without ids. */
export async function exportViewZip(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ name: string; zip: Buffer }> {
  const row = await managedView(db, actor, id);
  const schema = toFormSchema((await findFormSchema(db, systemScope, row.form_schema_id))!);
  const view = toFormView(row);
  const form: FormFile = {
    format: 'vigilo-form',
    formatVersion: 1,
    schema: {
      key: schema.key,
      name: schema.name,
      description: schema.description,
      reportType: schema.reportType,
      fields: schema.fields.map(
        (f): FormFieldInput => ({ path: f.path, ...(f.required ? { required: true } : {}) }),
      ),
    },
    view: {
      key: view.key,
      name: view.name,
      audience: view.audience,
      layout: view.layout,
      conditions: view.conditions,
    },
  };
  return { name: `form-${row.key}`, zip: await packForm(form) };
}

/**
 * POST /v1/formview/{id}/zip: the form in the zip replaces this view's draft and its
 * schema's fields (bound again to this platform's case document); nothing changes for
 * reporters until it is published. Every check runs before anything is written.
 */
export async function importViewZip(
  db: Db,
  actor: Actor,
  id: string,
  zip: Buffer,
  requestId: string,
): Promise<FormView> {
  const row = await managedView(db, actor, id);
  const schemaRow = (await findFormSchema(db, systemScope, row.form_schema_id))!;
  // The schema may be shared with views the caller does not administer.
  if (!mayManage(actor, schemaRow)) throw forbidden();
  const form = await unpackForm(zip);
  const fields = bindFields(form.schema.fields, 'body/file/schema/fields');
  checkForm(fields, form.view.layout, form.view.conditions, {
    layout: 'body/file/view/layout',
    conditions: 'body/file/view/conditions',
  });
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await updateFormSchema(tx, scope, schemaRow.id, {
      name: form.schema.name,
      description: form.schema.description,
      reportType: form.schema.reportType,
      fields,
    });
    await updateFormView(tx, scope, id, {
      name: form.view.name,
      audience: form.view.audience,
      layout: form.view.layout,
      conditions: form.view.conditions,
    });
    const updated = toFormView((await findFormView(tx, scope, id))!);
    await audit(tx, {
      action: 'form_view.imported',
      entityType: 'form_view',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toFormView(row),
      after: updated,
      details: { formSchemaId: schemaRow.id, fields: fields.length, target: formTarget(row).organisationIds },
      requestId,
    });
    return updated;
  });
}
