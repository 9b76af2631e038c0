import { Anchor, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import type { FormVersionDefinition } from '@vigilo/contract';
import { fieldVisible } from '@vigilo/contract/form-validation';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type Answers,
  fieldId,
  pointerOf,
  readAt,
  translated,
} from '../../../components/form-renderer/index.ts';
import classes from './CheckAnswers.module.css';
import { MeddraAnswer } from './MeddraAnswer.tsx';

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
): ReactNode {
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
  // A coded answer: a MedDRA term (it has a version) by its name; a product's identifier by its code.
  if (field?.kind === 'coded' && value !== null && typeof value === 'object') {
    const coded = value as { code?: string; version?: string };
    return coded.version && coded.code ? (
      <MeddraAnswer coding={{ code: coded.code, version: coded.version }} />
    ) : (
      String(coded.code ?? '')
    );
  }
  if (field?.kind === 'quantity') {
    const q = value as { value?: string; unit?: string };
    return `${q.value ?? ''} ${q.unit ? t(`reporting.renderer.units.${q.unit}`, { defaultValue: q.unit }) : ''}`.trim();
  }
  return String(value);
}

/** Questions drawn with no field of their own (files go on their page, lists are the repeats). */
const UNASKED = new Set(['attachment', 'list', 'group']);

/**
 * "Check your answers" (GOV.UK summary list): every question each page showed, "Not provided"
 * where it was left, and a "Change" link per row that opens its page at the field and comes
 * back here after Continue (`return=check`, decision 0276). `changeTo` off draws the copy the
 * confirmation page prints.
 */
export function CheckAnswers({
  definition,
  answers,
  language,
  steps,
  changeTo,
}: {
  definition: FormVersionDefinition;
  answers: Answers;
  language: string;
  steps: string[];
  /** The address of a section's page at a field, for its "Change" link; none for a read-only copy. */
  changeTo?: (sectionId: string, fieldId: string) => string;
}) {
  const { t } = useTranslation();
  const fallback = definition.layout.languages[0] ?? 'en';
  return (
    <Stack gap="xl">
      {definition.layout.sections
        .filter((s) => steps.includes(s.id))
        .map((section) => {
          const rows: { key: string; label: string; value: ReactNode; fieldId: string }[] = [];
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
              const kind = definition.fields.find((f) => f.path === q.field)?.kind;
              if (!kind || UNASKED.has(kind)) continue;
              const lists = q.field.split('.').filter((p) => p.endsWith('[]')).length;
              const items = Array.from({ length: lists }, (_, i) => (i === 0 && inRepeat ? item : 0));
              if (!fieldVisible(definition, q.field, answers, items)) continue;
              const pointer = pointerOf(q.field, items);
              const value = readAt(answers, pointer);
              const label = translated(q.label, language, fallback);
              rows.push({
                key: pointer,
                label: count > 1 && inRepeat ? `${label} (${item + 1})` : label,
                value:
                  value === undefined || value === ''
                    ? null
                    : answerWords(definition, q.field, value, language, t),
                fieldId: fieldId(pointer),
              });
            }
          const title = translated(section.title, language, fallback);
          return (
            <Paper key={section.id} component="section" aria-labelledby={`check-${section.id}`}>
              <Title order={2} size="h3" id={`check-${section.id}`} mb="xs">
                {title}
              </Title>
              {/* A GOV.UK summary list: question and answer pairs (no table component to load). */}
              <dl className={classes.list}>
                {rows.map((row) => (
                  <div key={row.key} className={classes.row}>
                    <dt className={classes.key}>{row.label}</dt>
                    <dd className={classes.value} data-empty={row.value === null || undefined}>
                      {row.value ?? t('reporting.check.notProvided')}
                    </dd>
                    {changeTo ? (
                      <dd className={classes.action}>
                        <Anchor component={Link} to={changeTo(section.id, row.fieldId)} underline="always">
                          {t('reporting.check.change')}
                          <VisuallyHidden> {row.label}</VisuallyHidden>
                        </Anchor>
                      </dd>
                    ) : null}
                  </div>
                ))}
              </dl>
            </Paper>
          );
        })}
    </Stack>
  );
}
