import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { roleNames } from '@vigilo/contract';
import { repoRoot } from '../../src/config.ts';
import { readCsv } from '../../src/platform/csv.ts';

/** docs/permissions.csv read into rows: the permission matrix and the cross-tenant matrix both read it. */
export const COLUMNS = [...roleNames, 'api_key', 'anonymous'] as const;
export type Column = (typeof COLUMNS)[number];
export type Cell = 'allowed' | 'hidden' | 'forbidden' | 'refused' | 'unauthenticated' | 'public';

export interface Row {
  operation: string;
  method: string;
  path: string;
  target: string;
  cells: Record<Column, Cell>;
}

const parseCsv = (text: string) => readCsv(text).records.map((r) => r.cells);

const [csvHeader, ...lines] = parseCsv(readFileSync(join(repoRoot, 'docs', 'permissions.csv'), 'utf8'));
export const header = csvHeader!;
const CELLS: readonly string[] = ['allowed', 'hidden', 'forbidden', 'refused', 'unauthenticated', 'public'];
export const rows: Row[] = lines.map((fields) => {
  const [operation = '', target = '', ...cells] = fields;
  const [method = '', path = ''] = operation.split(' ');
  for (const cell of cells)
    if (!CELLS.includes(cell)) throw new Error(`${operation}: unknown cell "${cell}"`);
  return {
    operation,
    method,
    path,
    target,
    // By the header's names: the CSV may order its columns as reads best.
    cells: Object.fromEntries(header.slice(2).map((c, i) => [c, cells[i]])) as Record<Column, Cell>,
  };
});
