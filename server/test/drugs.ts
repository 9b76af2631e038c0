import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The invented product list (src/seed/drugs-synthetic, also the demo's): twelve products, official-looking, all made up. */
export const DRUGS_DIR = join(import.meta.dirname, '..', 'src', 'seed', 'drugs-synthetic');
export const syntheticDrugsCsv = () => readFileSync(join(DRUGS_DIR, 'drugs.csv'), 'utf8');
export const syntheticDrugsMeta = () => JSON.parse(readFileSync(join(DRUGS_DIR, 'drugs-meta.json'), 'utf8'));

const part = (text: string, type: string) => new Blob([text], { type });

/** A list upload's form: the CSV as `file`, and a meta file as `meta` when given. */
export function listForm(csv: string, meta?: Record<string, unknown>, fileName = 'drugs.csv'): FormData {
  const form = new FormData();
  form.append('file', part(csv, 'text/csv'), fileName);
  if (meta) form.append('meta', part(JSON.stringify(meta), 'application/json'), 'drugs-meta.json');
  return form;
}

/** A meta upload's form: the meta file as `file` (text as it is when a string). */
export function metaForm(meta: Record<string, unknown> | string): FormData {
  const form = new FormData();
  form.append(
    'file',
    part(typeof meta === 'string' ? meta : JSON.stringify(meta), 'application/json'),
    'meta.json',
  );
  return form;
}
