import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCsv } from '../csv.ts';

/**
 * The FDA data-element table and rejection/warning rules, read as data from `e2b/data`
 * (copied unchanged from ../shared/e2br3). Names, conformance and XPaths of elements come
 * from the first; rule ids, severities and descriptions from the second.
 */
const DATA_DIR = join(import.meta.dirname, '..', '..', 'data');

export interface ElementRow {
  id: string;
  name: string;
  conformance: string;
  /** 'Date/Time', 'AN', 'N', 'Boolean'... */
  type: string;
  xpath: string;
  /** The ICH business rules in words (the table's column "ICH Business Rules"). */
  ichRules: string;
}

export interface RuleRow {
  id: string;
  element: string;
  severity: 'rejection' | 'warning';
  description: string;
}

const clean = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

export const ELEMENTS: ReadonlyMap<string, ElementRow> = (() => {
  const rows = parseCsv(readFileSync(join(DATA_DIR, 'fda-icsr-data-elements.csv'), 'utf8'));
  const out = new Map<string, ElementRow>();
  for (const r of rows.slice(2)) {
    const id = clean(r[2]);
    if (!id || id === '(Header)') continue;
    out.set(id, {
      id,
      name: clean(r[3]),
      conformance: clean(r[7]),
      type: clean(r[5]),
      xpath: clean(r[32]),
      ichRules: clean(r[8]),
    });
  }
  return out;
})();

/**
 * The least precision the ICH business rules ask of a date element, in digits of
 * CCYYMMDDhhmmss: "Minimum precision required is the day" (8), "…date and time to the second"
 * or "The full precision … down to the second" (14). The year alone (4) is what any date has.
 */
export function minimumPrecision(row: ElementRow): number | undefined {
  const rules = row.ichRules.toLowerCase();
  if (/precision[^.]*to the second/.test(rules)) return 14;
  if (/precision required is the day/.test(rules)) return 8;
  if (/precision required is the month/.test(rules)) return 6;
  return undefined;
}

export const FDA_RULES: ReadonlyMap<string, RuleRow> = (() => {
  const rows = parseCsv(readFileSync(join(DATA_DIR, 'fda-rejection-warning-rules.csv'), 'utf8'));
  const out = new Map<string, RuleRow>();
  let element = '';
  for (const r of rows.slice(7)) {
    if (clean(r[0])) element = clean(r[0]);
    const id = clean(r[5]);
    if (!id) continue;
    out.set(id, { id, element, severity: clean(r[3]) ? 'rejection' : 'warning', description: clean(r[6]) });
  }
  return out;
})();
