import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconTrash,
} from '@tabler/icons-react';
import {
  type FormFieldInput,
  type FormLayout,
  type FormQuestion,
  type FormSection,
  resolveFormField,
} from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { move, sectionId, textIn, withText } from './draft.ts';
import { QuestionCard } from './QuestionCard.tsx';

interface Props {
  layout: FormLayout;
  fields: FormFieldInput[];
  language: string;
  readOnly: boolean;
  onChange: (layout: FormLayout, fields?: FormFieldInput[]) => void;
}

/** Sections (reordered, added, removed) and their questions: labels, help, required, choices. */
export function SectionsEditor({ layout, fields, language, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const [newTitle, setNewTitle] = useState('');
  // Sections fold, so a long form stays readable; the first is open, and one with a missing
  // title or question is always open (the error summary links into it).
  const [open, setOpen] = useState<string[]>(layout.sections[0] ? [layout.sections[0].id] : []);
  const setSections = (sections: FormSection[]) => onChange({ ...layout, sections });
  const setSection = (index: number, section: FormSection) =>
    setSections(layout.sections.map((s, i) => (i === index ? section : s)));

  return (
    <Stack gap="md">
      <TextInput
        id="form-title"
        label={t('forms.editor.formTitle')}
        value={layout.title[language] ?? ''}
        placeholder={textIn(layout.title, language)}
        onChange={(e) =>
          onChange({ ...layout, title: withText(layout.title, language, e.currentTarget.value) ?? {} })
        }
        readOnly={readOnly}
      />
      {layout.sections.map((section, index) => (
        <SectionCard
          key={section.id}
          section={section}
          index={index}
          count={layout.sections.length}
          fields={fields}
          askedElsewhere={layout.sections.flatMap((s) =>
            s === section ? [] : s.questions.map((q) => q.field),
          )}
          language={language}
          readOnly={readOnly}
          open={open.includes(section.id) || incomplete(section)}
          onToggle={() =>
            setOpen((ids) =>
              ids.includes(section.id) ? ids.filter((x) => x !== section.id) : [...ids, section.id],
            )
          }
          onChange={(next, nextFields) => {
            const sections = layout.sections.map((s, i) => (i === index ? next : s));
            onChange({ ...layout, sections }, nextFields);
          }}
          onMove={(to) => setSections(move(layout.sections, index, to))}
          onRemove={() => {
            if (
              window.confirm(
                t('forms.editor.removeSectionConfirm', { section: textIn(section.title, language) }),
              )
            )
              setSections(layout.sections.filter((_, i) => i !== index));
          }}
          setSection={(s) => setSection(index, s)}
        />
      ))}
      {readOnly ? null : (
        <Group align="end">
          <TextInput
            id="new-section-title"
            label={t('forms.editor.newSection')}
            value={newTitle}
            onChange={(e) => setNewTitle(e.currentTarget.value)}
          />
          <Button
            variant="default"
            disabled={newTitle.trim() === ''}
            onClick={() => {
              const id = sectionId(
                newTitle,
                layout.sections.map((s) => s.id),
              );
              setSections([
                ...layout.sections,
                { id, title: { [language]: newTitle.trim() }, questions: [] },
              ]);
              setOpen((ids) => [...ids, id]);
              setNewTitle('');
            }}
          >
            {t('forms.editor.addSection')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const blank = (value: Record<string, string> | undefined) =>
  !value || Object.values(value).every((text) => text.trim() === '');
const incomplete = (section: FormSection) =>
  blank(section.title) || section.questions.some((q) => blank(q.label));

interface SectionProps {
  open: boolean;
  onToggle: () => void;
  section: FormSection;
  index: number;
  count: number;
  fields: FormFieldInput[];
  askedElsewhere: string[];
  language: string;
  readOnly: boolean;
  onChange: (section: FormSection, fields?: FormFieldInput[]) => void;
  setSection: (section: FormSection) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function SectionCard(props: SectionProps) {
  const { section, index, count, fields, askedElsewhere, language, readOnly, onChange, setSection } = props;
  const { t } = useTranslation();
  const title = textIn(section.title, language) || section.id;
  const headingId = `section-${section.id}-heading`;
  const asked = new Set([...askedElsewhere, ...section.questions.map((q) => q.field)]);
  const unasked = fields.filter((f) => !asked.has(f.path)).map((f) => f.path);
  const [newPath, setNewPath] = useState<string | null>(null);
  const [typedPath, setTypedPath] = useState('');
  const typedField = typedPath.trim() ? resolveFormField(typedPath.trim()) : undefined;
  const setQuestions = (questions: FormQuestion[]) => setSection({ ...section, questions });

  const addQuestion = (path: string, known: boolean) => {
    const label = { [language]: path.split('.').at(-1)?.replace('[]', '') ?? path };
    const question: FormQuestion = { field: path, label };
    onChange(
      { ...section, questions: [...section.questions, question] },
      known ? undefined : [...fields, { path, required: false }],
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="nowrap" align="start">
        <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {t('forms.editor.sectionHeading', { number: index + 1, title })}
          {section.repeat ? (
            <Badge ml="xs" variant="light">
              {t('forms.editor.repeats')}
            </Badge>
          ) : null}
        </Title>
        {readOnly ? null : (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              disabled={index === 0}
              onClick={() => props.onMove(index - 1)}
              aria-label={t('forms.editor.moveSectionUp', { section: title })}
            >
              <IconArrowUp size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              disabled={index === count - 1}
              onClick={() => props.onMove(index + 1)}
              aria-label={t('forms.editor.moveSectionDown', { section: title })}
            >
              <IconArrowDown size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              color="red"
              onClick={props.onRemove}
              aria-label={t('forms.editor.removeSection', { section: title })}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={props.onToggle}
        aria-expanded={props.open}
        aria-controls={`section-${section.id}-body`}
        leftSection={
          props.open ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
        }
      >
        {props.open
          ? t('forms.editor.hideSection', { count: section.questions.length })
          : t('forms.editor.showSection', { count: section.questions.length })}
      </Button>
      {props.open ? (
        <Stack gap="sm" mt="sm" id={`section-${section.id}-body`}>
          <TextInput
            id={`section-${section.id}-title`}
            label={t('forms.editor.sectionTitle')}
            value={section.title[language] ?? ''}
            placeholder={textIn(section.title, language)}
            readOnly={readOnly}
            onChange={(e) =>
              setSection({
                ...section,
                title: withText(section.title, language, e.currentTarget.value) ?? {},
              })
            }
          />
          <Textarea
            id={`section-${section.id}-help`}
            label={`${t('forms.editor.help')} ${t('forms.optional')}`}
            value={section.help?.[language] ?? ''}
            rows={2}
            readOnly={readOnly}
            onChange={(e) => {
              const help = withText(section.help, language, e.currentTarget.value);
              const { help: _old, ...rest } = section;
              setSection(help ? { ...rest, help } : rest);
            }}
          />
          {section.questions.map((question, q) => (
            <QuestionCard
              key={question.field}
              question={question}
              index={q}
              count={section.questions.length}
              field={fields.find((f) => f.path === question.field)}
              language={language}
              readOnly={readOnly}
              onChange={(next) => setQuestions(section.questions.map((x, i) => (i === q ? next : x)))}
              onRequired={(required) =>
                onChange(
                  section,
                  fields.map((f) => (f.path === question.field ? { ...f, required } : f)),
                )
              }
              onMove={(to) => setQuestions(move(section.questions, q, to))}
              onRemove={() => setQuestions(section.questions.filter((_, i) => i !== q))}
            />
          ))}
          {section.questions.length === 0 ? <Text c="dimmed">{t('forms.editor.noQuestions')}</Text> : null}
          {readOnly ? null : (
            <Group align="end" wrap="wrap">
              <Select
                id={`section-${section.id}-add`}
                label={t('forms.editor.addQuestion')}
                description={t('forms.editor.addQuestionHint')}
                data={unasked}
                value={newPath}
                onChange={setNewPath}
                searchable
                clearable
                nothingFoundMessage={t('forms.editor.allAsked')}
                w={{ base: '100%', sm: 280 }}
              />
              <Button
                variant="default"
                disabled={!newPath}
                onClick={() => {
                  if (newPath) addQuestion(newPath, true);
                  setNewPath(null);
                }}
              >
                {t('forms.editor.add')}
              </Button>
              <TextInput
                id={`section-${section.id}-path`}
                label={t('forms.editor.newField')}
                description={t('forms.editor.newFieldHint')}
                value={typedPath}
                onChange={(e) => setTypedPath(e.currentTarget.value)}
                error={
                  typedPath.trim() && !typedField
                    ? t('forms.editor.unknownPath', { path: typedPath.trim() })
                    : typedField && asked.has(typedField.path)
                      ? t('forms.editor.alreadyAsked')
                      : undefined
                }
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                w={{ base: '100%', sm: 280 }}
              />
              <Button
                variant="default"
                disabled={!typedField || asked.has(typedField.path)}
                onClick={() => {
                  if (!typedField) return;
                  addQuestion(
                    typedField.path,
                    fields.some((f) => f.path === typedField.path),
                  );
                  setTypedPath('');
                }}
              >
                {t('forms.editor.addField')}
              </Button>
            </Group>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
