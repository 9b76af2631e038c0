import { Anchor, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { fieldVisible } from '@vigilo/contract/form-validation';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Answers, pointerOf, readAt, translated } from '../../../components/form-renderer/index.ts';
import classes from './CheckAnswers.module.css';

const MONTHS = (language: string) =>
  Array.from({ length: 12 }, (_, m) =>
    new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, m, 1)),
  );

/** A partial date in words: `2024` → 2024, `2024-03` → March 2024, `2024-03-07` → 7 March 2024. */
export function partialDateWords(value: string, language: string): string {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value);
  if (!m) return value;
  const month = m[2] ? MONTHS(language)[Number(m[2]) - 1] : undefined;
  return [m[3] ? String(Number(m[3])) : '', month ?? '', m[1]].filter(Boolean).join(' ');
}

/** An answer as the reporter reads it back. */
function answerWords(
  definition: FormVersionDefinition,
  path: string,
  value: unknown,
  language: string,
  t: TFunction,
): string {
  const fallback = definition.layout.languages[0] ?? 'en';
  if (value !== null && typeof value === 'object' && 'nullFlavor' in value)
    return t('reporting.renderer.unknown');
  if (typeof value === 'boolean') return value ? t('reporting.renderer.yes') : t('reporting.renderer.no');
  const field = definition.fields.find((f) => f.path === path);
  const question = definition.layout.sections.flatMap((s) => s.questions).find((q) => q.field === path);
  if (field?.kind === 'code') {
    const option = question?.options?.find((o) => o.value === value);
    return option ? translated(option.label, language, fallback) : String(value);
  }
  if (field?.kind === 'date' && typeof value === 'string') return partialDateWords(value, language);
  if (field?.kind === 'quantity') {
    const q = value as { value?: string; unit?: string };
    return `${q.value ?? ''} ${q.unit ? t(`reporting.renderer.units.${q.unit}`, { defaultValue: q.unit }) : ''}`.trim();
  }
  return String(value);
}

/** "Check your answers": every answered question of each page, with a "Change" link back to it. */
export function CheckAnswers({
  definition,
  answers,
  language,
  formViewId,
  search,
  steps,
}: {
  definition: FormVersionDefinition;
  answers: Answers;
  language: string;
  formViewId: string;
  search: string;
  steps: string[];
}) {
  const { t } = useTranslation();
  const fallback = definition.layout.languages[0] ?? 'en';
  return (
    <Stack gap="xl">
      {definition.layout.sections
        .filter((s) => steps.includes(s.id))
        .map((section) => {
          const rows: { key: string; label: string; value: string }[] = [];
          const count = section.repeat
            ? Math.max(
                1,
                (readAt(answers, section.repeat.replaceAll('.', '/')) as unknown[] | undefined)?.length ?? 0,
              )
            : 1;
          for (let item = 0; item < count; item++)
            for (const q of section.questions) {
              const inRepeat = section.repeat && q.field.startsWith(`${section.repeat}[].`);
              if (item > 0 && !inRepeat) continue;
              const lists = q.field.split('.').filter((p) => p.endsWith('[]')).length;
              const items = Array.from({ length: lists }, (_, i) => (i === 0 && inRepeat ? item : 0));
              if (!fieldVisible(definition, q.field, answers, items)) continue;
              const pointer = pointerOf(q.field, items);
              const value = readAt(answers, pointer);
              if (value === undefined || value === '') continue;
              const label = translated(q.label, language, fallback);
              rows.push({
                key: pointer,
                label: count > 1 && inRepeat ? `${label} (${item + 1})` : label,
                value: answerWords(definition, q.field, value, language, t),
              });
            }
          const title = translated(section.title, language, fallback);
          return (
            <Paper key={section.id} component="section" aria-labelledby={`check-${section.id}`}>
              <Title order={2} size="h3" id={`check-${section.id}`} mb="xs">
                {title}
              </Title>
              {rows.length === 0 ? (
                <Text c="dimmed" mb="xs">
                  {t('reporting.check.nothing')}
                </Text>
              ) : (
                // A GOV.UK summary list: question and answer pairs (no table component to load).
                <dl className={classes.list}>
                  {rows.map((row) => (
                    <div key={row.key} className={classes.row}>
                      <dt className={classes.key}>{row.label}</dt>
                      <dd className={classes.value}>{row.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              <Anchor component={Link} to={`/report/${formViewId}/${section.id}${search}`} underline="always">
                {t('reporting.check.change')}
                <VisuallyHidden> {title}</VisuallyHidden>
              </Anchor>
            </Paper>
          );
        })}
    </Stack>
  );
}
