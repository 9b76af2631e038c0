import { randomUUID } from 'node:crypto';
import { type FormField, type FormVersionDefinition, resolveFormField } from '@vigilo/contract';
import type { Db } from '../src/platform/db.ts';

/**
 * A published form version of a platform (or of one organisation), written straight into
 * the forms tables for the intake tests: a short public ADR form whose questions and
 * condition are spelled out here, not read from the code under test.
 */
export async function createFormVersion(
  db: Db,
  owner: { platformId: string; organisationId?: string | null },
  options: { languages?: string[] } = {},
) {
  const key = `adr-${randomUUID().slice(0, 8)}`;
  const field = (path: string, required = false): FormField => {
    const bound = resolveFormField(path, required);
    if (!bound) throw new Error(`no case-document field ${path}`);
    return bound;
  };
  const languages = options.languages ?? ['en', 'fr'];
  const definition: FormVersionDefinition = {
    key,
    name: 'Report a side effect',
    audience: 'public',
    reportType: 'adr',
    fields: [
      field('D.sex', true),
      field('D.lastMenstrualPeriodDate'),
      field('E.reactions', true),
      field('E.reactions[].nativeTerm', true),
      field('G.drugs[].name', true),
    ],
    layout: {
      languages,
      title: { en: 'Report a side effect', fr: 'Déclarer un effet indésirable' },
      sections: [
        {
          id: 'patient',
          title: { en: 'The patient', fr: 'Le patient' },
          questions: [
            { field: 'D.sex', label: { en: 'Sex', fr: 'Sexe' } },
            {
              field: 'D.lastMenstrualPeriodDate',
              label: { en: 'Last menstrual period', fr: 'Dernières règles' },
            },
          ],
        },
        {
          id: 'reaction',
          title: { en: 'The reaction', fr: 'La réaction' },
          repeat: 'E.reactions',
          questions: [
            { field: 'E.reactions[].nativeTerm', label: { en: 'What happened', fr: 'Ce qui s’est passé' } },
          ],
        },
        {
          id: 'medicine',
          title: { en: 'The medicine', fr: 'Le médicament' },
          repeat: 'G.drugs',
          questions: [{ field: 'G.drugs[].name', label: { en: 'Medicine name', fr: 'Nom du médicament' } }],
        },
      ],
    },
    // Asked of women only: required when the patient is female.
    conditions: [{ when: 'D.sex == "2"', action: 'require', targets: ['D.lastMenstrualPeriodDate'] }],
  };
  const organisationId = owner.organisationId ?? null;
  const schema = await db
    .insertInto('form_schemas')
    .values({
      platform_id: owner.platformId,
      organisation_id: organisationId,
      key,
      name: definition.name,
      report_type: 'adr',
      fields: JSON.stringify(definition.fields),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const view = await db
    .insertInto('form_views')
    .values({
      platform_id: owner.platformId,
      organisation_id: organisationId,
      form_schema_id: schema.id,
      key,
      name: definition.name,
      audience: 'public',
      definition: JSON.stringify(definition.layout),
      conditions: JSON.stringify(definition.conditions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('form_versions')
    .values({
      platform_id: owner.platformId,
      organisation_id: organisationId,
      form_view_id: view.id,
      form_schema_id: schema.id,
      number: 1,
      definition: JSON.stringify(definition),
      changes: JSON.stringify([]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { formSchemaId: schema.id, formViewId: view.id, formViewVersionId: version.id, definition };
}
