import { type DrugField, type DrugLineError, DrugListMeta } from '@vigilo/contract';
import { Value } from 'typebox/value';
import { readCsv } from '../../platform/csv.ts';

/** The product list's columns, in the order the CSV download writes them (decision 0140). */
export const DRUG_FIELDS: readonly DrugField[] = [
  'code',
  'name',
  'substances',
  'strength',
  'doseForm',
  'authorisationNumber',
  'holder',
  'country',
];
const REQUIRED: readonly DrugField[] = ['code', 'name'];
const MAX_LENGTH: Record<DrugField, number> = {
  code: 100,
  name: 250,
  substances: 1000,
  strength: 100,
  doseForm: 200,
  authorisationNumber: 100,
  holder: 200,
  country: 2,
};
/** The most products one list holds, and the most errors one answer lists. */
export const MAX_PRODUCTS = 100_000;
export const MAX_ERRORS = 50;

export interface ProductValues {
  code: string;
  name: string;
  substances: string[];
  strength: string | null;
  doseForm: string | null;
  authorisationNumber: string | null;
  holder: string | null;
  country: string | null;
}

/** How a list is read: the meta file's settings, or the defaults. */
export interface ListFormat {
  delimiter: string;
  substanceSeparator: string;
  columns: Partial<Record<DrugField, string>>;
}
export const DEFAULT_FORMAT: ListFormat = { delimiter: ',', substanceSeparator: '|', columns: {} };

/** UTF-8 when the bytes are valid UTF-8, else Latin-1 (lists saved by older spreadsheets). */
export function decodeText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

const lineError = (line: number, column: string | null, message: string): DrugLineError => ({
  line,
  column,
  message,
});

/** The meta file: JSON checked against DrugListMeta; problems as line-0 errors naming the member. */
export function parseMeta(bytes: Buffer): { meta?: DrugListMeta; errors: DrugLineError[] } {
  let json: unknown;
  try {
    json = JSON.parse(decodeText(bytes));
  } catch (error) {
    return { errors: [lineError(0, null, `is not JSON (${(error as Error).message.slice(0, 120)})`)] };
  }
  if (Value.Check(DrugListMeta, json)) return { meta: json, errors: [] };
  // One error per member: a union (delimiter) reports each branch it tried.
  const byMember = new Map<string, DrugLineError>();
  for (const e of Value.Errors(DrugListMeta, json)) {
    const where = e.instancePath.replace(/^\//, '');
    const extra = (e.params as { additionalProperties?: string[] }).additionalProperties;
    const message = extra ? `has unknown member(s) ${extra.join(', ')}` : e.message;
    const seen = byMember.get(where);
    if (seen) seen.message = 'is not one of the allowed values';
    else byMember.set(where, lineError(0, where || null, message));
  }
  return { errors: [...byMember.values()].slice(0, MAX_ERRORS) };
}

/** The settings a meta file gives for reading the list. */
export const formatOf = (meta: DrugListMeta): ListFormat => ({
  delimiter: meta.delimiter ?? ',',
  substanceSeparator: meta.substanceSeparator ?? '|',
  columns: meta.columns ?? {},
});

/** A cell as stored: trimmed, empty → null, the apostrophe the CSV download adds before = + - @ dropped. */
const clean = (cell: string | undefined) => {
  const text = (cell ?? '').trim().replace(/^'(?=[=+\-@])/, '');
  return text === '' ? null : text;
};

/**
 * The whole list checked at once: the header names every required column once, each line
 * has as many cells as the header, every value fits, codes are unique. Any problem → no
 * products and up to MAX_ERRORS line-numbered errors (decision 0140).
 */
export function parseList(
  text: string,
  format: ListFormat,
): { products?: ProductValues[]; errors: DrugLineError[] } {
  const { records, unclosedQuoteAt } = readCsv(text, format.delimiter);
  if (unclosedQuoteAt !== null)
    return { errors: [lineError(unclosedQuoteAt, null, 'opens a quoted cell that is never closed')] };
  const [header, ...rows] = records;
  if (!header) return { errors: [lineError(0, null, 'is empty: the first line names the columns')] };
  const errors: DrugLineError[] = [];
  const headers = header.cells.map((c) => c.trim());
  const position = new Map<DrugField, number>();
  for (const field of DRUG_FIELDS) {
    const name = format.columns[field] ?? field;
    const at = headers.filter((h) => h.toLowerCase() === name.toLowerCase());
    if (at.length > 1) errors.push(lineError(header.line, name, `names the column "${name}" twice`));
    else if (at.length === 1)
      position.set(
        field,
        headers.findIndex((h) => h.toLowerCase() === name.toLowerCase()),
      );
    else if (REQUIRED.includes(field))
      errors.push(lineError(header.line, name, `has no column "${name}" (required)`));
  }
  if (errors.length > 0) return { errors };
  if (rows.length > MAX_PRODUCTS)
    return {
      errors: [lineError(0, null, `has ${rows.length} products; a list holds at most ${MAX_PRODUCTS}`)],
    };

  const products: ProductValues[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    if (errors.length >= MAX_ERRORS) break;
    if (row.cells.length !== headers.length) {
      errors.push(
        lineError(row.line, null, `has ${row.cells.length} cells; the header has ${headers.length}`),
      );
      continue;
    }
    const value = (field: DrugField) => {
      const at = position.get(field);
      return at === undefined ? null : clean(row.cells[at]);
    };
    const before = errors.length;
    for (const field of DRUG_FIELDS) {
      const v = value(field);
      const column = format.columns[field] ?? field;
      if (v === null && REQUIRED.includes(field))
        errors.push(lineError(row.line, column, 'is empty (required)'));
      else if (v !== null && v.length > MAX_LENGTH[field] && field !== 'country')
        errors.push(lineError(row.line, column, `is longer than ${MAX_LENGTH[field]} characters`));
    }
    const country = value('country')?.toUpperCase() ?? null;
    if (country !== null && !/^([A-Z]{2}|EU)$/.test(country))
      errors.push(
        lineError(
          row.line,
          format.columns.country ?? 'country',
          `"${country.slice(0, 20)}" is not a two-letter country code`,
        ),
      );
    const code = value('code');
    if (code !== null) {
      const first = seen.get(code);
      if (first !== undefined)
        errors.push(
          lineError(
            row.line,
            format.columns.code ?? 'code',
            `"${code.slice(0, 100)}" is also the code on line ${first}`,
          ),
        );
      else seen.set(code, row.line);
    }
    if (errors.length > before) continue;
    const substances = (value('substances') ?? '')
      .split(format.substanceSeparator)
      .map((s) => s.trim())
      .filter((s) => s.length > 0);
    products.push({
      code: code!,
      name: value('name')!,
      substances,
      strength: value('strength'),
      doseForm: value('doseForm'),
      authorisationNumber: value('authorisationNumber'),
      holder: value('holder'),
      country,
    });
  }
  if (errors.length > 0) return { errors: errors.slice(0, MAX_ERRORS) };
  return { products, errors: [] };
}
