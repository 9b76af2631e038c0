import { Button, Group, MultiSelect, Select } from '@mantine/core';
import type { FormLayout } from '@vigilo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textIn } from './draft.ts';

/** `D.sex == "2"`, or `… in ["1", "4"]` for several answers: the condition language's own words. */
export function answerExpression(field: string, values: string[]): string {
  return values.length === 1
    ? `${field} == ${JSON.stringify(values[0])}`
    : `${field} in [${values.map((v) => JSON.stringify(v)).join(', ')}]`;
}

/**
 * Writes a condition's expression from a question with choices and the answers picked by their
 * words ("Sex" is "Female"), so nobody has to know that Female is the code "2" (decision 0282).
 */
export function AnswerPicker({
  id,
  layout,
  language,
  onPick,
}: {
  id: string;
  layout: FormLayout;
  language: string;
  onPick: (expression: string) => void;
}) {
  const { t } = useTranslation();
  const questions = layout.sections.flatMap((s) => s.questions).filter((q) => (q.options ?? []).length > 0);
  const [field, setField] = useState<string | null>(null);
  const [values, setValues] = useState<string[]>([]);
  const question = questions.find((q) => q.field === field);
  if (questions.length === 0) return null;
  return (
    <Group align="end" wrap="wrap" gap="sm" mt="sm">
      <Select
        id={`${id}-pick-question`}
        label={t('forms.conditions.pick.question')}
        data={questions.map((q) => ({
          value: q.field,
          label: `${textIn(q.label, language) || q.field} (${q.field})`,
        }))}
        value={field}
        searchable
        onChange={(value) => {
          setField(value);
          setValues([]);
        }}
        style={{ flex: '1 1 220px', minWidth: 0 }}
      />
      <MultiSelect
        id={`${id}-pick-answers`}
        label={t('forms.conditions.pick.answers')}
        data={(question?.options ?? []).map((o) => ({
          value: o.value,
          label: textIn(o.label, language) || o.value,
        }))}
        value={values}
        disabled={!question}
        onChange={setValues}
        style={{ flex: '1 1 220px', minWidth: 0 }}
      />
      <Button
        variant="default"
        disabled={!field || values.length === 0}
        onClick={() => field && onPick(answerExpression(field, values))}
      >
        {t('forms.conditions.pick.write')}
      </Button>
    </Group>
  );
}
