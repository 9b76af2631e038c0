import { ActionIcon, Checkbox, Group, Paper, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { type FormFieldInput, type FormQuestion, resolveFormField } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { textIn, withText } from './draft.ts';

export interface QuestionProps {
  question: FormQuestion;
  index: number;
  count: number;
  field: FormFieldInput | undefined;
  language: string;
  readOnly: boolean;
  onChange: (question: FormQuestion) => void;
  onRequired: (required: boolean) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

/**
 * One question: label, help and error text (what the reporter reads when it must be answered
 * and is not, decision 0278) in the language edited, required, the choices offered.
 */
export function QuestionCard({ question, index, count, field, language, readOnly, ...on }: QuestionProps) {
  const { t } = useTranslation();
  const bound = resolveFormField(question.field);
  const label = textIn(question.label, language) || question.field;
  const slug = question.field.replace(/[^A-Za-z0-9]+/g, '-');
  // What the reporter reads without an error text of the question's own (form-errors.ts).
  const choice = bound?.kind === 'code' || bound?.kind === 'boolean';
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)">
      <Group justify="space-between" wrap="nowrap" align="start" mb={4}>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {question.field}
          {bound ? ` · ${bound.e2b} · ${t(`forms.kinds.${bound.kind}`)}` : ''}
        </Text>
        {readOnly ? null : (
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              size="sm"
              variant="default"
              disabled={index === 0}
              onClick={() => on.onMove(index - 1)}
              aria-label={t('forms.editor.moveQuestionUp', { question: label })}
            >
              <IconArrowUp size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="default"
              disabled={index === count - 1}
              onClick={() => on.onMove(index + 1)}
              aria-label={t('forms.editor.moveQuestionDown', { question: label })}
            >
              <IconArrowDown size={14} aria-hidden />
            </ActionIcon>
            <ActionIcon
              size="sm"
              variant="default"
              color="red"
              onClick={on.onRemove}
              aria-label={t('forms.editor.removeQuestion', { question: label })}
            >
              <IconTrash size={14} aria-hidden />
            </ActionIcon>
          </Group>
        )}
      </Group>
      <Stack gap="xs">
        <TextInput
          id={`question-${slug}-label`}
          label={t('forms.editor.label')}
          value={question.label[language] ?? ''}
          placeholder={textIn(question.label, language)}
          readOnly={readOnly}
          onChange={(e) =>
            on.onChange({
              ...question,
              label: withText(question.label, language, e.currentTarget.value) ?? {},
            })
          }
        />
        <Textarea
          id={`question-${slug}-help`}
          label={`${t('forms.editor.help')} ${t('forms.optional')}`}
          value={question.help?.[language] ?? ''}
          rows={2}
          readOnly={readOnly}
          onChange={(e) => {
            const help = withText(question.help, language, e.currentTarget.value);
            const { help: _old, ...rest } = question;
            on.onChange(help ? { ...rest, help } : rest);
          }}
        />
        <TextInput
          id={`question-${slug}-error`}
          label={`${t('forms.editor.errorText')} ${t('forms.optional')}`}
          description={t('forms.editor.errorTextHint', {
            // In the interface's language: the other language's texts are not loaded (one chunk each).
            fallback: t(choice ? 'reporting.errors.select' : 'reporting.errors.required', { label }),
          })}
          value={question.error?.[language] ?? ''}
          placeholder={textIn(question.error, language)}
          readOnly={readOnly}
          onChange={(e) => {
            const error = withText(question.error, language, e.currentTarget.value);
            const { error: _old, ...rest } = question;
            on.onChange(error ? { ...rest, error } : rest);
          }}
        />
        <Checkbox
          id={`question-${slug}-required`}
          label={t('forms.editor.required')}
          description={t('forms.editor.requiredHint')}
          checked={field?.required ?? false}
          disabled={readOnly || !field}
          onChange={(e) => on.onRequired(e.currentTarget.checked)}
        />
        {bound?.kind === 'code' && bound.options ? (
          <ChoicesEditor
            question={question}
            codes={bound.options}
            language={language}
            readOnly={readOnly}
            onChange={on.onChange}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The choices of a coded question: which codes are offered, in which order, with which labels. */
function ChoicesEditor({
  question,
  codes,
  language,
  readOnly,
  onChange,
}: {
  question: FormQuestion;
  codes: string[];
  language: string;
  readOnly: boolean;
  onChange: (question: FormQuestion) => void;
}) {
  const { t } = useTranslation();
  const options = question.options ?? codes.map((value) => ({ value, label: { [language]: value } }));
  const offered = new Set(options.map((o) => o.value));
  const rows = [...options, ...codes.filter((c) => !offered.has(c)).map((value) => ({ value, label: {} }))];
  const setOptions = (next: NonNullable<FormQuestion['options']>) => onChange({ ...question, options: next });
  const slug = question.field.replace(/[^A-Za-z0-9]+/g, '-');
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table
        withTableBorder
        verticalSpacing={4}
        aria-label={t('forms.editor.choicesOf', { question: textIn(question.label, language) })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('forms.editor.code')}</Table.Th>
            <Table.Th scope="col">{t('forms.editor.offered')}</Table.Th>
            <Table.Th scope="col">{t('forms.editor.choiceLabel')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isOffered = offered.has(row.value);
            return (
              <Table.Tr key={row.value}>
                <Table.Td ff="monospace">{row.value}</Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('forms.editor.offerCode', { code: row.value })}
                    checked={isOffered}
                    disabled={readOnly}
                    onChange={(e) =>
                      setOptions(
                        e.currentTarget.checked
                          ? [...options, { value: row.value, label: { [language]: row.value } }]
                          : options.filter((o) => o.value !== row.value),
                      )
                    }
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    id={`question-${slug}-option-${row.value}`}
                    aria-label={t('forms.editor.choiceLabelOf', { code: row.value })}
                    size="xs"
                    value={(row.label as Record<string, string>)[language] ?? ''}
                    placeholder={textIn(row.label, language)}
                    disabled={!isOffered}
                    readOnly={readOnly}
                    onChange={(e) =>
                      setOptions(
                        options.map((o) =>
                          o.value === row.value
                            ? { ...o, label: withText(o.label, language, e.currentTarget.value) ?? {} }
                            : o,
                        ),
                      )
                    }
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
