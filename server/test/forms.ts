import { insertFormSchema, insertFormView } from '../src/modules/forms/forms.repository.ts';
import { packForm } from '../src/modules/forms/forms.zip.ts';
import { systemScope } from '../src/platform/scope.ts';
import type { TestApp } from './app.ts';
import type { TestTenant } from './factories.ts';
import { http } from './http.ts';

const unique = () => Math.random().toString(36).slice(2, 10);

const wardLayout = {
  languages: ['en'],
  title: { en: 'Ward form' },
  sections: [
    {
      id: 'reaction',
      title: { en: 'Reaction' },
      questions: [{ field: 'E.reactions[].nativeTerm', label: { en: 'What happened?' } }],
    },
  ],
};

/**
 * A small form of one organisation, published by `adminToken`. Forms have no create route
 * (they come with the platform, or by zip into an existing view), so its rows are written
 * directly and the publishing goes through the API.
 */
export async function organisationForm(
  app: TestApp,
  tenant: TestTenant,
  organisation: 0 | 1,
  adminToken: string,
) {
  const key = `ward-${unique()}`;
  const organisationId = tenant.organisationIds[organisation]!;
  const schema = await insertFormSchema(app.db, systemScope, {
    platformId: tenant.platformId,
    organisationId,
    key,
    name: 'Ward form',
    description: '',
    reportType: 'adr',
    fields: [
      {
        path: 'E.reactions[].nativeTerm',
        e2b: 'E.i.1.1a',
        kind: 'text',
        required: true,
        nullFlavours: [],
        maxLength: 250,
      },
    ],
  });
  const view = await insertFormView(app.db, systemScope, {
    platformId: tenant.platformId,
    organisationId,
    formSchemaId: schema.id,
    key,
    name: 'Ward form',
    audience: 'professional',
    layout: wardLayout,
    conditions: [],
  });
  const version = await http<{ id: string }>(app.url, 'POST', '/v1/formversion', {
    token: adminToken,
    body: { formViewId: view.id },
  });
  if (version.status !== 201) throw new Error(`publish: ${version.status} ${JSON.stringify(version.body)}`);
  return { viewId: view.id, schemaId: schema.id, versionId: version.body.id };
}

/** The zip of a small valid form, as GET /v1/formview/{id}/zip makes them. */
export const wardFormZip = () =>
  packForm({
    format: 'vigilo-form',
    formatVersion: 1,
    schema: {
      key: 'ward',
      name: 'Ward form',
      description: '',
      reportType: 'adr',
      fields: [{ path: 'E.reactions[].nativeTerm', required: true }],
    },
    view: {
      key: 'ward',
      name: 'Ward form (imported)',
      audience: 'professional',
      layout: wardLayout,
      conditions: [],
    },
  });
