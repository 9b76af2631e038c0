import table from './form-fields.json' with { type: 'json' };
import type { FormField } from './forms.ts';

/**
 * `resolveFormField` without the case document's TypeBox schema (decision 0311): the same
 * answer read from form-fields.json, which `npm run contract:fields` writes from the schema. The
 * case form imports this, so the case view's JavaScript does not carry TypeBox and every schema.
 */
const fields = table as Record<string, Omit<FormField, 'path' | 'required'>>;

/** The field at `path`, bound to the case document; undefined when the document has no such field. */
export function lookupFormField(path: string, required = false): FormField | undefined {
  const field = Object.hasOwn(fields, path) ? fields[path] : undefined;
  return field ? { path, required, ...field } : undefined;
}
