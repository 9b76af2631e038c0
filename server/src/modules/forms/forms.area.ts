import type { Area } from '../../platform/area.ts';

/** The forms area: form schemas, views, versions and named conditions (issue 11). */
export const formsArea = {
  name: 'forms',
  conflicts: {
    form_schemas_key: { field: 'body/key', message: 'is already the key of another form schema' },
    form_views_key: { field: 'body/key', message: 'is already the key of another form view' },
    form_versions_number: {
      field: 'body/formViewId',
      message: 'was published by someone else at the same moment; publish again',
    },
    conditions_name: { field: 'body/name', message: 'is already the name of another condition' },
  },
} satisfies Area;
