import languages from '@cospired/i18n-iso-languages';
import { readCsv } from '../../platform/csv.ts';

/**
 * Reading an EDQM export (decision 0145): the EDQM Standard Terms API's JSON answer
 * (`{content: [{class, code, status, english, domain, version, translations: [{language,
 * term}]}]}`, or the array itself), or a CSV export with a header row. Pure: text in, terms
 * and line-numbered errors out.
 */

export interface ParsedTerm {
  code: string;
  class: 'PDF' | 'ROA';
  term: string;
  status: 'current' | 'deprecated';
  translations: Record<string, string>;
  domain: string | null;
  version: string | null;
}

export interface LineError {
  /** 1-based line of the CSV, or 1-based position of the term in the JSON list. */
  line: number;
  message: string;
}

export interface ParsedExport {
  format: 'json' | 'csv';
  terms: ParsedTerm[];
  /** Terms of other classes (containers, closures…): not used by E2B's dose form and route. */
  skipped: number;
  errors: LineError[];
}

export const MAX_ERRORS = 50;
/** The whole EDQM database holds a few thousand terms; a file of more is not an export of it. */
export const MAX_TERMS = 20_000;

const CLASSES = new Set(['PDF', 'ROA']);

/** ISO 639-1 code of a translation's language: a code (`fr`, `fr-FR`) or an English name (`French`). */
function languageCode(language: string): string | undefined {
  const value = language.trim();
  const short = /^([a-z]{2})(?:[-_][a-z]{2})?$/i.exec(value);
  if (short && languages.isValid(short[1]!.toLowerCase())) return short[1]!.toLowerCase();
  return languages.getAlpha2Code(value, 'en') || undefined;
}

interface RawTerm {
  class?: unknown;
  code?: unknown;
  status?: unknown;
  term?: unknown;
  domain?: unknown;
  version?: unknown;
  translations: Record<string, string>;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/**
 * One term checked: its class and code (`PDF-10219000`, or `10219000` with class PDF), term
 * and status. Answers the term, `null` for a class E2B does not use, or what is wrong.
 */
function termOf(raw: RawTerm, line: number, seen: Map<string, number>): ParsedTerm | null | string {
  const given = text(raw.code).toUpperCase();
  const prefixed = /^([A-Z]{3})-(\d+)$/.exec(given);
  const klass = (prefixed?.[1] ?? text(raw.class).toUpperCase()) || '';
  if (!klass) return 'has no class (PDF, ROA…): give a class column or a code like PDF-10219000';
  if (prefixed && text(raw.class) && text(raw.class).toUpperCase() !== klass)
    return `the code ${given} is not of the class ${text(raw.class)}`;
  if (!CLASSES.has(klass)) return null;
  const digits = prefixed?.[2] ?? given;
  if (!/^\d{8}$/.test(digits)) return `the code "${given.slice(0, 40)}" is not 8 digits`;
  const code = `${klass}-${digits}`;
  const term = text(raw.term);
  if (!term) return `${code} has no English term`;
  if (term.length > 500) return `${code}: the term is longer than 500 characters`;
  const status = text(raw.status).toLowerCase();
  if (status !== 'current' && status !== 'deprecated')
    return `${code}: the status "${text(raw.status).slice(0, 40)}" is neither Current nor Deprecated`;
  const first = seen.get(code);
  if (first !== undefined) return `${code} is listed twice (first at ${first})`;
  seen.set(code, line);
  return {
    code,
    class: klass as 'PDF' | 'ROA',
    term,
    status,
    translations: raw.translations,
    domain: text(raw.domain) || null,
    version: text(raw.version) || null,
  };
}

/** Adds one raw term to the export read so far: a term, a skipped class, or an error. */
function add(raw: RawTerm, line: number, out: ParsedExport, seen: Map<string, number>): void {
  const found = termOf(raw, line, seen);
  if (found === null) out.skipped++;
  else if (typeof found === 'string') {
    if (out.errors.length < MAX_ERRORS) out.errors.push({ line, message: found });
  } else out.terms.push(found);
}

function translationsOf(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { language, term } = item as { language?: unknown; term?: unknown };
    const code = typeof language === 'string' ? languageCode(language) : undefined;
    const value = text(term);
    if (code && code !== 'en' && value && value.length <= 500) out[code] = value;
  }
  return out;
}

function parseJson(source: string): ParsedExport {
  const out: ParsedExport = { format: 'json', terms: [], skipped: 0, errors: [] };
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    out.errors.push({ line: 0, message: `The file is not JSON (${(error as Error).message.slice(0, 100)})` });
    return out;
  }
  const list = Array.isArray(data) ? data : (data as { content?: unknown } | null)?.content;
  if (!Array.isArray(list)) {
    out.errors.push({
      line: 0,
      message: 'The JSON holds no list of terms (an array, or {"content": [...]})',
    });
    return out;
  }
  if (list.length > MAX_TERMS) {
    out.errors.push({ line: 0, message: `The file holds more than ${MAX_TERMS} terms` });
    return out;
  }
  const seen = new Map<string, number>();
  list.forEach((item, i) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      if (out.errors.length < MAX_ERRORS) out.errors.push({ line: i + 1, message: 'is not a term object' });
      return;
    }
    const o = item as Record<string, unknown>;
    add(
      {
        class: o.class,
        code: o.code,
        status: o.status,
        term: o.english ?? o.term,
        domain: o.domain,
        version: o.version,
        translations: translationsOf(o.translations),
      },
      i + 1,
      out,
      seen,
    );
  });
  return out;
}

/** CSV rows with the line each starts on, rows of blank cells left out. */
function csvRows(source: string, delimiter: string): { line: number; fields: string[] }[] | number {
  const { records, unclosedQuoteAt } = readCsv(source, delimiter);
  if (unclosedQuoteAt !== null) return unclosedQuoteAt;
  return records
    .map((r) => ({ line: r.line, fields: r.cells }))
    .filter((r) => r.fields.some((f) => f.trim() !== ''));
}

const HEADER_NAMES: Record<string, 'class' | 'code' | 'term' | 'status' | 'domain' | 'version'> = {
  class: 'class',
  conceptclass: 'class',
  code: 'code',
  termid: 'code',
  conceptcode: 'code',
  term: 'term',
  english: 'term',
  englishterm: 'term',
  en: 'term',
  status: 'status',
  domain: 'domain',
  version: 'version',
  versiondate: 'version',
};

function parseCsv(source: string): ParsedExport {
  const out: ParsedExport = { format: 'csv', terms: [], skipped: 0, errors: [] };
  const firstLine = source.slice(0, source.search(/\r|\n|$/));
  const delimiter = [',', ';', '\t'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  const read = csvRows(source, delimiter);
  if (typeof read === 'number') {
    out.errors.push({ line: read, message: 'opens a quoted cell that is never closed' });
    return out;
  }
  const [header, ...rows] = read;
  if (!header) {
    out.errors.push({ line: 0, message: 'The file is empty' });
    return out;
  }
  const columns = header.fields.map((name) => {
    const key = name
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '');
    return HEADER_NAMES[key] ?? { language: languageCode(name) };
  });
  for (const needed of ['code', 'term', 'status'] as const)
    if (!columns.includes(needed))
      out.errors.push({
        line: 1,
        message: `The header has no ${needed} column (it names: ${header.fields.join(', ').slice(0, 200)})`,
      });
  if (out.errors.length > 0) return out;
  if (rows.length > MAX_TERMS) {
    out.errors.push({ line: 0, message: `The file holds more than ${MAX_TERMS} terms` });
    return out;
  }
  const seen = new Map<string, number>();
  for (const row of rows) {
    const raw: RawTerm = { translations: {} };
    columns.forEach((column, i) => {
      const value = row.fields[i]?.trim() ?? '';
      if (typeof column === 'string') raw[column] = value;
      else if (column.language && column.language !== 'en' && value && value.length <= 500)
        raw.translations[column.language] = value;
    });
    add(raw, row.line, out, seen);
  }
  return out;
}

/** The terms of an export: JSON when it starts with `{` or `[`, else CSV. */
export function parseExport(source: string): ParsedExport {
  const body = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  return /^\s*[[{]/.test(body) ? parseJson(body) : parseCsv(body);
}
