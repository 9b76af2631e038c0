import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formFieldTable } from './form-fields.ts';

/** `npm run contract:fields`: writes form-fields.json from the case document's schema (decision 0311). */
export const formFieldsFile = join(import.meta.dirname, 'form-fields.json');

if (import.meta.main) {
  await writeFile(formFieldsFile, `${JSON.stringify(formFieldTable(), null, 2)}\n`);
  console.log(`wrote ${formFieldsFile}`);
}
