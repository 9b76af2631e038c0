import type { Area } from '../../platform/area.ts';
import { conditionPolicy, formPolicy } from './forms.policy.ts';
import { formRoutes } from './forms.routes.ts';

/** The forms area: form schemas, views, versions and named conditions (issue 11). */
export const formsArea = {
  name: 'forms',
  routes: formRoutes,
  policies: { forms: formPolicy, conditions: conditionPolicy },
  conflicts: {
    conditions_name: { field: 'body/name', message: 'is already the name of another condition' },
    // Two new forms of the same name at once (POST /v1/formviews): the key comes from the name.
    form_views_key: { field: 'body/name', message: 'is already the name of another form here' },
    form_schemas_key: { field: 'body/name', message: 'is already the name of another form here' },
  },
  audit: {
    'form_schema.updated': {},
    'form_view.created': {},
    'form_view.updated': {},
    'form_view.imported': {},
    'form_version.published': {},
    'condition.created': {},
    'condition.updated': {},
    'condition.deleted': {},
  },
} satisfies Area;
