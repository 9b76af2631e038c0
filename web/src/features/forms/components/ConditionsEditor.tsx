import {
  ActionIcon,
  Button,
  Code,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FormCondition, FormConditions, FormLayout } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { AnswerPicker } from './AnswerPicker.tsx';
import { conditionProblem } from './condition-words.ts';
import { textIn } from './draft.ts';

interface Props {
  conditions: FormConditions;
  layout: FormLayout;
  language: string;
  readOnly: boolean;
  onChange: (conditions: FormConditions) => void;
}

const actions = ['show', 'hide', 'require'] as const;

/**
 * Conditions: show, hide or require questions or sections while an expression holds. Each
 * expression is checked as it is typed by the one condition module the server and the public
 * form use (contract/src/conditions.ts, decision 0066).
 */
export function ConditionsEditor({ conditions, layout, language, readOnly, onChange }: Props) {
  const { t } = useTranslation();
  const asked = layout.sections.flatMap((s) => s.questions.map((q) => q.field));
  const targets = [
    ...layout.sections.map((s) => ({
      value: `section:${s.id}`,
      label: t('forms.conditions.sectionTarget', { section: textIn(s.title, language) || s.id }),
    })),
    ...layout.sections.flatMap((s) =>
      s.questions.map((q) => ({
        value: q.field,
        label: `${textIn(q.label, language) || q.field} (${q.field})`,
      })),
    ),
  ];
  const set = (index: number, condition: FormCondition) =>
    onChange(conditions.map((c, i) => (i === index ? condition : c)));

  return (
    <Stack gap="md">
      <Text size="sm">{t('forms.conditions.lead')}</Text>
      <Text size="sm" c="dimmed">
        {t('forms.conditions.examples')} <Code>D.sex == "2"</Code>,{' '}
        <Code>E.reactions[].outcome in ["5"]</Code>, <Code>answered(D.birthDate) and not unknown(D.sex)</Code>
      </Text>
      {conditions.length === 0 ? <Text>{t('forms.conditions.none')}</Text> : null}
      {conditions.map((condition, index) => {
        const problem = conditionProblem(condition.when, asked, t);
        const id = `condition-${index}`;
        // Targets the form no longer has stay listed (and removable) rather than vanish.
        const data = [
          ...targets,
          ...condition.targets
            .filter((x) => !targets.some((o) => o.value === x))
            .map((x) => ({ value: x, label: x })),
        ];
        return (
          <Paper
            key={id}
            withBorder
            p="sm"
            component="fieldset"
            aria-labelledby={`${id}-legend`}
            style={{ margin: 0 }}
          >
            <Group justify="space-between" wrap="nowrap" mb={4}>
              <Text component="legend" fw={600} id={`${id}-legend`}>
                {t('forms.conditions.number', { number: index + 1 })}
              </Text>
              {readOnly ? null : (
                <ActionIcon
                  variant="default"
                  color="red"
                  onClick={() => onChange(conditions.filter((_, i) => i !== index))}
                  aria-label={t('forms.conditions.remove', { number: index + 1 })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
            <Group align="start" wrap="wrap" gap="sm">
              <Select
                id={`${id}-action`}
                label={t('forms.conditions.action')}
                data={actions.map((a) => ({ value: a, label: t(`forms.conditions.actions.${a}`) }))}
                value={condition.action}
                allowDeselect={false}
                readOnly={readOnly}
                onChange={(value) =>
                  value && set(index, { ...condition, action: value as FormCondition['action'] })
                }
                w={{ base: '100%', xs: 160 }}
              />
              <MultiSelect
                id={`${id}-targets`}
                label={t('forms.conditions.targets')}
                data={data}
                value={condition.targets}
                searchable
                readOnly={readOnly}
                onChange={(value) => set(index, { ...condition, targets: value })}
                error={condition.targets.length === 0 ? t('forms.conditions.errors.noTarget') : undefined}
                style={{ flex: '1 1 200px', minWidth: 0 }}
              />
            </Group>
            <TextInput
              id={`${id}-when`}
              mt="sm"
              label={t('forms.conditions.when')}
              description={t('forms.conditions.whenHint')}
              value={condition.when}
              readOnly={readOnly}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => set(index, { ...condition, when: e.currentTarget.value })}
              error={problem && !problem.warning ? problem.message : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            {readOnly ? null : (
              <AnswerPicker
                id={id}
                layout={layout}
                language={language}
                onPick={(when) => set(index, { ...condition, when })}
              />
            )}
            {problem ? (
              <Text
                id={`${id}-problem`}
                size="sm"
                mt={4}
                c={problem.warning ? 'orange.9' : 'red.8'}
                role="status"
                data-testid={`${id}-problem`}
              >
                {problem.warning ? problem.message : null}
                {problem.position !== undefined ? (
                  <Caret text={condition.when} position={problem.position} />
                ) : null}
              </Text>
            ) : (
              <Text size="sm" mt={4} c="green.9" role="status" id={`${id}-problem`}>
                {t('forms.conditions.ok')}
              </Text>
            )}
          </Paper>
        );
      })}
      {readOnly ? null : (
        <div>
          <Button
            variant="default"
            onClick={() => onChange([...conditions, { action: 'show', targets: [], when: '' }])}
          >
            {t('forms.conditions.add')}
          </Button>
        </div>
      )}
    </Stack>
  );
}

/** The expression with the character the parser stopped at marked. */
function Caret({ text, position }: { text: string; position: number }) {
  const at = Math.min(position - 1, text.length);
  return (
    <Code block mt={4} aria-hidden>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + 1) || ' '}</mark>
      {text.slice(at + 1)}
    </Code>
  );
}
