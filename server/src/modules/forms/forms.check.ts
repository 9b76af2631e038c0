import {
  checkCondition,
  conditionPaths,
  type FieldError,
  type FormConditions,
  type FormField,
  type FormFieldInput,
  type FormLayout,
  resolveFormField,
} from '@vigilo/contract';
import { AppError } from '../../platform/errors.ts';

/**
 * The checks of what administrators write into a form, each answered as a field of one
 * VALIDATION_FAILED (every problem at once): fields the case document has, questions on
 * the schema's fields, translations in the form's languages, conditions that parse and read
 * fields that exist.
 */

/** The schema's fields bound to the case document; refuses paths it does not have. */
export function bindFields(fields: readonly FormFieldInput[], at: string): FormField[] {
  const problems: FieldError[] = [];
  const seen = new Set<string>();
  const bound = fields.flatMap((field, i) => {
    if (seen.has(field.path)) {
      problems.push({ field: `${at}/${i}/path`, message: `lists ${field.path} twice`, reason: 'invalid' });
      return [];
    }
    seen.add(field.path);
    const resolved = resolveFormField(field.path, field.required ?? false);
    if (!resolved) {
      problems.push({
        field: `${at}/${i}/path`,
        message: `is not a field of the case document (${field.path})`,
        reason: 'notFound',
      });
      return [];
    }
    return [resolved];
  });
  if (problems.length > 0) throw refusal(problems);
  return bound;
}

/** Refuses a layout or conditions that do not fit the schema's fields. */
export function checkForm(
  fields: readonly FormField[],
  layout: FormLayout,
  conditions: FormConditions,
  at: { layout: string; conditions: string },
): void {
  const problems: FieldError[] = [];
  const byPath = new Map(fields.map((f) => [f.path, f]));
  const languages = new Set(layout.languages);
  const translated = (text: Record<string, string> | undefined, where: string) => {
    for (const language of Object.keys(text ?? {}))
      if (!languages.has(language))
        problems.push({
          field: `${where}/${language}`,
          message: `is not one of the form's languages`,
          reason: 'notAllowed',
        });
  };
  for (const language of layout.languages)
    if (!/^[a-z]{2,3}$/.test(language))
      problems.push({
        field: `${at.layout}/languages`,
        message: `${language} is not a language code`,
        reason: 'format',
      });
  translated(layout.title, `${at.layout}/title`);
  translated(layout.description, `${at.layout}/description`);
  const sectionIds = new Set<string>();
  layout.sections.forEach((section, s) => {
    const where = `${at.layout}/sections/${s}`;
    if (sectionIds.has(section.id))
      problems.push({
        field: `${where}/id`,
        message: `${section.id} is used by two sections`,
        reason: 'invalid',
      });
    sectionIds.add(section.id);
    translated(section.title, `${where}/title`);
    translated(section.help, `${where}/help`);
    if (section.repeat && resolveFormField(section.repeat)?.kind !== 'list')
      problems.push({
        field: `${where}/repeat`,
        message: 'is not a repeating block of the case document',
        reason: 'notFound',
      });
    section.questions.forEach((question, q) => {
      const field = byPath.get(question.field);
      if (!field)
        problems.push({
          field: `${where}/questions/${q}/field`,
          message: `is not a field of the form's schema (${question.field})`,
          reason: 'notFound',
        });
      translated(question.label, `${where}/questions/${q}/label`);
      translated(question.help, `${where}/questions/${q}/help`);
      translated(question.error, `${where}/questions/${q}/error`);
      question.options?.forEach((option, o) => {
        translated(option.label, `${where}/questions/${q}/options/${o}/label`);
        if (field?.options && !field.options.includes(option.value))
          problems.push({
            field: `${where}/questions/${q}/options/${o}/value`,
            message: `is not a code of ${field.e2b} (${field.options.join(', ')})`,
            reason: 'choice',
          });
      });
    });
  });
  conditions.forEach((condition, c) => {
    const where = `${at.conditions}/${c}`;
    const parsed = checkCondition(condition.when);
    if (!parsed.ok) problems.push({ field: `${where}/when`, message: parsed.message, reason: 'format' });
    else
      for (const path of conditionPaths(parsed.node))
        if (!resolveFormField(path))
          problems.push({
            field: `${where}/when`,
            message: `reads ${path}, which the case document does not have`,
            reason: 'notFound',
          });
    condition.targets.forEach((target, t) => {
      const known = target.startsWith('section:')
        ? sectionIds.has(target.slice(8))
        : fields.some(
            (f) => f.path === target || f.path.startsWith(`${target}.`) || f.path.startsWith(`${target}[].`),
          );
      if (!known)
        problems.push({
          field: `${where}/targets/${t}`,
          message: `names no field or section of the form (${target})`,
          reason: 'notFound',
        });
    });
  });
  if (problems.length > 0) throw refusal(problems);
}

const refusal = (fields: FieldError[]) =>
  new AppError(
    'VALIDATION_FAILED',
    fields
      .map((f) => `${f.field} ${f.message}`)
      .join('; ')
      .slice(0, 1000),
    { fields },
  );
