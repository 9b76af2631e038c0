/**
 * Form validation (decision 0067): the one check of a case document against the form
 * version it was filled with, shared by the server (intake, GET /v1/report/validate) and the
 * web app (validation as you type). Exports:
 *
 *   validateFormAnswers(definition, document, options?) → FormFinding[]   every finding at once
 *   fieldVisible(definition, path, document, items?)    → boolean          conditions applied
 *   fieldRequired(definition, path, document, items?)   → boolean          required, or a require holds
 *   minimumCriteria(document)                           → { patient, reporter, product, reaction }
 *   CRITERION_FIELDS                                    the patient's and the reporter's "one of these" fields
 *   type FormFinding, type FormValidationOptions
 *
 * Findings have the shape of VALIDATION_FAILED's `meta.fields` items ({field, message,
 * reason, limit?}); `field` is the case-document location as a pointer (`D/sex`,
 * `E/reactions/0/nativeTerm`) after `options.prefix` (e.g. `body/report/`). No runtime
 * import but the condition language: it runs in the browser build as it is.
 */
import { type ConditionNode, checkCondition, evaluateCondition, isAnswered, readPath } from './conditions.ts';
import type { FormField, FormVersionDefinition } from './forms.ts';
import type { FieldReason } from './values.ts';

export interface FormFinding {
  field: string;
  message: string;
  reason: FieldReason;
  limit?: number;
  /** The question's label in the form's language, when the field is asked. */
  label?: string;
  /** Which of the four minimum criteria of a valid report is missing. */
  criterion?: 'patient' | 'reporter' | 'product' | 'reaction';
}

export interface FormValidationOptions {
  /** Put before every `field` (e.g. `body/report/`). Default: none. */
  prefix?: string;
  /** The language of labels in messages; the form's first language by default. */
  language?: string;
  /** Check the four minimum criteria of a valid report (off for drafts). Default: on. */
  minimumCriteria?: boolean;
}

interface Compiled {
  node: ConditionNode | undefined;
  action: 'show' | 'hide' | 'require';
  targets: string[];
}

const compiledCache = new WeakMap<
  FormVersionDefinition,
  { conditions: Compiled[]; sections: Map<string, string> }
>();

/** Conditions parsed once per definition; the section each asked field is in. */
function compile(definition: FormVersionDefinition) {
  let compiled = compiledCache.get(definition);
  if (!compiled) {
    const conditions = definition.conditions.map((c) => {
      const parsed = checkCondition(c.when);
      // The server refuses a version with a broken expression; one here would never hold.
      return { node: parsed.ok ? parsed.node : undefined, action: c.action, targets: c.targets };
    });
    const sections = new Map<string, string>();
    for (const section of definition.layout.sections)
      for (const question of section.questions) sections.set(question.field, section.id);
    compiled = { conditions, sections };
    compiledCache.set(definition, compiled);
  }
  return compiled;
}

/** Does a condition target (`D.sex`, `G.drugs`, `section:patient`) cover this field? */
function targets(target: string, path: string, section: string | undefined): boolean {
  if (target.startsWith('section:')) return section !== undefined && target.slice(8) === section;
  return path === target || path.startsWith(`${target}.`) || path.startsWith(`${target}[].`);
}

function applies(
  definition: FormVersionDefinition,
  path: string,
  action: Compiled['action'],
  answers: unknown,
  items: readonly number[],
) {
  const { conditions, sections } = compile(definition);
  const section = sections.get(path);
  const relevant = conditions.filter(
    (c) => c.action === action && c.targets.some((t) => targets(t, path, section)),
  );
  return {
    any: relevant.length > 0,
    holds: relevant.some((c) => c.node !== undefined && evaluateCondition(c.node, answers, { items })),
  };
}

/** True unless a `hide` condition holds, or `show` conditions exist and none holds. */
export function fieldVisible(
  definition: FormVersionDefinition,
  path: string,
  answers: unknown,
  items: readonly number[] = [],
): boolean {
  if (applies(definition, path, 'hide', answers, items).holds) return false;
  const show = applies(definition, path, 'show', answers, items);
  return !show.any || show.holds;
}

/**
 * True when the field must be answered here: the schema requires it, or a `require`
 * condition holds (the same rule validateFormAnswers applies; the renderer marks the others
 * "optional").
 */
export function fieldRequired(
  definition: FormVersionDefinition,
  path: string,
  answers: unknown,
  items: readonly number[] = [],
): boolean {
  const field = definition.fields.find((f) => f.path === path);
  return field?.required === true || applies(definition, path, 'require', answers, items).holds;
}

/** Each place a field occurs in the document: one per item of each `[]`. */
function instances(path: string, answers: unknown): { items: number[]; pointer: string; value: unknown }[] {
  let found: { items: number[]; pointer: string[]; value: unknown }[] = [
    { items: [], pointer: [], value: answers },
  ];
  for (const part of path.split('.')) {
    const repeated = part.endsWith('[]');
    const name = repeated ? part.slice(0, -2) : part;
    found = found.flatMap((f) => {
      const value =
        f.value !== null &&
        typeof f.value === 'object' &&
        !Array.isArray(f.value) &&
        Object.hasOwn(f.value, name)
          ? (f.value as Record<string, unknown>)[name]
          : undefined;
      const here = { items: f.items, pointer: [...f.pointer, name], value };
      if (!repeated) return [here];
      const list = Array.isArray(value) ? value : [];
      // Inside an item that exists, a missing inner list (a drug's dosages) reads as one
      // empty item, so what it requires (the batch number) is asked; an absent outer list is
      // the list field's own finding.
      if (list.length === 0 && f.items.length > 0)
        return [{ items: [...f.items, 0], pointer: [...here.pointer, '0'], value: undefined }];
      return list.map((item, i) => ({
        items: [...f.items, i],
        pointer: [...here.pointer, String(i)],
        value: item,
      }));
    });
  }
  return found.map((f) => ({ items: f.items, pointer: f.pointer.join('/'), value: f.value }));
}

const isNullFlavour = (value: unknown): value is { nullFlavor: unknown } =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && 'nullFlavor' in value;

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A partial date whose month, day, hour and minute exist (2024-02-30 does not). */
function realDate(value: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2})(?::(\d{2})(?::(\d{2}))?)?)?)?)?/.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m
    .slice(1)
    .map((v) => (v === undefined ? undefined : Number(v)));
  if (month !== undefined && (month < 1 || month > 12)) return false;
  if (day !== undefined) {
    const leap = year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0);
    const max = month === 2 && !leap ? 28 : DAYS[month! - 1]!;
    if (day < 1 || day > max) return false;
  }
  return !(
    (hour !== undefined && hour > 23) ||
    (minute !== undefined && minute > 59) ||
    (second !== undefined && second > 59)
  );
}

/** The reason a present value does not fit its field, if any. */
function misfit(
  field: FormField,
  value: unknown,
): { reason: FieldReason; limit?: number; why: string } | undefined {
  if (isNullFlavour(value)) {
    return field.nullFlavours.includes(String(value.nullFlavor))
      ? undefined
      : { reason: 'notAllowed', why: 'cannot be left as unknown' };
  }
  switch (field.kind) {
    case 'text':
    case 'date':
    case 'code':
      if (typeof value !== 'string') return { reason: 'format', why: 'must be text' };
      if (field.kind === 'code' && field.options && !field.options.includes(value))
        return { reason: 'choice', why: 'must be one of the choices offered' };
      if (field.maxLength !== undefined && value.length > field.maxLength)
        return {
          reason: 'tooLong',
          limit: field.maxLength,
          why: `must be at most ${field.maxLength} characters`,
        };
      if (field.pattern && !new RegExp(field.pattern).test(value))
        return {
          reason: 'format',
          why: field.kind === 'date' ? 'must be a date (a year is enough)' : 'is not in the expected format',
        };
      if (field.kind === 'date' && !realDate(value)) return { reason: 'format', why: 'is not a real date' };
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { reason: 'format', why: 'must be yes or no' };
    case 'quantity': {
      const v = value as { value?: unknown };
      return typeof value === 'object' &&
        value !== null &&
        typeof v.value === 'string' &&
        /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(v.value)
        ? undefined
        : { reason: 'format', why: 'must be a number' };
    }
    case 'list':
      return Array.isArray(value) ? undefined : { reason: 'format', why: 'must be a list' };
    default:
      return typeof value === 'object' && value !== null
        ? undefined
        : { reason: 'format', why: 'is not in the expected format' };
  }
}

/** Every finding of `document` against the form version, at once; an empty list when it passes. */
export function validateFormAnswers(
  definition: FormVersionDefinition,
  document: unknown,
  options: FormValidationOptions = {},
): FormFinding[] {
  const prefix = options.prefix ?? '';
  const language = options.language ?? definition.layout.languages[0] ?? 'en';
  const { sections } = compile(definition);
  const labels = new Map<string, string>();
  for (const section of definition.layout.sections)
    for (const q of section.questions)
      labels.set(q.field, q.label[language] ?? Object.values(q.label)[0] ?? q.field);
  const findings: FormFinding[] = [];
  for (const field of definition.fields) {
    const asked = sections.has(field.path);
    const label = labels.get(field.path);
    for (const at of instances(field.path, document)) {
      if (!fieldVisible(definition, field.path, document, at.items)) continue;
      const named = label ? `"${label}"` : field.path;
      if (!isAnswered(at.value) && !isNullFlavour(at.value)) {
        const required =
          field.required || applies(definition, field.path, 'require', document, at.items).holds;
        if (required && (asked || field.required))
          findings.push({
            field: prefix + at.pointer,
            reason: 'required',
            message: `Answer ${named}`,
            ...(label ? { label } : {}),
          });
        continue;
      }
      const wrong = misfit(field, at.value);
      if (wrong)
        findings.push({
          field: prefix + at.pointer,
          reason: wrong.reason,
          message: `${named} ${wrong.why}`,
          ...(wrong.limit === undefined ? {} : { limit: wrong.limit }),
          ...(label ? { label } : {}),
        });
    }
  }
  if (options.minimumCriteria !== false) findings.push(...criteriaFindings(document, prefix));
  return findings;
}

/** Present, or masked (the sender knows it but withholds it): identifies for the minimum criteria. */
const known = (value: unknown) => isAnswered(value) || (isNullFlavour(value) && value.nullFlavor === 'MSK');
const anyKnown = (document: unknown, paths: readonly string[], items?: number[]) =>
  paths.some((p) => readPath(document, p, { items }).some(known));
const count = (document: unknown, path: string) => {
  const list = readPath(document, path)[0];
  return Array.isArray(list) ? list.length : 0;
};

/**
 * The fields of which one answer identifies the patient, or the reporter (one primary source):
 * a form shows them together with "at least one of these" rather than each as optional.
 */
export const CRITERION_FIELDS = {
  patient: ['D.name', 'D.birthDate', 'D.ageAtOnset', 'D.ageGroup', 'D.sex', 'D.gestationPeriodAtOnset'],
  reporter: [
    'givenName',
    'familyName',
    'organisation',
    'email',
    'telephone',
    'street',
    'city',
    'postcode',
    'qualification',
  ].map((n) => `C.primarySources[].${n}`),
} as const satisfies Record<string, readonly string[]>;

/**
 * The four minimum criteria of a valid ICSR (ICH E2D, GVP module VI): an identifiable
 * patient, an identifiable reporter, at least one suspect product and one reaction. A drug
 * with no role given counts as suspect: the reporter named it in a report of a suspected
 * reaction (decision 0067).
 */
export function minimumCriteria(document: unknown) {
  const patient = anyKnown(document, CRITERION_FIELDS.patient);
  const reporter = Array.from({ length: count(document, 'C.primarySources') }, (_, i) => i).some((i) =>
    anyKnown(document, CRITERION_FIELDS.reporter, [i]),
  );
  const product = Array.from({ length: count(document, 'G.drugs') }, (_, i) => i).some((i) => {
    const role = readPath(document, 'G.drugs[].role', { items: [i] })[0];
    const suspect = role === undefined || role === '1' || role === '3';
    return suspect && anyKnown(document, ['G.drugs[].name', 'G.drugs[].mpid', 'G.drugs[].substances'], [i]);
  });
  const reaction = Array.from({ length: count(document, 'E.reactions') }, (_, i) => i).some((i) =>
    anyKnown(
      document,
      ['E.reactions[].nativeTerm', 'E.reactions[].translatedTerm', 'E.reactions[].term'],
      [i],
    ),
  );
  return { patient, reporter, product, reaction };
}

const CRITERIA = [
  [
    'patient',
    'D',
    'Tell us something that identifies the patient: initials, age, age group, sex or date of birth',
  ],
  [
    'reporter',
    'C/primarySources',
    'Tell us who is reporting: a name, a way to contact you, or your profession',
  ],
  ['product', 'G/drugs', 'Name the medicine or vaccine you suspect'],
  ['reaction', 'E/reactions', 'Describe the reaction or side effect'],
] as const;

function criteriaFindings(document: unknown, prefix: string): FormFinding[] {
  const met = minimumCriteria(document);
  return CRITERIA.filter(([criterion]) => !met[criterion]).map(([criterion, field, message]) => ({
    field: prefix + field,
    reason: 'required',
    message,
    criterion,
  }));
}
