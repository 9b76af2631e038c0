import type { FormSchema, FormVersion, FormView } from '@vigilo/contract';
import type { Mock } from 'vitest';

type Handler = (options: { query?: Record<string, unknown>; body?: unknown }) => unknown;

/** Answers the fake client's generic `request` by "METHOD path"; anything else fails the test. */
export function answerRequests(request: Mock, handlers: Record<string, Handler>) {
  request.mockImplementation(async (method: string, path: string, options = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    return handler(options);
  });
}

export const viewId = '00000000-0000-4000-8000-00000000f001';
export const schemaId = '00000000-0000-4000-8000-00000000f002';
const platformId = '00000000-0000-4000-8000-000000000002';

/** A small form written by hand: one section asking sex and age, in English and French. */
export function sampleForm(): { view: FormView; schema: FormSchema } {
  const layout: FormView['layout'] = {
    languages: ['en', 'fr'],
    title: { en: 'Report a side effect', fr: 'Déclarer un effet indésirable' },
    sections: [
      {
        id: 'patient',
        title: { en: 'The patient', fr: 'Le patient' },
        questions: [
          {
            field: 'D.sex',
            label: { en: 'Sex', fr: 'Sexe' },
            options: [
              { value: '1', label: { en: 'Male', fr: 'Homme' } },
              { value: '2', label: { en: 'Female', fr: 'Femme' } },
            ],
          },
          { field: 'D.name', label: { en: 'Initials', fr: 'Initiales' } },
        ],
      },
    ],
  };
  const stamp = '2026-11-20T10:00:00.000Z';
  const schema: FormSchema = {
    id: schemaId,
    platformId,
    organisationId: null,
    key: 'adr-public',
    name: 'Adverse drug reaction',
    description: '',
    reportType: 'adr',
    fields: [
      {
        path: 'D.sex',
        e2b: 'D.5',
        kind: 'code',
        required: false,
        nullFlavours: ['UNK'],
        options: ['1', '2'],
      },
      { path: 'D.name', e2b: 'D.1', kind: 'text', required: false, nullFlavours: ['MSK'] },
    ],
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
  };
  const published: FormVersion = {
    id: '00000000-0000-4000-8000-00000000f003',
    platformId,
    organisationId: null,
    formViewId: viewId,
    formSchemaId: schemaId,
    number: 1,
    definition: {
      key: 'adr-public',
      name: 'Adverse drug reaction',
      audience: 'public',
      reportType: 'adr',
      fields: schema.fields,
      layout,
      conditions: [],
    },
    changes: [],
    createdAt: stamp,
  };
  const view: FormView = {
    id: viewId,
    platformId,
    organisationId: null,
    formSchemaId: schemaId,
    key: 'adr-public',
    name: 'Adverse drug reaction',
    audience: 'public',
    reportType: 'adr',
    layout,
    conditions: [],
    publishedVersionId: published.id,
    publishedVersionNumber: 1,
    published,
    createdAt: stamp,
    updatedAt: stamp,
    version: 1,
  };
  return { view, schema };
}
