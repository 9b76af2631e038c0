import type { FormVersionDefinition } from '@vigilo/contract';
import { type FormFinding, validateFormAnswers } from '@vigilo/contract/form-validation';
import type { TFunction } from 'i18next';
import { pathOf, pointerOf } from './answers.ts';
import { translated } from './translated.ts';

/** One problem of the form, in the reporter's language, where to show it and what to link to. */
export interface FormError {
  /** Where the message is shown: a field pointer (`E/reactions/0/nativeTerm`). */
  pointer: string;
  /** The section (page) it belongs to, when the form asks it. */
  sectionId: string | undefined;
  message: string;
}

/** The section asking a path, or (for a list or a criterion) the first asking a path under it. */
export function sectionOf(definition: FormVersionDefinition, path: string): string | undefined {
  const sections = definition.layout.sections;
  const exact = sections.find((s) => s.questions.some((q) => q.field === path));
  if (exact) return exact.id;
  return sections.find((s) =>
    s.questions.some((q) => q.field.startsWith(`${path}.`) || q.field.startsWith(`${path}[].`)),
  )?.id;
}

/** Where a finding on a list or on a criterion is shown: the first question asked under it. */
function firstQuestionUnder(definition: FormVersionDefinition, path: string, items: number[]) {
  for (const section of definition.layout.sections)
    for (const question of section.questions)
      if (question.field.startsWith(`${path}.`) || question.field.startsWith(`${path}[].`))
        return { pointer: pointerOf(question.field, items), label: question.label, error: question.error };
  return undefined;
}

/**
 * A finding in GOV.UK's words: the question's own "Enter the name of the medicine" when it has
 * one, else "Select an answer to …" for a choice and "Answer …" for the rest (decision 0278).
 */
function message(
  t: TFunction,
  finding: FormFinding,
  kind: string | undefined,
  own: string | undefined,
): string {
  const label = finding.label ?? '';
  if (finding.criterion) return t(`reporting.errors.criteria.${finding.criterion}`);
  switch (finding.reason) {
    case 'required':
      if (own) return own;
      if (!label) return t('reporting.errors.requiredList');
      return kind === 'code' || kind === 'boolean'
        ? t('reporting.errors.select', { label })
        : t('reporting.errors.required', { label });
    case 'tooLong':
      return t('reporting.errors.tooLong', { label, limit: finding.limit ?? 0 });
    case 'choice':
      return t('reporting.errors.choice', { label });
    case 'notAllowed':
      return t('reporting.errors.notAllowed', { label });
    default:
      return kind === 'date'
        ? t('reporting.errors.date', { label })
        : kind === 'quantity'
          ? t('reporting.errors.number', { label })
          : t('reporting.errors.format', { label });
  }
}

/**
 * Every problem of the answers, by the ONE shared validation (contract/src/form-validation.ts,
 * conditions applied), in the reporter's language. `minimumCriteria` off for a page on its own.
 */
export function formErrors(
  definition: FormVersionDefinition,
  answers: unknown,
  t: TFunction,
  options: { language?: string; minimumCriteria?: boolean } = {},
): FormError[] {
  const findings = validateFormAnswers(definition, answers, {
    language: options.language,
    minimumCriteria: options.minimumCriteria ?? true,
  });
  const language = options.language ?? definition.layout.languages[0] ?? 'en';
  const fallback = definition.layout.languages[0] ?? 'en';
  const questions = new Map(definition.layout.sections.flatMap((s) => s.questions.map((q) => [q.field, q])));
  const seen = new Set<string>();
  const errors: FormError[] = [];
  for (const finding of findings) {
    const { path, items } = pathOf(finding.field);
    const asked = questions.has(path);
    const under = asked ? undefined : firstQuestionUnder(definition, path, items);
    const pointer = under?.pointer ?? finding.field;
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    const kind = definition.fields.find((f) => f.path === path)?.kind;
    // An empty required list (no reaction yet) is asked through its first question.
    const named =
      under && !finding.label
        ? { ...finding, label: under.label[language] ?? Object.values(under.label)[0] }
        : finding;
    // An empty required list (no reaction yet) is answered through its first question: its words.
    const error = asked ? questions.get(path)?.error : finding.label ? undefined : under?.error;
    const own = translated(error, language, fallback) || undefined;
    errors.push({ pointer, sectionId: sectionOf(definition, path), message: message(t, named, kind, own) });
  }
  // In the order the form asks them, as the error summary lists them.
  const order = new Map<string, number>();
  for (const [s, section] of definition.layout.sections.entries())
    for (const [i, q] of section.questions.entries()) order.set(q.field, s * 1000 + i);
  const rank = (e: FormError) => {
    const { path, items } = pathOf(e.pointer);
    return [order.get(path) ?? Number.MAX_SAFE_INTEGER, ...items];
  };
  return errors
    .map((e) => ({ e, key: rank(e) }))
    .sort((a, b) => {
      for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
        const d = (a.key[i] ?? -1) - (b.key[i] ?? -1);
        if (d !== 0) return d;
      }
      return 0;
    })
    .map(({ e }) => e);
}

/** The errors as the renderer's `errors` prop: message by pointer. */
export const errorsByPointer = (errors: FormError[]): Record<string, string> =>
  Object.fromEntries(errors.map((e) => [e.pointer, e.message]));
