import { ADVICE, type AdviceKey } from './advice.ts';
import { FIELD_PATHS, isNullFlavour, type Occurrence, occurrences, present, sharedScope } from './fields.ts';
import { elementLabel, type Language, type Condition as Said, SENTENCES } from './messages.ts';
import { ELEMENTS } from './tables.ts';

/**
 * Business rules as data: each rule names its target element, what must hold for it and
 * when. One small evaluator runs them all (ICH conformance and regional profiles alike).
 */
export type Test =
  | 'present'
  | 'absent'
  | { in: readonly (string | boolean)[] }
  | { notNull: readonly string[] }
  /** Given, and as one of these null flavours (FDA race "NA" for a report on no one patient). */
  | { nullFlavor: readonly string[] }
  /** Text holding none of these words, in any case (an IND number where a licence is asked). */
  | { without: readonly string[] }
  /** The same value as another element of the message (the message sender is the batch's). */
  | { sameAs: string }
  /** A date given to at least this many digits of CCYYMMDDhhmmss (8: the day, 14: the second). */
  | { precision: number }
  /** Text that does not match this regular expression (a UUID where an approved id is asked). */
  | { notMatching: string }
  /** Text that matches this regular expression (an EudraCT number). */
  | { matching: string }
  /** A code of a list the server holds (EDQM terms, the MedDRA releases accepted): `ReferenceLists`. */
  | { inList: ListName };

/** The lists `inList` rules compare with; without one, a code is checked for its form only. */
export type ListName = 'edqmRoute' | 'edqmDoseForm' | 'meddraVersion';
export type ReferenceLists = Partial<Record<ListName, ReadonlySet<string>>>;
/** The form of each list's codes, checked when the list is not given (EDQM TermIDs: "ROA-20053000"). */
const LIST_FORMS: Record<ListName, RegExp> = {
  edqmRoute: /^ROA-\d+$/,
  edqmDoseForm: /^[A-Z]{3}-\d+$/,
  meddraVersion: /^\d+\.[01]$/,
};
export interface Condition {
  id: string;
  /** `absent`: not given anywhere in scope (a section with no entry at all is absent). */
  /** `notIn`: no occurrence in scope has any of these values (no device with a malfunction). */
  is:
    | 'present'
    | 'absent'
    | { in: readonly (string | boolean)[] }
    | { notIn: readonly (string | boolean)[] }
    | { nullFlavor: readonly string[] };
}
export interface Rule {
  /** Rule id: an FDA error id (R0009), or an ICH rule name (ICH-REQUIRED). */
  rule: string;
  target: string;
  test: Test;
  when?: readonly Condition[];
  /**
   * `some`: at least one occurrence must pass (e.g. one primary source with C.2.r.5 = 1);
   * `first`: the first occurrence in the case must (the first drug of section G); `every`
   * (said explicitly): each item of the target's repeat must, even under conditions on elements
   * outside any repeat (each device part of a combination product).
   */
  quantifier?: 'every' | 'some' | 'first';
  severity?: 'error' | 'warning';
  /** A sentence of its own, saying what to do (a key of `ADVICE` in messages.ts), instead of the generic one. */
  advice?: AdviceKey;
}

export interface Finding {
  layer: 'xsd' | 'ich' | 'profile';
  severity: 'error' | 'warning';
  rule: string;
  /** E2B data element id, e.g. `C.2.r.3`. */
  dataElement?: string;
  /** XPath of the element (from the data-element table; `[r]` stands for the repeat). */
  xpath?: string;
  /** Where the case document holds it, e.g. `C.primarySources[0].country`. */
  casePath?: string;
  /** A sentence a case processor understands. */
  message: string;
  line?: number;
  /** Every rule the finding stands for, when one finding says what several rules do (ICH and FDA). */
  rules?: string[];
  /** The finding says the element is missing (a `present` rule): the same one of two layers is merged. */
  missing?: boolean;
}

const matches = (v: unknown, is: Condition['is']): boolean => {
  if (is === 'present') return present(v);
  if (is === 'absent') return !present(v);
  if ('nullFlavor' in is) return isNullFlavour(v) && is.nullFlavor.includes(v.nullFlavor);
  if ('notIn' in is) return !(!isNullFlavour(v) && is.notIn.includes(v as string));
  return !isNullFlavour(v) && is.in.includes(v as string);
};

/** Whether condition `c` holds over its occurrences in one scope. */
const holds = (c: Condition, found: Occurrence[]) =>
  // Absent means given nowhere: a repeat with no item at all is absent too.
  c.is === 'absent' || (typeof c.is === 'object' && 'notIn' in c.is)
    ? found.every((o) => matches(o.value, c.is))
    : found.some((o) => matches(o.value, c.is));

const said = (c: Condition, language: Language): Said => {
  const label = elementLabel(c.id, language);
  if (c.is === 'present' || c.is === 'absent') return { label, is: c.is };
  if ('nullFlavor' in c.is) return { label, is: 'null', values: [...c.is.nullFlavor] };
  if ('notIn' in c.is) return { label, is: 'notIn', values: c.is.notIn.map(String) };
  return { label, is: 'in', values: c.is.in.map(String) };
};

const shown = (v: unknown) => (isNullFlavour(v) ? v.nullFlavor : String(v ?? ''));

/**
 * The finding's sentence for `rule` failing on the value `found`, in `language`; `other` is
 * the value of the element a `sameAs` rule compares with.
 */
export function sentence(rule: Rule, found: unknown, language: Language = 'en', other?: unknown): string {
  const say = SENTENCES[language];
  const label = elementLabel(rule.target, language);
  const when = (rule.when ?? []).map((c) => said(c, language));
  const t = rule.test;
  if (rule.advice) return ADVICE[language][rule.advice](label, shown(found));
  if (t === 'present') return say.required(label, when);
  if (t === 'absent') return say.forbidden(label, when);
  if ('notNull' in t) return say.notNull(label, (found as { nullFlavor: string }).nullFlavor, when);
  if ('nullFlavor' in t) return say.mustBeNull(label, [...t.nullFlavor], when);
  if ('without' in t) return say.contains(label, shown(found), [...t.without], when);
  if ('precision' in t) return say.imprecise(label, shown(found), t.precision);
  if ('notMatching' in t || 'matching' in t) return say.badFormat(label, shown(found));
  if ('inList' in t) return say.notInList(label, shown(found), t.inList, when);
  if ('sameAs' in t)
    return say.differs(label, shown(found), elementLabel(t.sameAs, language), shown(other), when);
  if (rule.quantifier === 'some') return say.atLeastOne(label, t.in.map(String), when);
  if (rule.quantifier === 'first') return say.firstNotAllowed(label, shown(found), t.in.map(String), when);
  return say.notAllowed(label, String(found), t.in.map(String), when);
}

function template(id: string): string {
  const path = FIELD_PATHS.get(id);
  if (!path) throw new Error(`no case-document field carries ${id}`);
  return path;
}

const relative = (tpl: string, scope: string) => (scope === '' ? tpl : tpl.slice(scope.length + 1));

/** Digits of CCYYMMDDhhmmss a partial ISO date gives (`2024-03` → 6), its fraction and zone aside. */
const digitsOf = (iso: string) =>
  iso
    .replace(/([+-]\d{2}:\d{2}|Z)$/, '')
    .replace(/\.\d+$/, '')
    .replace(/\D/g, '').length;

function failing(rule: Rule, items: Occurrence[], other: unknown, lists: ReferenceLists): Occurrence[] {
  const t = rule.test;
  const pass = (o: Occurrence): boolean => {
    const v = o.value;
    // A list of codes (FDA.G.k.10a, race) passes a value test when each of its codes does.
    if (Array.isArray(v) && t !== 'present' && t !== 'absent')
      return v.length > 0 && v.every((value) => pass({ path: o.path, value }));
    if (t === 'present') return present(v);
    if (t === 'absent') return !present(v);
    if ('notNull' in t) return !(isNullFlavour(v) && t.notNull.includes(v.nullFlavor));
    if ('nullFlavor' in t) return isNullFlavour(v) && t.nullFlavor.includes(v.nullFlavor);
    if (!present(v) || isNullFlavour(v)) return true;
    if ('without' in t) return !t.without.some((w) => String(v).toUpperCase().includes(w.toUpperCase()));
    if ('sameAs' in t) return v === other;
    if ('precision' in t) return typeof v !== 'string' || digitsOf(v) >= t.precision;
    if ('notMatching' in t) return !new RegExp(t.notMatching, 'u').test(String(v));
    if ('matching' in t) return new RegExp(t.matching, 'u').test(String(v));
    if ('inList' in t) return lists[t.inList]?.has(String(v)) ?? LIST_FORMS[t.inList].test(String(v));
    return t.in.includes(v as string);
  };
  const none = { path: '', value: undefined };
  if (rule.quantifier === 'some' || t === 'present') return items.some(pass) ? [] : [items[0] ?? none];
  if (rule.quantifier === 'first') return items.slice(0, 1).filter((o) => !pass(o));
  // A value that must be given as a null flavour must be given.
  if (typeof t === 'object' && 'nullFlavor' in t && items.length === 0) return [none];
  return items.filter((o) => !pass(o));
}

/** Runs `rules` over one case (with its headers under `N`), worded in `language`. */
export function evaluate(
  root: unknown,
  rules: readonly Rule[],
  layer: Finding['layer'],
  language: Language = 'en',
  lists: ReferenceLists = {},
): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const targetTpl = template(rule.target);
    const parent = targetTpl.split('.').slice(0, -1).join('.');
    // "At least one" and "the first" look across the whole case; others hold in each repeat item.
    const start =
      rule.quantifier === 'some' || rule.quantifier === 'first' ? '' : sharedScope(parent, parent);
    const compared = typeof rule.test === 'object' && 'sameAs' in rule.test ? rule.test.sameAs : undefined;
    // With `every`, a condition on an element outside any repeat (the receiver, the report type)
    // holds or not for the whole case, and the rule is checked in each item of the target's
    // repeat; otherwise such a condition makes the rule look across the whole case.
    const each = rule.quantifier === 'every';
    const inRepeat = (c: Condition) => !each || template(c.id).includes('[]');
    const when = (rule.when ?? []).filter(inRepeat);
    const global = (rule.when ?? []).filter((c) => !inRepeat(c));
    if (!global.every((c) => holds(c, occurrences(root, template(c.id))))) continue;
    const scope = when.reduce((s, c) => sharedScope(s, template(c.id)), start);
    const scopes = scope === '' ? [{ path: '', value: root }] : occurrences(root, scope);
    for (const s of scopes) {
      const applies = when.every((c) =>
        holds(c, occurrences(s.value, relative(template(c.id), scope), s.path)),
      );
      if (!applies) continue;
      const items = occurrences(s.value, relative(targetTpl, scope), s.path);
      // A required element inside a repeat is required in each item that exists.
      if (rule.test === 'present' && (!rule.when || each) && items.length === 0 && scope !== '') continue;
      const other = compared && occurrences(s.value, relative(template(compared), scope), s.path)[0]?.value;
      for (const o of failing(rule, items, other, lists)) {
        findings.push({
          layer,
          severity: rule.severity ?? 'error',
          rule: rule.rule,
          dataElement: rule.target,
          xpath: ELEMENTS.get(rule.target)?.xpath || undefined,
          casePath: o.path || targetTpl,
          message: sentence(rule, o.value, language, other),
          ...(rule.test === 'present' ? { missing: true } : {}),
        });
      }
    }
  }
  return findings;
}
