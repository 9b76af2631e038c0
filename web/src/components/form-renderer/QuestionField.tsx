import { Group, Input, InputBase, NativeSelect, Stack, TextInput } from '@mantine/core';
import type { FormField, FormQuestion } from '@vigilo/contract';
import { useTranslation } from 'react-i18next';
import { isNullFlavour, unknownFlavour } from './answers.ts';
import classes from './NativeChoice.module.css';
import { PartialDateInput } from './PartialDateInput.tsx';
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
  value: unknown;
  error?: string;
  disabled?: boolean;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
}

/** A code field offers radios up to this many choices, a list beyond. */
const RADIO_LIMIT = 7;
const AGE_UNITS = ['a', 'mo', 'wk', 'd'] as const;

/** One question of a form, drawn for its kind of field, with "I don't know" where E2B allows it. */
export function QuestionField(props: QuestionFieldProps) {
  const { t } = useTranslation();
  const { field, question, value, id } = props;
  const label = translated(question.label, props.language, props.fallbackLanguage);
  const shownLabel = props.required ? label : t('reporting.renderer.optional', { label });
  const description = translated(question.help, props.language, props.fallbackLanguage) || undefined;
  const flavour = unknownFlavour(field.nullFlavours);
  const unknown = isNullFlavour(value);
  const unknownLabel = t('reporting.renderer.unknown');
  const common = {
    label: shownLabel,
    description,
    error: props.error,
    disabled: props.disabled,
    onBlur: props.onBlur,
  };
  const text = (raw: string) => props.onChange(raw === '' ? undefined : raw);

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

  if (field.kind === 'code' || field.kind === 'boolean') {
    const choices =
      field.kind === 'boolean'
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
        <NativeSelect
          id={id}
          {...common}
          data={[{ value: '', label: t('reporting.renderer.choose') }, ...choices]}
          value={selected ?? ''}
          onChange={(event) => pick(event.currentTarget.value)}
        />
      );
    const groupId = `${id}-group`;
    const describedBy =
      [props.error ? `${groupId}-error` : null, description ? `${groupId}-description` : null]
        .filter(Boolean)
        .join(' ') || undefined;
    return (
      <Input.Wrapper
        id={groupId}
        label={shownLabel}
        labelElement="div"
        description={description}
        error={props.error}
        role="radiogroup"
        aria-labelledby={`${groupId}-label`}
      >
        <div className={`${classes.list} ${props.error ? classes.invalid : ''}`}>
          {choices.map((choice, index) => (
            <label key={choice.value} className={classes.choice}>
              <input
                type="radio"
                id={index === 0 ? id : `${id}-${index}`}
                name={id}
                value={choice.value}
                checked={selected === choice.value}
                disabled={props.disabled}
                aria-invalid={props.error ? true : undefined}
                aria-describedby={describedBy}
                onChange={() => pick(choice.value)}
                onBlur={props.onBlur}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      </Input.Wrapper>
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
        <TextInput
          id={id}
          {...common}
          inputMode="decimal"
          w={160}
          value={q.value ?? ''}
          onChange={(event) => update({ value: event.currentTarget.value.trim() })}
        />
        <NativeSelect
          id={`${id}-unit`}
          aria-label={t('reporting.renderer.unit', { label })}
          disabled={props.disabled}
          value={q.unit ?? 'a'}
          onChange={(event) => update({ unit: event.currentTarget.value })}
          data={AGE_UNITS.map((unit) => ({ value: unit, label: t(`reporting.renderer.units.${unit}`) }))}
          mb={props.error ? 22 : 0}
        />
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
      {long ? (
        <InputBase
          component="textarea"
          id={id}
          {...common}
          classNames={{ input: classes.textarea }}
          rows={4}
          value={shown}
          disabled={props.disabled || unknown}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      ) : (
        <TextInput
          id={id}
          {...common}
          value={shown}
          maxLength={field.maxLength}
          disabled={props.disabled || unknown}
          inputMode={field.pattern?.startsWith('^\\d') ? 'decimal' : undefined}
          onChange={(event) => onText(event.currentTarget.value)}
        />
      )}
      {unknownBox}
    </Stack>
  );
}
