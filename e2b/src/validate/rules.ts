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
  | { notNull: readonly string[] };
export interface Condition {
  id: string;
  is: 'present' | 'absent' | { in: readonly (string | boolean)[] };
}
export interface Rule {
  /** Rule id: an FDA error id (R0009), or an ICH rule name (ICH-REQUIRED). */
  rule: string;
  target: string;
  test: Test;
  when?: readonly Condition[];
  /** `some`: at least one occurrence must pass (e.g. one primary source with C.2.r.5 = 1). */
  quantifier?: 'every' | 'some';
  severity?: 'error' | 'warning';
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
}

const matches = (v: unknown, is: Condition['is']): boolean => {
  if (is === 'present') return present(v);
  if (is === 'absent') return !present(v);
  return !isNullFlavour(v) && is.in.includes(v as string);
};

const said = (c: Condition, language: Language): Said => {
  const label = elementLabel(c.id, language);
  if (c.is === 'present' || c.is === 'absent') return { label, is: c.is };
  return { label, is: 'in', values: c.is.in.map(String) };
};

/** The finding's sentence for `rule` failing on the value `found`, in `language`. */
export function sentence(rule: Rule, found: unknown, language: Language = 'en'): string {
  const say = SENTENCES[language];
  const label = elementLabel(rule.target, language);
  const when = (rule.when ?? []).map((c) => said(c, language));
  const t = rule.test;
  if (t === 'present') return say.required(label, when);
  if (t === 'absent') return say.forbidden(label, when);
  if ('notNull' in t) return say.notNull(label, (found as { nullFlavor: string }).nullFlavor, when);
  if (rule.quantifier === 'some') return say.atLeastOne(label, t.in.map(String), when);
  return say.notAllowed(label, String(found), t.in.map(String), when);
}

function template(id: string): string {
  const path = FIELD_PATHS.get(id);
  if (!path) throw new Error(`no case-document field carries ${id}`);
  return path;
}

const relative = (tpl: string, scope: string) => (scope === '' ? tpl : tpl.slice(scope.length + 1));

function failing(rule: Rule, items: Occurrence[]): Occurrence[] {
  const t = rule.test;
  const pass = (o: Occurrence) => {
    if (t === 'present') return present(o.value);
    if (t === 'absent') return !present(o.value);
    if ('notNull' in t) return !(isNullFlavour(o.value) && t.notNull.includes(o.value.nullFlavor));
    return !present(o.value) || (!isNullFlavour(o.value) && t.in.includes(o.value as string));
  };
  if (rule.quantifier === 'some' || t === 'present') {
    return items.some(pass) ? [] : [items[0] ?? { path: '', value: undefined }];
  }
  return items.filter((o) => !pass(o));
}

/** Runs `rules` over one case (with its headers under `N`), worded in `language`. */
export function evaluate(
  root: unknown,
  rules: readonly Rule[],
  layer: Finding['layer'],
  language: Language = 'en',
): Finding[] {
  const findings: Finding[] = [];
  for (const rule of rules) {
    const targetTpl = template(rule.target);
    const parent = targetTpl.split('.').slice(0, -1).join('.');
    // "At least one" looks across the whole case; other rules hold in each repeat item.
    const start = rule.quantifier === 'some' ? '' : sharedScope(parent, parent);
    const scope = (rule.when ?? []).reduce((s, c) => sharedScope(s, template(c.id)), start);
    const scopes = scope === '' ? [{ path: '', value: root }] : occurrences(root, scope);
    for (const s of scopes) {
      const holds = (rule.when ?? []).every((c) =>
        occurrences(s.value, relative(template(c.id), scope), s.path).some((o) => matches(o.value, c.is)),
      );
      if (!holds) continue;
      const items = occurrences(s.value, relative(targetTpl, scope), s.path);
      // A required element inside a repeat is required in each item that exists.
      if (rule.test === 'present' && !rule.when && items.length === 0 && scope !== '') continue;
      for (const o of failing(rule, items)) {
        findings.push({
          layer,
          severity: rule.severity ?? 'error',
          rule: rule.rule,
          dataElement: rule.target,
          xpath: ELEMENTS.get(rule.target)?.xpath || undefined,
          casePath: o.path || targetTpl,
          message: sentence(rule, o.value, language),
        });
      }
    }
  }
  return findings;
}
