import { Group, Stack } from '@mantine/core';
import type { FormField, FormQuestion } from '@vigilo/contract';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { isSignedIn, useAuth } from '../../lib/auth.tsx';
import { isNullFlavour, unknownFlavour } from './answers.ts';
import { countryOptions } from './countries.ts';
import classes from './NativeChoice.module.css';
import { NativeRadioGroup } from './NativeChoices.tsx';
import { NativeField, nativeField } from './NativeField.tsx';
import { PartialDateInput } from './PartialDateInput.tsx';
import { PickerQuestion, pickerFor } from './picker-kinds.ts';
import { type Suggest, SuggestedText } from './SuggestedText.tsx';
import { translated } from './translated.ts';

export interface QuestionFieldProps {
  /** The input's id (the error summary links to it). */
  id: string;
  field: FormField;
  question: FormQuestion;
  language: string;
  /** The form's first language: where a missing translation is read from. */
  fallbackLanguage: string;
  required: boolean;
  /** One of the fields of which at least one is needed (the section says so): not "(optional)". */
  oneOf?: boolean;
  value: unknown;
  error?: string;
  disabled?: boolean;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  /** Another answer of the same item (a reaction's words as reported, beside its MedDRA term). */
  sibling?: (name: string) => unknown;
  /** Draw the renderer's own field even where a picker would be used (the picker's fallback). */
  plain?: boolean;
  /** Medicine names to suggest as the reporter types a medicine's name, where no picker is drawn. */
  suggestMedicines?: Suggest;
}

/** Medicinal products' names as reported: the suspect or concomitant drug, past drugs. */
const MEDICINE_NAME = /^(G\.k\.2\.2|D\.(10\.)?8\.r\.1)$/;

/** A code field offers radios up to this many choices, a list beyond. */
const RADIO_LIMIT = 7;
const AGE_UNITS = ['a', 'mo', 'wk', 'd'] as const;

/** One question of a form, drawn for its kind of field, with "I don't know" where E2B allows it. */
export function QuestionField(props: QuestionFieldProps) {
  const { t } = useTranslation();
  const { field, question, value, id } = props;
  const label = translated(question.label, props.language, props.fallbackLanguage);
  const shownLabel = props.required || props.oneOf ? label : t('reporting.renderer.optional', { label });
  const description = translated(question.help, props.language, props.fallbackLanguage) || undefined;
  // The reporter (C.2) is the person filling the form in: "I don't know" their own name, email
  // or profession makes no sense; it is offered only about someone else (decision 0278).
  const own = field.path.startsWith('C.primarySources[].');
  const flavour = own ? undefined : unknownFlavour(field.nullFlavours);
  const unknown = isNullFlavour(value);
  const unknownLabel = t('reporting.renderer.unknown');
  const wrapper = { id, label: shownLabel, description, error: props.error };
  const text = (raw: string) => props.onChange(raw === '' ? undefined : raw);
  const { session } = useAuth();

  /**
   * The "I don't know" box under fields with no choices to add it to. Radios, boxes and the
   * long text are native elements drawn like Mantine's (NativeChoice.module.css): the public
   * form stays within its JavaScript budget (decision 0039).
   */
  const unknownBox = flavour ? (
    <label className={classes.choice}>
      <input
        type="checkbox"
        id={`${id}-unknown`}
        checked={unknown}
        disabled={props.disabled}
        onChange={(event) =>
          props.onChange(event.currentTarget.checked ? { nullFlavor: flavour } : undefined)
        }
        onBlur={props.onBlur}
      />
      <span>{unknownLabel}</span>
    </label>
  ) : null;

  const picker = props.plain
    ? undefined
    : pickerFor(field, question, session !== null && isSignedIn(session));
  // A country is a list of names (decision 0160), drawn as the long code lists are.
  const country = picker === 'country';
  if (picker && !country)
    return (
      // While the pickers' chunk loads, the plain field stands in, disabled.
      <Suspense fallback={<QuestionField {...props} plain disabled />}>
        <PickerQuestion
          {...props}
          kind={picker}
          label={shownLabel}
          description={description}
          unknownBox={unknownBox}
          fallback={<QuestionField {...props} plain />}
        />
      </Suspense>
    );

  if (field.kind === 'code' || field.kind === 'boolean' || country) {
    const choices = country
      ? countryOptions(props.language)
      : field.kind === 'boolean'
        ? [
            { value: 'true', label: t('reporting.renderer.yes') },
            { value: 'false', label: t('reporting.renderer.no') },
          ]
        : (question.options ?? (field.options ?? []).map((code) => ({ value: code, label: { en: code } })))
            .filter((o) => !field.options || field.options.includes(o.value))
            .map((o) => ({
              value: o.value,
              label: translated(o.label, props.language, props.fallbackLanguage),
            }));
    if (flavour) choices.push({ value: `nf:${flavour}`, label: unknownLabel });
    const selected = unknown
      ? `nf:${(value as { nullFlavor: string }).nullFlavor}`
      : value === undefined || value === null
        ? null
        : String(value);
    const pick = (next: string | null) => {
      if (next === null || next === '') return props.onChange(undefined);
      if (next.startsWith('nf:')) return props.onChange({ nullFlavor: next.slice(3) });
      props.onChange(field.kind === 'boolean' ? next === 'true' : next);
    };
    // A native list beyond a few choices: phones show their own picker, and the public form
    // does not pay for a combobox (its JavaScript budget, decision 0039).
    if (choices.length > RADIO_LIMIT)
      return (
        <NativeField {...wrapper}>
          {(aria) => (
            <select
              id={id}
              className={nativeField.input}
              {...aria}
              value={selected ?? ''}
              disabled={props.disabled}
              onChange={(event) => pick(event.currentTarget.value)}
              onBlur={props.onBlur}
            >
              {[{ value: '', label: t('reporting.renderer.choose') }, ...choices].map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </NativeField>
      );
    return (
      <NativeRadioGroup
        id={`${id}-group`}
        name={id}
        label={shownLabel}
        description={description}
        error={props.error}
        choices={choices.map((choice, index) => ({ ...choice, id: index === 0 ? id : `${id}-${index}` }))}
        selected={selected}
        onChange={pick}
        onBlur={props.onBlur}
        disabled={props.disabled}
      />
    );
  }

  if (field.kind === 'date')
    return (
      <Stack gap="xs">
        <PartialDateInput
          id={id}
          label={shownLabel}
          description={description ?? t('reporting.renderer.dateHint')}
          error={props.error}
          required={props.required}
          value={typeof value === 'string' ? value : undefined}
          disabled={props.disabled || unknown}
          onChange={(next) => props.onChange(next)}
          onBlur={props.onBlur}
        />
        {unknownBox}
      </Stack>
    );

  if (field.kind === 'quantity') {
    const q = (value ?? {}) as { value?: string; unit?: string };
    const update = (patch: { value?: string; unit?: string }) => {
      const next = { value: q.value ?? '', unit: q.unit ?? 'a', ...patch };
      props.onChange(next.value === '' ? undefined : next);
    };
    return (
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <div style={{ width: 160 }}>
          <NativeField {...wrapper}>
            {(aria) => (
              <input
                id={id}
                className={nativeField.input}
                {...aria}
                inputMode="decimal"
                value={q.value ?? ''}
                disabled={props.disabled}
                onChange={(event) => update({ value: event.currentTarget.value.trim() })}
                onBlur={props.onBlur}
              />
            )}
          </NativeField>
        </div>
        <select
          id={`${id}-unit`}
          className={nativeField.input}
          style={{ width: 'auto', marginBottom: props.error ? 22 : 0 }}
          aria-label={t('reporting.renderer.unit', { label })}
          disabled={props.disabled}
          value={q.unit ?? 'a'}
          onChange={(event) => update({ unit: event.currentTarget.value })}
        >
          {AGE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`reporting.renderer.units.${unit}`)}
            </option>
          ))}
        </select>
      </Group>
    );
  }

  if (field.kind === 'attachment' || field.kind === 'list' || field.kind === 'group') {
    // Files go with the report's attachments, lists are the repeating blocks: not asked here.
    return null;
  }

  const shown = unknown
    ? ''
    : typeof value === 'string'
      ? value
      : field.kind === 'coded'
        ? String((value as { code?: string })?.code ?? '')
        : '';
  const onText = (raw: string) =>
    field.kind === 'coded' ? props.onChange(raw === '' ? undefined : { code: raw }) : text(raw);
  const long = (field.maxLength ?? 0) > 500;
  return (
    <Stack gap="xs">
      <NativeField {...wrapper}>
        {(aria) =>
          long ? (
            <textarea
              id={id}
              className={nativeField.input}
              {...aria}
              rows={4}
              value={shown}
              disabled={props.disabled || unknown}
              onChange={(event) => onText(event.currentTarget.value)}
              onBlur={props.onBlur}
            />
          ) : props.suggestMedicines && field.kind === 'text' && MEDICINE_NAME.test(field.e2b) ? (
            <SuggestedText
              suggest={props.suggestMedicines}
              id={id}
              className={nativeField.input}
              {...aria}
              value={shown}
              maxLength={field.maxLength}
              disabled={props.disabled || unknown}
              onChange={(event) => onText(event.currentTarget.value)}
              onBlur={props.onBlur}
            />
          ) : (
            <input
              id={id}
              className={nativeField.input}
              {...aria}
              value={shown}
              maxLength={field.maxLength}
              disabled={props.disabled || unknown}
              inputMode={field.pattern?.startsWith('^\\d') ? 'decimal' : undefined}
              onChange={(event) => onText(event.currentTarget.value)}
              onBlur={props.onBlur}
            />
          )
        }
      </NativeField>
      {unknownBox}
    </Stack>
  );
}
