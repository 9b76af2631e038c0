import languages from '@cospired/i18n-iso-languages';
import ucum from '@lhncbc/ucum-lhc';
import type { FieldError } from '@vigilo/contract';
import countries from 'i18n-iso-countries';
import { labelOf } from './reports.validation.ts';

/**
 * The coded values of a case document checked against their maintained lists (decision
 * 0147): units against UCUM (`@lhncbc/ucum-lhc`, as E2B(R3) requires for doses, strengths,
 * durations, ages, test results), countries against ISO 3166-1 (`i18n-iso-countries`, plus
 * `EU`, which E2B accepts), languages against ISO 639-2 alpha-3 (`@cospired/i18n-iso-languages`,
 * bibliographic or terminology code). The schema already checked their shape.
 */

const ucumUtils = ucum.UcumLhcUtils.getInstance();

/** `EU` is an exceptionally reserved ISO 3166 code E2B accepts for the European Union. */
export const isCountry = (code: string) => code === 'EU' || countries.isValid(code);

/** ISO 639-2 alpha-3 (`eng`, `fra` or `fre`) of a language that has an ISO 639-1 code. */
export const isLanguage = (code: string) =>
  /^[a-z]{3}$/.test(code) &&
  (languages.alpha3TToAlpha2(code) ?? languages.alpha3BToAlpha2(code)) !== undefined;

export interface UnitCheck {
  /** The unit as E2B carries it, when it is (or was recognised as) a UCUM unit. */
  ucum: string | null;
  /** Why not, in words, with UCUM codes that might have been meant. */
  problem: string | null;
}

const cache = new Map<string, UnitCheck>();

/**
 * A unit checked and normalised: `mg`, `mL/h`, `{DF}`, `[iU]` are UCUM; `µg` and `IU` are
 * read as `ug` and `[IU]`, `milligram` as `mg` (the library's own reading of a name);
 * `mcg` is not UCUM (the answer suggests `ug`).
 */
export function checkUnit(unit: string): UnitCheck {
  const known = cache.get(unit);
  if (known) return known;
  const given = unit.trim().replace(/[µμ]/g, 'u');
  const result = ucumUtils.validateUnitString(given, true);
  let check: UnitCheck;
  if (result.status === 'valid' || (result.status === 'invalid' && result.ucumCode))
    check = { ucum: result.ucumCode ?? given, problem: null };
  else {
    const meant = (result.suggestions ?? []).flatMap((s) => s.units.map((u) => u[0])).slice(0, 3);
    check = {
      ucum: null,
      problem: `"${unit.slice(0, 50)}" is not a UCUM unit${meant.length ? ` (did you mean ${meant.join(', ')}?)` : ''}: write it as UCUM, for example mg, mL, ug, [iU] or {DF} for a dose form unit`,
    };
  }
  if (cache.size < 5000) cache.set(unit, check);
  return check;
}

type Visit = (value: unknown, pointer: string, key: string, parent: Record<string, unknown>) => void;

/** Every member of the document, depth first, with its JSON pointer. */
function walk(value: unknown, pointer: string, visit: Visit): void {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) walk(item, `${pointer}/${i}`, visit);
  } else if (value !== null && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      visit(child, `${pointer}/${key}`, key, value as Record<string, unknown>);
      walk(child, `${pointer}/${key}`, visit);
    }
}

const COUNTRY_KEYS = new Set(['country', 'obtainedInCountry', 'authorisationCountry']);
const LANGUAGE_KEYS = new Set(['language', 'nativeTermLanguage']);

/**
 * Findings for coded values not in their lists, in the shape of the schema's findings
 * (`body/report/G/drugs/0/dosages/0/dose/unit`). Every `unit` of the document is a UCUM
 * unit in E2B(R3) (D.2.2b, E.i.6b, F.r.3.3, G.k.2.3.r.3b, G.k.4.r.1b, G.k.4.r.3, G.k.5b…).
 */
export function codeFindings(doc: unknown, prefix = 'body/report'): FieldError[] {
  const findings: FieldError[] = [];
  walk(doc, '', (value, pointer, key) => {
    if (typeof value !== 'string') return;
    if (key === 'unit') {
      const { problem } = checkUnit(value);
      if (problem)
        findings.push({
          field: `${prefix}${pointer}`,
          message: `${labelOf(pointer)}: ${problem}`,
          reason: 'format',
        });
    } else if (COUNTRY_KEYS.has(key) && /^[A-Z]{2}$/.test(value) && !isCountry(value))
      findings.push({
        field: `${prefix}${pointer}`,
        message: `${labelOf(pointer)}: ${value} is not an ISO 3166 country code; choose a country, for example FR or GB`,
        reason: 'choice',
      });
    else if (LANGUAGE_KEYS.has(key) && /^[a-z]{3}$/.test(value) && !isLanguage(value))
      findings.push({
        field: `${prefix}${pointer}`,
        message: `${labelOf(pointer)}: ${value} is not an ISO 639-2 language code; choose a language, for example eng or fra`,
        reason: 'choice',
      });
  });
  return findings;
}

/**
 * The document with its units written as UCUM where they were recognised (`µg` → `ug`,
 * `IU` → `[IU]`, ` mg ` → `mg`): what intake stores and E2B sends. Everything else is the
 * same object graph, copied.
 */
export function normaliseUnits<T>(doc: T): T {
  if (Array.isArray(doc)) return doc.map((item) => normaliseUnits(item)) as T;
  if (doc === null || typeof doc !== 'object') return doc;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'unit' && typeof value === 'string') {
      const { ucum: code } = checkUnit(value);
      out[key] = code ?? value;
    } else out[key] = normaliseUnits(value);
  }
  return out as T;
}
