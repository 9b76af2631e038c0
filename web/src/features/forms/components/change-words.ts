import type { FormChange, FormCondition, FormVersionDefinition } from '@vigilo/contract';
import type { TFunction } from 'i18next';
import { textIn } from './draft.ts';

type Definition = Pick<FormVersionDefinition, 'layout' | 'conditions' | 'fields'>;

/**
 * The server's changes between two versions (paths in the definition, decision 0065) as
 * sentences: "Question “Sex” relabelled “Sex at birth” (English)", "Section “About you”
 * added", "Condition added: …". Labels come from the definitions when known (`before` for what
 * went, `after` for the rest), else the path itself is named.
 */
export function describeChanges(
  changes: readonly FormChange[],
  t: TFunction,
  language: string,
  before?: Definition,
  after?: Definition,
): string[] {
  const sectionTitle = (id: string) => {
    const found =
      after?.layout.sections.find((s) => s.id === id) ?? before?.layout.sections.find((s) => s.id === id);
    return found ? textIn(found.title, language) || id : id;
  };
  const questionOf = (definition: Definition | undefined, field: string) =>
    definition?.layout.sections.flatMap((s) => s.questions).find((q) => q.field === field);
  const questionLabel = (field: string, prefer: 'before' | 'after' = 'after') => {
    const [first, second] = prefer === 'after' ? [after, before] : [before, after];
    const q = questionOf(first, field) ?? questionOf(second, field);
    return q ? textIn(q.label, language) || field : field;
  };
  const languageName = (code: string) => t(`forms.languages.${code}`, { defaultValue: code });

  const sentences = changes.flatMap((c): string[] => {
    const { path, change } = c;
    // The form's own texts.
    let m = /^layout\.(title|description)\.([a-z]{2,3})$/.exec(path);
    if (m) return [t(`forms.changes.${m[1]}`, { language: languageName(m[2]!) })];
    if (path === 'layout.languages') {
      return [
        t('forms.changes.languages', {
          before: before?.layout.languages.map(languageName).join(', ') ?? '',
          after: after?.layout.languages.map(languageName).join(', ') ?? '',
        }),
      ];
    }
    if (path === 'layout.sections.(order)') return [t('forms.changes.sectionsReordered')];
    m = /^layout\.sections\.([a-z0-9-]+)$/.exec(path);
    if (m) return [t(`forms.changes.section.${change}`, { section: sectionTitle(m[1]!) })];
    m = /^layout\.sections\.([a-z0-9-]+)\.title\.([a-z]{2,3})$/.exec(path);
    if (m) {
      const old = before?.layout.sections.find((s) => s.id === m![1]);
      const now = after?.layout.sections.find((s) => s.id === m![1]);
      if (old?.title[m[2]!] === undefined || now?.title[m[2]!] === undefined)
        return [
          t('forms.changes.sectionTitleChanged', {
            section: sectionTitle(m[1]!),
            language: languageName(m[2]!),
          }),
        ];
      return [
        t('forms.changes.sectionRenamed', {
          before: old.title[m[2]!],
          after: now.title[m[2]!],
          language: languageName(m[2]!),
        }),
      ];
    }
    m = /^layout\.sections\.([a-z0-9-]+)\.questions\.\(order\)$/.exec(path);
    if (m) return [t('forms.changes.questionsReordered', { section: sectionTitle(m[1]!) })];
    m =
      /^layout\.sections\.([a-z0-9-]+)\.questions\.(.+?)(?:\.(label|help|error)(?:\.([a-z]{2,3}))?|\.(options|field))?$/.exec(
        path,
      );
    if (m) {
      const [, section, field, text, language_, other] = m;
      if (text === 'label' && language_) {
        const old = questionOf(before, field!)?.label[language_!];
        const now = questionOf(after, field!)?.label[language_!];
        if (old === undefined || now === undefined)
          return [
            t('forms.changes.labelChanged', {
              question: questionLabel(field!),
              language: languageName(language_!),
            }),
          ];
        return [
          t('forms.changes.relabelled', {
            before: old,
            after: now,
            language: languageName(language_!),
          }),
        ];
      }
      if (text === 'help') return [t('forms.changes.questionHelp', { question: questionLabel(field!) })];
      if (text === 'error') return [t('forms.changes.questionError', { question: questionLabel(field!) })];
      if (other === 'options') return [t('forms.changes.options', { question: questionLabel(field!) })];
      return [
        t(`forms.changes.question.${change}`, {
          question: questionLabel(field!, change === 'removed' ? 'before' : 'after'),
          section: sectionTitle(section!),
        }),
      ];
    }
    m = /^layout\.sections\.([a-z0-9-]+)\.(help|repeat)/.exec(path);
    if (m)
      return [
        t(`forms.changes.section${m[2] === 'help' ? 'Help' : 'Repeat'}`, { section: sectionTitle(m[1]!) }),
      ];
    // The schema's fields.
    if (path === 'fields.(order)') return [];
    m = /^fields\.(.+?)(?:\.(required|e2b|kind|nullFlavours|options|maxLength|pattern))?$/.exec(path);
    if (m) {
      const [, field, property] = m;
      if (!property)
        return [t(`forms.changes.field.${change}`, { field: questionLabel(field!), path: field })];
      if (property === 'required') {
        const now = after?.fields.find((f) => f.path === field)?.required;
        return [
          t(now ? 'forms.changes.nowRequired' : 'forms.changes.nowOptional', {
            question: questionLabel(field!),
          }),
        ];
      }
      return [t('forms.changes.fieldBinding', { question: questionLabel(field!) })];
    }
    if (path === 'conditions') {
      const name = (target: string) =>
        target.startsWith('section:')
          ? `“${sectionTitle(target.slice(8))}”`
          : questionOf(after, target) || questionOf(before, target)
            ? `“${questionLabel(target)}”`
            : target;
      return conditionSentences(before?.conditions, after?.conditions, t, name);
    }
    if (path === 'name') return [t('forms.changes.name')];
    if (path === 'audience') return [t('forms.changes.audience')];
    if (path === 'reportType') return [t('forms.changes.reportType')];
    return [t('forms.changes.other', { path })];
  });
  return [...new Set(sentences)];
}

/** A condition as a sentence, its targets named by their question or section where known. */
function conditionText(c: FormCondition, t: TFunction, name: (target: string) => string) {
  return t('forms.changes.conditionText', {
    action: t(`forms.conditions.actions.${c.action}`),
    targets: c.targets.map(name).join(', '),
    when: c.when,
  });
}

/** The conditions added and removed (the server names the list as a whole as changed). */
function conditionSentences(
  before: readonly FormCondition[] | undefined,
  after: readonly FormCondition[] | undefined,
  t: TFunction,
  name: (target: string) => string,
): string[] {
  if (!before || !after) return [t('forms.changes.conditions')];
  // Counted, not just compared: a second copy of a condition is an added condition too.
  const key = (c: FormCondition) => JSON.stringify(c);
  const beyond = (list: readonly FormCondition[], other: readonly FormCondition[]) => {
    const left = new Map<string, number>();
    for (const c of other) left.set(key(c), (left.get(key(c)) ?? 0) + 1);
    return list.filter((c) => {
      const n = left.get(key(c)) ?? 0;
      left.set(key(c), n - 1);
      return n <= 0;
    });
  };
  const added = beyond(after, before);
  const removed = beyond(before, after);
  const sentences = [
    ...added.map((c) => t('forms.changes.conditionAdded', { condition: conditionText(c, t, name) })),
    ...removed.map((c) => t('forms.changes.conditionRemoved', { condition: conditionText(c, t, name) })),
  ];
  return sentences.length > 0 ? sentences : [t('forms.changes.conditionsReordered')];
}
