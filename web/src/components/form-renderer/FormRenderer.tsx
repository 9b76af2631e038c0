import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { FormSection, FormVersionDefinition } from '@vigilo/contract';
// The validation module alone: the contract's index would bring every schema (and TypeBox).
import { CRITERION_FIELDS, fieldRequired, fieldVisible } from '@vigilo/contract/form-validation';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type Answers, itemCount, pointerOf, readAt, removeItem, writeAt } from './answers.ts';
import { nativeField } from './NativeField.tsx';
import { QuestionField } from './QuestionField.tsx';
import type { Suggest } from './SuggestedText.tsx';
import { translated } from './translated.ts';

/**
 * The form renderer: draws a form version as a reporter fills it in, shared by the public
 * reporting journey and the administration's live preview. Stable props:
 *
 *   definition  the form version's definition (FormVersion.definition, or an editor's draft)
 *   answers     the case document being filled in ({} to start)
 *   onChange    called with the whole new case document on each change
 *   language    the language to show (falls back to the form's first language)
 *   sectionId   show this section only (one page per section); every section when omitted
 *   errors      messages by field pointer (`D/sex`, `E/reactions/0/nativeTerm`), e.g. from
 *               formErrors(); shown at their field, whose input id is fieldId(pointer)
 *   onBlur      called with a field's pointer when it loses focus (validate after first blur)
 *   idPrefix    prefix of input ids, when two renderers share a page (default `q`)
 *   disabled    draws the inputs disabled
 *   headings    heading level of section titles (default 2; 0 hides them, for a page that
 *               titles the section itself)
 *   suggestMedicines  names to suggest under a medicine's name, signed out (SuggestedText.tsx)
 *
 * Conditions (show, hide, require) are evaluated by the shared module
 * (contract/src/conditions.ts through fieldVisible/fieldRequired), never here.
 */
export interface FormRendererProps {
  definition: FormVersionDefinition;
  answers: Answers;
  onChange: (answers: Answers) => void;
  language: string;
  sectionId?: string;
  errors?: Record<string, string>;
  onBlur?: (pointer: string) => void;
  idPrefix?: string;
  disabled?: boolean;
  headings?: 0 | 2 | 3;
  /** Medicine names suggested as a signed-out reporter types one (signed in, the drug picker does it). */
  suggestMedicines?: Suggest;
}

/** The id of the input of the field at `pointer` (the error summary's link target). */
export const fieldId = (pointer: string, idPrefix = 'q') => `${idPrefix}-${pointer.replaceAll('/', '-')}`;

/** The items a question inside a repeating block is shown for: the block's item, 0 for the rest. */
function itemsFor(path: string, repeat: string | undefined, item: number): number[] {
  const lists = path.split('.').filter((p) => p.endsWith('[]')).length;
  const items = Array.from({ length: lists }, () => 0);
  if (repeat && (path.startsWith(`${repeat}[].`) || path.startsWith(`${repeat}.`))) items[0] = item;
  return items;
}

const ONE_OF: readonly (readonly string[])[] = Object.values(CRITERION_FIELDS);

/**
 * The groups of fields of which one answer is needed (the patient, the reporter: ICH's minimum
 * criteria) that the section asks, as the questions shown: the page says so up front rather
 * than "(optional)" on each and an error only at Check answers.
 */
function oneOfGroups(questions: FormSection['questions'], shown: (path: string) => boolean) {
  return ONE_OF.map((group) => questions.filter((q) => group.includes(q.field) && shown(q.field))).filter(
    (asked) => asked.length > 0,
  );
}

/** True when at least one question of the section is shown with these answers. */
export function sectionVisible(definition: FormVersionDefinition, section: FormSection, answers: Answers) {
  return section.questions.some((q) => fieldVisible(definition, q.field, answers));
}

function SectionBody({ section, props }: { section: FormSection; props: FormRendererProps }) {
  const { t, i18n } = useTranslation();
  const { definition, answers, language } = props;
  const fallback = definition.layout.languages[0] ?? 'en';
  const repeat = section.repeat;
  const count = repeat ? Math.max(1, itemCount(answers, repeat)) : 1;
  const inRepeat = (path: string) =>
    repeat && (path.startsWith(`${repeat}[].`) || path.startsWith(`${repeat}.`));
  const question = (q: FormSection['questions'][number], item: number) => {
    const field = definition.fields.find((f) => f.path === q.field);
    if (!field) return null;
    const items = itemsFor(q.field, repeat, item);
    if (!fieldVisible(definition, q.field, answers, items)) return null;
    const pointer = pointerOf(q.field, items);
    return (
      <QuestionField
        key={pointer}
        id={fieldId(pointer, props.idPrefix)}
        field={field}
        question={q}
        language={language}
        fallbackLanguage={fallback}
        required={fieldRequired(definition, q.field, answers, items)}
        oneOf={oneOf.has(q.field)}
        value={readAt(answers, pointer)}
        error={props.errors?.[pointer]}
        disabled={props.disabled}
        onChange={(value) => props.onChange(writeAt(answers, pointer, value))}
        onBlur={props.onBlur ? () => props.onBlur?.(pointer) : undefined}
        sibling={(name) => readAt(answers, pointer.replace(/[^/]+$/, name))}
        suggestMedicines={props.suggestMedicines}
      />
    );
  };
  const groups = oneOfGroups(section.questions, (path) =>
    fieldVisible(definition, path, answers, itemsFor(path, repeat, 0)),
  ).filter((group) => group.length > 1);
  const oneOf = new Set(groups.flat().map((q) => q.field));
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  const repeated = section.questions.filter((q) => inRepeat(q.field));
  const single = section.questions.filter((q) => !inRepeat(q.field));
  const itemName = translated(section.title, language, fallback);
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Text key={group[0]!.field} fw={700} data-testid="one-of">
          {t('reporting.renderer.atLeastOne', {
            // A question's mark would sit mid-sentence ("What is your profession?, or …").
            labels: list.format(
              group.map((q) => translated(q.label, language, fallback).replace(/\s*\?$/, '')),
            ),
          })}
        </Text>
      ))}
      {repeat
        ? Array.from({ length: count }, (_, item) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: items are positions in the document's list
            <Fragment key={item}>
              {count > 1 ? (
                <Group justify="space-between" wrap="nowrap">
                  <Title order={3} size="h4">
                    {t('reporting.renderer.item', { name: itemName, number: item + 1 })}
                  </Title>
                  <Button
                    variant="subtle"
                    color="red"
                    size="compact-sm"
                    disabled={props.disabled}
                    onClick={() => props.onChange(removeItem(answers, repeat.replaceAll('.', '/'), item))}
                  >
                    {t('reporting.renderer.remove', { name: itemName, number: item + 1 })}
                  </Button>
                </Group>
              ) : null}
              <Stack gap="lg">{repeated.map((q) => question(q, item))}</Stack>
              {count > 1 && item < count - 1 ? <hr className={nativeField.divider} /> : null}
            </Fragment>
          ))
        : null}
      {repeat ? (
        <Group>
          <Button
            variant="default"
            disabled={props.disabled}
            onClick={() => {
              const list = readAt(answers, repeat.replaceAll('.', '/'));
              const length = Array.isArray(list) ? list.length : 0;
              // An empty block counts as one item on screen: adding makes the second.
              props.onChange(writeAt(answers, `${repeat.replaceAll('.', '/')}/${Math.max(length, 1)}`, {}));
            }}
          >
            {t('reporting.renderer.addAnother', { name: itemName })}
          </Button>
        </Group>
      ) : null}
      {single.map((q) => question(q, 0))}
    </Stack>
  );
}

export function FormRenderer(props: FormRendererProps) {
  const { definition, language, sectionId } = props;
  const fallback = definition.layout.languages[0] ?? 'en';
  const sections = definition.layout.sections.filter((s) => sectionId === undefined || s.id === sectionId);
  const level = props.headings ?? 2;
  return (
    <Stack gap="xl" lang={definition.layout.title[language] ? language : fallback}>
      {sections.map((section) =>
        sectionVisible(definition, section, props.answers) ? (
          <section key={section.id} aria-label={translated(section.title, language, fallback)}>
            {level > 0 ? (
              <Title order={level as 2 | 3} size="h3" mb="xs">
                {translated(section.title, language, fallback)}
              </Title>
            ) : null}
            {section.help ? (
              <Text c="dimmed" mb="md">
                {translated(section.help, language, fallback)}
              </Text>
            ) : null}
            <SectionBody section={section} props={props} />
          </section>
        ) : null,
      )}
    </Stack>
  );
}
