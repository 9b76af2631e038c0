import { Group } from '@mantine/core';
import type { FormField } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { countryOptions } from '../../../components/form-renderer/countries.ts';
import { NativeCheckbox, NativeRadioGroup } from '../../../components/form-renderer/NativeChoices.tsx';
import {
  NativeSelectField,
  NativeTextarea,
  NativeTextInput,
} from '../../../components/form-renderer/NativeInputs.tsx';
import { PartialDateInput } from '../../../components/form-renderer/PartialDateInput.tsx';
import { ucumProblem } from '../../../components/pickers/ucum.ts';
import type { FieldNode } from '../case-document/blocks.ts';
import { useCaseWords } from '../case-document/words.ts';
import { FREE_UNITS, UNITS } from './units.ts';

/** What every input of the case form gets from the field renderer (CaseField). */
export interface InputProps {
  /** The input's id (its label and the findings' links point at it). */
  id: string;
  /** The label with the data element id beside it ("Sex (D.5)"). */
  label: string;
  node: FieldNode;
  /** What the schema says of the field (lookupFormField): options, length, null flavours. */
  field: FormField | undefined;
  /** The value, never a null flavour (CaseField offers those beside the input). */
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  description?: string;
  disabled: boolean;
}

/** The props every Mantine input of the form takes from the field renderer. */
export const wrapperOf = (p: InputProps) => ({
  id: p.id,
  label: p.label,
  description: p.description,
  error: p.error,
  disabled: p.disabled,
});

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const orUndefined = (raw: string) => (raw === '' ? undefined : raw);

export function TextField(props: InputProps) {
  const long = props.node.widget === 'longText';
  const common = {
    ...wrapperOf(props),
    value: text(props.value),
    maxLength: props.field?.kind === 'text' ? props.field.maxLength : undefined,
  };
  if (long)
    return (
      <NativeTextarea
        {...common}
        // Not autosize: it measures fonts, which not every environment has; the user can resize.
        rows={3}
        onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      />
    );
  const numeric = props.node.widget === 'number';
  return (
    <NativeTextInput
      {...common}
      inputMode={numeric ? 'decimal' : undefined}
      autoComplete="off"
      // A decimal comma is read as a point, as the server writes numbers.
      onChange={(e) =>
        props.onChange(
          orUndefined(numeric ? e.currentTarget.value.trim().replace(',', '.') : e.currentTarget.value),
        )
      }
    />
  );
}

/** A code from the field's list, each value in words with its code. */
export function CodeField(props: InputProps) {
  const words = useCaseWords();
  const options = props.field?.kind === 'code' ? (props.field.options ?? []) : [];
  return (
    <NativeSelectField
      {...wrapperOf(props)}
      value={text(props.value)}
      onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      data={[
        { value: '', label: words.t('caseDoc.notGiven') },
        ...options.map((code) => ({ value: code, label: `${words.plain(props.node, code)} (${code})` })),
      ]}
    />
  );
}

/** Yes, no, or not given: the seriousness criteria are an explicit choice (decision 0241). */
export function YesNoField(props: InputProps) {
  const words = useCaseWords();
  const current = props.value === true ? 'yes' : props.value === false ? 'no' : '';
  return (
    <NativeRadioGroup
      inline
      id={`${props.id}-group`}
      name={props.id}
      label={props.label}
      description={props.description}
      error={props.error}
      disabled={props.disabled}
      selected={current}
      onChange={(next) => props.onChange(next === 'yes' ? true : next === 'no' ? false : undefined)}
      choices={[
        { value: 'yes', label: words.t('caseDoc.yes'), id: props.id },
        { value: 'no', label: words.t('caseDoc.no'), id: `${props.id}-no` },
        { value: '', label: words.t('caseDoc.notGiven'), id: `${props.id}-unset` },
      ]}
    />
  );
}

/** A value that is given or not (C.2.r.5 "primary for regulatory purposes"): a box. */
export function FlagField(props: InputProps) {
  const given = props.field?.kind === 'code' ? (props.field.options?.[0] ?? true) : true;
  return (
    <NativeCheckbox
      {...wrapperOf(props)}
      checked={props.value !== undefined}
      onChange={(checked) => props.onChange(checked ? given : undefined)}
    />
  );
}

export function CountryField(props: InputProps) {
  const words = useCaseWords();
  return (
    <NativeSelectField
      {...wrapperOf(props)}
      value={text(props.value)}
      onChange={(e) => props.onChange(orUndefined(e.currentTarget.value))}
      data={[
        { value: '', label: words.t('caseDoc.notGiven') },
        ...countryOptions(words.language).map((c) => ({ value: c.value, label: `${c.label} (${c.value})` })),
      ]}
    />
  );
}

export function DateField(props: InputProps) {
  const { t } = useTranslation();
  return (
    <PartialDateInput
      id={props.id}
      label={props.label}
      description={props.description ?? t('reporting.renderer.dateHint')}
      error={props.error}
      required={false}
      value={typeof props.value === 'string' ? props.value : undefined}
      disabled={props.disabled}
      onChange={props.onChange}
    />
  );
}

/** An identifier from a terminology without a picker (PhPID, a substance's term id): its code, its version kept. */
export function TermIdField(props: InputProps) {
  const term = (props.value ?? {}) as { code?: string; version?: string };
  return (
    <NativeTextInput
      {...wrapperOf(props)}
      autoComplete="off"
      value={term.code ?? ''}
      onChange={(e) => {
        const code = e.currentTarget.value.trim();
        props.onChange(code ? { ...term, code } : undefined);
      }}
    />
  );
}

type Quantity = { value?: string; unit?: string; qualifier?: string };
const QUALIFIERS = [
  ['', '='],
  ['<', '<'],
  ['<=', '≤'],
  ['>', '>'],
  ['>=', '≥'],
] as const;

/**
 * A number with its unit: a closed E2B list (age, gestation, duration, interval) as a list; a
 * test result's UCUM unit typed, checked as UCUM writes units, with the qualifier `<`, `≤`,
 * `>`, `≥` before the value (F.r.3.2). Doses use the reporting form's dose input (DoseField).
 */
export function QuantityField(props: InputProps) {
  const words = useCaseWords();
  const { t } = useTranslation();
  const units = props.node.units ?? 'duration';
  const q = (props.value ?? {}) as Quantity;
  const test = units === 'test';
  const update = (patch: Quantity) => {
    const next: Quantity = { ...q, ...patch };
    const empty = !next.value && !next.unit && !next.qualifier;
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== ''));
    props.onChange(empty ? undefined : { value: next.value ?? '', ...clean });
  };
  const problem = FREE_UNITS.has(units) && q.unit ? ucumProblem(q.unit) : null;
  const unitError = problem ? t(`pickers.dose.errors.${problem}`, { unit: q.unit }) : undefined;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ padding: 0, fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 }}>
        {props.label}
      </legend>
      <Group gap="xs" align="flex-start" wrap="wrap">
        {test ? (
          <NativeSelectField
            id={`${props.id}-qualifier`}
            label={words.t('caseDoc.form.qualifier')}
            disabled={props.disabled}
            value={q.qualifier ?? ''}
            onChange={(e) => update({ qualifier: e.currentTarget.value || undefined })}
            data={QUALIFIERS.map(([value, label]) => ({ value, label }))}
            style={{ width: 80 }}
          />
        ) : null}
        <NativeTextInput
          id={props.id}
          label={words.t('caseDoc.form.amount')}
          description={props.description}
          error={props.error}
          disabled={props.disabled}
          inputMode="decimal"
          autoComplete="off"
          value={q.value ?? ''}
          onChange={(e) => update({ value: e.currentTarget.value.trim().replace(',', '.') || undefined })}
          style={{ width: 140 }}
        />
        {FREE_UNITS.has(units) ? (
          <NativeTextInput
            id={`${props.id}-unit`}
            label={words.t('caseDoc.form.unit')}
            description={words.t('caseDoc.form.ucumHint')}
            error={unitError}
            disabled={props.disabled}
            autoComplete="off"
            spellCheck={false}
            value={q.unit ?? ''}
            onChange={(e) =>
              update({ unit: e.currentTarget.value.replace(/[µμ]/g, 'u').trim() || undefined })
            }
            style={{ flex: '1 1 10rem' }}
          />
        ) : (
          <NativeSelectField
            id={`${props.id}-unit`}
            label={words.t('caseDoc.form.unit')}
            disabled={props.disabled}
            value={q.unit ?? ''}
            onChange={(e) => update({ unit: e.currentTarget.value || undefined })}
            data={[
              { value: '', label: words.t('caseDoc.form.chooseUnit') },
              ...UNITS[units].map((code) => ({ value: code, label: words.unit(code) })),
            ]}
            style={{ flex: '1 1 9rem' }}
          />
        )}
      </Group>
    </fieldset>
  );
}
