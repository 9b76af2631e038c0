/**
 * UCUM units as E2B(R3) carries doses (G.k.4.r.1b, G.k.5b, G.k.2.3.r.3b): the common ones
 * offered in a list, and any other checked for UCUM's syntax (decision 0154). The check is the
 * grammar of the UCUM specification (§2: terms of units joined by `.` and `/`, prefixes and
 * atoms, `[…]` special units, exponents, `{…}` annotations, parentheses), not its table of
 * atoms: a misspelt atom of plain letters (`mgg`) passes here.
 */
export const DOSE_UNITS = [
  'mg',
  'g',
  'ug',
  'ng',
  'kg',
  'mL',
  'L',
  '[iU]',
  'k[iU]',
  'mmol',
  'mg/kg',
  'ug/kg',
  'mg/m2',
  '[drp]',
  '{tablet}',
  '{capsule}',
  '{puff}',
] as const;

/** Why a unit is not UCUM, as a key of `pickers.dose.errors`, or null when it reads as UCUM. */
export type UcumProblem = 'spaces' | 'characters' | 'brackets' | 'syntax';

/** A special unit in brackets (after a prefix: `k[iU]`), `10*`/`10^`, or a run of plain symbols. */
const ATOM = String.raw`(?:[A-Za-z]{0,2}\[[!-Z\\^-z|~]+\]|10[*^]|[!#-'*,:-Z\\^-z|~]+?)`;
const ANNOTATION = String.raw`\{[!-z|~]*\}`;
const COMPONENT = String.raw`(?:${ATOM}[+-]?\d*(?:${ANNOTATION})?|${ANNOTATION}|\d+)`;

/** Parentheses nest; the rest is components joined by `.` or `/`. */
function validTerm(term: string): boolean {
  let text = term;
  // Replace innermost parenthesised terms by a placeholder component, checking each.
  for (let guard = 0; text.includes('('); guard++) {
    if (guard > 20) return false;
    const inner = /\(([^()]*)\)/.exec(text);
    if (!inner || !validTerm(inner[1]!)) return false;
    text = text.replace(inner[0], 'x');
  }
  return new RegExp(`^/?${COMPONENT}(?:[./]${COMPONENT})*$`).test(text);
}

/** Checks `unit` against UCUM's syntax; null when it reads as a UCUM unit. */
export function ucumProblem(unit: string): UcumProblem | null {
  if (/\s/.test(unit)) return 'spaces';
  if (!/^[!-~]+$/.test(unit)) return 'characters';
  let depth = 0;
  for (const c of unit) {
    if (c === '[' || c === '{' || c === '(') depth++;
    if (c === ']' || c === '}' || c === ')') depth--;
    if (depth < 0) return 'brackets';
  }
  if (depth !== 0) return 'brackets';
  return validTerm(unit) ? null : 'syntax';
}
