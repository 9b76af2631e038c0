import {
  type FormConditions,
  type FormFieldInput,
  type FormLayout,
  type FormSchema,
  type FormVersionDefinition,
  type FormView,
  resolveFormField,
  type Translated,
} from '@vigilo/contract';

/**
 * What the editor changes before an explicit save: the view's layout and conditions, and the
 * schema's fields (path and required; everything else about a field is read from the case
 * document by the server, decision 0065).
 */
export interface FormDraft {
  layout: FormLayout;
  conditions: FormConditions;
  fields: FormFieldInput[];
}

export const draftOf = (view: FormView, schema: FormSchema): FormDraft => ({
  layout: view.layout,
  conditions: view.conditions,
  fields: schema.fields.map((f) => ({ path: f.path, required: f.required })),
});

/**
 * The draft as a version definition, for the live preview: the same shape the server freezes
 * when it publishes, each field bound to the case document by the same contract function.
 */
export function previewDefinition(
  view: FormView,
  schema: FormSchema,
  draft: FormDraft,
): FormVersionDefinition {
  return {
    key: view.key,
    name: view.name,
    audience: view.audience,
    reportType: schema.reportType,
    fields: draft.fields.flatMap((f) => {
      const bound = resolveFormField(f.path, f.required ?? false);
      return bound ? [bound] : [];
    }),
    layout: draft.layout,
    conditions: draft.conditions,
  };
}

/** `list` with the item at `from` moved to `to` (a new array). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (to < 0 || to >= copy.length) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** The text of `value` in `language`, else in the first language that has one. */
export function textIn(value: Translated | undefined, language: string): string {
  if (!value) return '';
  return value[language] ?? Object.values(value).find((text) => text.trim() !== '') ?? '';
}

/** `value` with `language`'s text set (an empty text removes it; no text at all: undefined). */
export function withText(
  value: Translated | undefined,
  language: string,
  text: string,
): Translated | undefined {
  const next: Record<string, string> = { ...value };
  if (text === '') delete next[language];
  else next[language] = text;
  return Object.keys(next).length > 0 ? next : undefined;
}

/** Every text of the layout a reporter reads in one language, to find those left untranslated. */
function texts(layout: FormLayout): { required: boolean; value: Translated | undefined }[] {
  return [
    { required: true, value: layout.title },
    { required: false, value: layout.description },
    ...layout.sections.flatMap((section) => [
      { required: true, value: section.title },
      { required: false, value: section.help },
      ...section.questions.flatMap((q) => [
        { required: true, value: q.label },
        { required: false, value: q.help },
        { required: false, value: q.error },
        ...(q.options ?? []).map((o) => ({ required: true, value: o.label })),
      ]),
    ]),
  ];
}

/**
 * How many texts have no translation in `language`: every label and title, and help texts
 * written in another language but not in this one.
 */
export function missingTranslations(layout: FormLayout, language: string): number {
  return texts(layout).filter(({ required, value }) => {
    const present = (value?.[language] ?? '').trim() !== '';
    const written = Object.values(value ?? {}).some((text) => text.trim() !== '');
    return !present && (required || written);
  }).length;
}

// A language's removal (its texts go, a text only written in it moves): shared with the server's new-form copy.
export { dropLanguage } from '@vigilo/contract';

/** A section id (`a-z0-9-`, up to 63) from its title, not taken by another section. */
export function sectionId(title: string, taken: readonly string[]): string {
  const base =
    title
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'section';
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/** Draft equality for the "unsaved changes" state. */
export const sameDraft = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
