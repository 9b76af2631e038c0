import { Group } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nativeField } from './NativeField.tsx';

interface Parts {
  day: string;
  month: string;
  year: string;
}

/** `2024`, `2024-03`, `2024-03-07` (a time part is dropped for display) → its parts. */
export function splitPartialDate(value: string | undefined): Parts {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value ?? '');
  if (!m) return { day: '', month: '', year: value ?? '' };
  return { year: m[1] ?? '', month: m[2] ? String(Number(m[2])) : '', day: m[3] ? String(Number(m[3])) : '' };
}

/**
 * The parts as the case document's partial date: a year alone, a year and month, or a full
 * date. Missing parts in the middle (a day without a month) give a value the shared
 * validation refuses as not a date, so the reporter is told rather than losing the day.
 */
export function joinPartialDate({ day, month, year }: Parts): string | undefined {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (!d && !m && !y) return undefined;
  const pad = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);
  if (!d && !m) return y;
  if (!d) return `${y}-${pad(m)}`;
  return `${y}-${pad(m)}-${pad(d)}`;
}

interface PartialDateInputProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  required: boolean;
  value: string | undefined;
  disabled?: boolean;
  onChange: (value: string | undefined) => void;
  onBlur?: () => void;
}

/**
 * A GOV.UK date input: day, month and year boxes in a fieldset; the year alone is enough.
 * The typed parts are kept while the reporter types, so "3" in the month box stays "3".
 */
export function PartialDateInput(props: PartialDateInputProps) {
  const { t } = useTranslation();
  const [parts, setParts] = useState<Parts>(() => splitPartialDate(props.value));
  useEffect(() => {
    // Another source changed the value (resume, "I don't know"): show it.
    if (joinPartialDate(parts) !== props.value) setParts(splitPartialDate(props.value));
  }, [props.value, parts]);
  const change = (part: keyof Parts, text: string) => {
    const next = { ...parts, [part]: text };
    setParts(next);
    props.onChange(joinPartialDate(next));
  };
  const errorId = `${props.id}-error`;
  const hintId = `${props.id}-hint`;
  const describedBy = [props.description ? hintId : '', props.error ? errorId : ''].filter(Boolean).join(' ');
  const box = (part: keyof Parts, label: string, width: number, id?: string) => {
    const boxId = id ?? `${props.id}-${part}`;
    return (
      <div className={nativeField.field} style={{ width }}>
        <label htmlFor={boxId} className={nativeField.label}>
          {label}
        </label>
        <input
          id={boxId}
          className={nativeField.input}
          value={parts[part]}
          onChange={(event) => change(part, event.currentTarget.value)}
          onBlur={props.onBlur}
          inputMode="numeric"
          autoComplete="off"
          maxLength={part === 'year' ? 4 : 2}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
      </div>
    );
  };
  return (
    <fieldset
      style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
      aria-describedby={describedBy || undefined}
    >
      <legend className={`${nativeField.label} ${nativeField.legend}`}>{props.label}</legend>
      {props.description ? (
        <p id={hintId} className={nativeField.description} style={{ marginBottom: 6 }}>
          {props.description}
        </p>
      ) : null}
      {props.error ? (
        <p id={errorId} className={nativeField.error} style={{ margin: '0 0 6px' }}>
          {props.error}
        </p>
      ) : null}
      <Group gap="sm" align="flex-end" wrap="nowrap">
        {box('day', t('reporting.renderer.day'), 64, props.id)}
        {box('month', t('reporting.renderer.month'), 64)}
        {box('year', t('reporting.renderer.year'), 92)}
      </Group>
    </fieldset>
  );
}
