import type { FormVersionDefinition } from '@vigilo/contract';
import type { Db } from '../../platform/db.ts';
import { platformScope } from '../../platform/scope.ts';
import { bindFields, checkForm } from './forms.check.ts';
import {
  findFormSchema,
  insertFormSchema,
  insertFormVersion,
  insertFormView,
  updateFormView,
} from './forms.repository.ts';
import { STANDARD_SCHEMAS, STANDARD_VIEWS } from './forms.standard.ts';

/**
 * Gives a platform the standard forms, each published as version 1 (decision 0069): run
 * for the demo platform, the bootstrap platform and every platform created through the API,
 * in the caller's transaction. A form whose key the platform already has is left alone.
 */
export async function installStandardForms(db: Db, platformId: string): Promise<void> {
  const scope = platformScope(platformId);
  const existing = await db
    .selectFrom('form_views')
    .select('key')
    .where('platform_id', '=', platformId)
    .where('organisation_id', 'is', null)
    .execute();
  const have = new Set(existing.map((r) => r.key));
  const schemaIds = new Map<string, string>();
  for (const schema of STANDARD_SCHEMAS) {
    const found = await db
      .selectFrom('form_schemas')
      .select('id')
      .where('platform_id', '=', platformId)
      .where('organisation_id', 'is', null)
      .where('key', '=', schema.key)
      .executeTakeFirst();
    const id =
      found?.id ??
      (
        await insertFormSchema(db, scope, {
          platformId,
          organisationId: null,
          key: schema.key,
          name: schema.name,
          description: schema.description,
          reportType: schema.reportType,
          fields: bindFields(schema.fields, schema.key),
        })
      ).id;
    schemaIds.set(schema.key, id);
  }
  for (const view of STANDARD_VIEWS) {
    if (have.has(view.key)) continue;
    const schemaId = schemaIds.get(view.schema)!;
    const schema = (await findFormSchema(db, scope, schemaId))!;
    const definition: FormVersionDefinition = {
      key: view.key,
      name: view.name,
      audience: view.audience,
      reportType: schema.report_type as FormVersionDefinition['reportType'],
      fields: schema.fields as FormVersionDefinition['fields'],
      layout: view.layout,
      conditions: view.conditions,
    };
    checkForm(definition.fields, definition.layout, definition.conditions, {
      layout: view.key,
      conditions: view.key,
    });
    const { id } = await insertFormView(db, scope, {
      platformId,
      organisationId: null,
      formSchemaId: schemaId,
      key: view.key,
      name: view.name,
      audience: view.audience,
      layout: view.layout,
      conditions: view.conditions,
    });
    const version = await insertFormVersion(db, scope, {
      platformId,
      organisationId: null,
      formViewId: id,
      formSchemaId: schemaId,
      number: 1,
      definition,
      changes: [],
      createdBy: null,
    });
    await updateFormView(db, scope, id, { publishedVersionId: version.id });
  }
}
