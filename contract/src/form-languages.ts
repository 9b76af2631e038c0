import type { FormLayout, Translated } from './forms.ts';

/** `value` without `language`'s text; a text only written in it moves to `fallback`, not lost. */
const without = (
  value: Translated | undefined,
  language: string,
  fallback: string,
): Translated | undefined => {
  if (!value || !(language in value)) return value;
  const { [language]: gone, ...rest } = value;
  return Object.keys(rest).length > 0 ? rest : { [fallback]: gone ?? '' };
};

/**
 * The layout without `language`: its texts go too (the server refuses texts in languages the
 * form does not have). The forms editor's "remove a language" and a new form copied into fewer
 * languages than its template (POST /v1/formviews).
 */
export function dropLanguage(layout: FormLayout, language: string): FormLayout {
  const fallback = layout.languages.find((l) => l !== language) ?? language;
  const drop = <T extends Translated | undefined>(value: T) => without(value, language, fallback) as T;
  return {
    ...layout,
    languages: layout.languages.filter((l) => l !== language),
    title: drop(layout.title),
    ...(layout.description ? { description: drop(layout.description) } : {}),
    sections: layout.sections.map((section) => ({
      ...section,
      title: drop(section.title),
      ...(section.help ? { help: drop(section.help) } : {}),
      questions: section.questions.map((q) => ({
        ...q,
        label: drop(q.label),
        ...(q.help ? { help: drop(q.help) } : {}),
        ...(q.error ? { error: drop(q.error) } : {}),
        ...(q.options ? { options: q.options.map((o) => ({ ...o, label: drop(o.label) })) } : {}),
      })),
    })),
  };
}
