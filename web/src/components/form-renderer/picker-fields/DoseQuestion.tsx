import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickerTexts } from '../../pickers/texts/use-picker-texts.ts';
import { DOSE_UNITS, ucumProblem } from '../../pickers/ucum.ts';
import { nativeField } from '../NativeField.tsx';
import type { PickerQuestionProps } from '../picker-kinds.ts';

const OTHER = '__other';
type Dose = { value?: string; unit?: string };

/**
 * A dose with its UCUM unit (G.k.4.r.1, G.k.5, G.k.2.3.r.3): a number (a decimal comma is read
 * as a point) and a unit from the common ones, or any other written as UCUM writes it, checked
 * as it is typed and said in words when it does not read as UCUM (decision 0154).
 */
export function DoseQuestion(props: PickerQuestionProps) {
  usePickerTexts();
  const { t } = useTranslation();
  const dose = (typeof props.value === 'object' && props.value !== null ? props.value : {}) as Dose;
  const listed = (DOSE_UNITS as readonly string[]).includes(dose.unit ?? '');
  const [other, setOther] = useState(dose.unit !== undefined && !listed);
  const [touched, setTouched] = useState(false);
  const update = (patch: Dose) => {
    const next = { ...dose, ...patch };
    const empty = (next.value ?? '') === '' && (next.unit ?? '') === '';
    props.onChange(
      empty ? undefined : { value: next.value ?? '', ...(next.unit ? { unit: next.unit } : {}) },
    );
  };
  const value = dose.value ?? '';
  const unit = dose.unit ?? '';
  const problem = unit ? ucumProblem(unit) : null;
  const local = !touched
    ? null
    : value !== '' && !/^\d+(\.\d+)?$/.test(value)
      ? t('pickers.dose.errors.number')
      : value !== '' && unit === ''
        ? t('pickers.dose.errors.unit')
        : problem
          ? t(`pickers.dose.errors.${problem}`, { unit })
          : null;
  const error = props.error ?? local ?? undefined;
  const ids = [
    props.description ? `${props.id}-description` : '',
    error ? `${props.id}-error` : '',
    `${props.id}-unit-hint`,
  ]
    .filter(Boolean)
    .join(' ');
  const blur = () => {
    setTouched(true);
    props.onBlur?.();
  };
  return (
    <fieldset className={nativeField.field} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <legend className={nativeField.label} style={{ padding: 0 }}>
        {props.label}
      </legend>
      {props.description ? (
        <p id={`${props.id}-description`} className={nativeField.description}>
          {props.description}
        </p>
      ) : null}
      <Stack gap="xs">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <label style={{ width: 140 }}>
            <span className={nativeField.description}>{t('pickers.dose.amount')}</span>
            <input
              id={props.id}
              className={nativeField.input}
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={ids}
              aria-invalid={error ? true : undefined}
              value={value}
              disabled={props.disabled}
              onChange={(event) => update({ value: event.currentTarget.value.trim().replace(',', '.') })}
              onBlur={blur}
            />
          </label>
          <label style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <span className={nativeField.description}>{t('pickers.dose.unit')}</span>
            <select
              id={`${props.id}-unit`}
              className={nativeField.input}
              aria-describedby={ids}
              value={other ? OTHER : unit}
              disabled={props.disabled}
              onChange={(event) => {
                const chosen = event.currentTarget.value;
                setOther(chosen === OTHER);
                update({ unit: chosen === OTHER || chosen === '' ? undefined : chosen });
              }}
              onBlur={blur}
            >
              <option value="">{t('pickers.dose.chooseUnit')}</option>
              {DOSE_UNITS.map((code) => (
                <option key={code} value={code}>
                  {t(`pickers.dose.units.${code.replace(/[[\]{}.]/g, '')}`, { defaultValue: code })} ({code})
                </option>
              ))}
              <option value={OTHER}>{t('pickers.dose.other')}</option>
            </select>
          </label>
        </Group>
        {other ? (
          <label>
            <span className={nativeField.description}>{t('pickers.dose.otherLabel')}</span>
            <input
              id={`${props.id}-ucum`}
              className={nativeField.input}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={ids}
              aria-invalid={problem ? true : undefined}
              value={unit}
              maxLength={50}
              disabled={props.disabled}
              // µg is read as ug, as the server does (UCUM writes micro as u).
              onChange={(event) =>
                update({ unit: event.currentTarget.value.replace(/[µμ]/g, 'u') || undefined })
              }
              onBlur={blur}
            />
          </label>
        ) : null}
        <p id={`${props.id}-unit-hint`} className={nativeField.description}>
          {t('pickers.dose.hint')}
        </p>
      </Stack>
      {error ? (
        <p id={`${props.id}-error`} className={nativeField.error}>
          {error}
        </p>
      ) : null}
      {props.unknownBox}
    </fieldset>
  );
}
