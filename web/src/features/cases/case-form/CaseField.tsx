import { Stack, Text } from '@mantine/core';
import type { FormField } from '@vigilo/contract';
import { lookupFormField } from '@vigilo/contract/form-fields-table';
import { memo, type ReactNode } from 'react';
import { NativeSelectField } from '../../../components/form-renderer/NativeInputs.tsx';
import { fieldAnchor } from '../../../lib/case-fields.ts';
import { impliedCriterion } from '../case-document/as-written.ts';
import { type FieldNode, templateOf } from '../case-document/blocks.ts';
import { FieldValue } from '../case-document/CaseDocumentView.tsx';
import { getAt } from '../case-document/paths.ts';
import { useCaseWords } from '../case-document/words.ts';
import { DoseField, EdqmField, MeddraField, ProductField } from './coded-inputs.tsx';
import { useCaseForm } from './form-state.ts';
import {
  CodeField,
  CountryField,
  DateField,
  FlagField,
  type InputProps,
  QuantityField,
  TermIdField,
  TextField,
  YesNoField,
} from './inputs.tsx';

const schema = new Map<string, FormField | undefined>();
/** What the case document's schema says of a place (`E.reactions[].outcome`), read once. */
export function fieldOf(path: string): FormField | undefined {
  const template = templateOf(path);
  if (!schema.has(template)) schema.set(template, lookupFormField(template));
  return schema.get(template);
}

/** The id of the input of `path` (its wrapper carries `field-<path>`, which the findings' links name). */
export const inputId = (path: string) => `cf-${path}`;

const parentOf = (path: string) => path.split('.').slice(0, -1).join('.');

function Input(props: InputProps & { language: string; verbatim?: string }): ReactNode {
  switch (props.node.widget) {
    case 'code':
      return <CodeField {...props} />;
    case 'yesNo':
      return <YesNoField {...props} />;
    case 'flag':
      return <FlagField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'country':
      return <CountryField {...props} />;
    case 'termId':
      return <TermIdField {...props} />;
    case 'quantity':
      return props.node.units === 'dose' ? <DoseField {...props} /> : <QuantityField {...props} />;
    case 'meddra':
      return <MeddraField {...props} />;
    case 'edqmForm':
    case 'edqmRoute':
      return <EdqmField {...props} />;
    case 'product':
    case 'drugName':
      return <ProductField {...props} />;
    default:
      return <TextField {...props} />;
  }
}

interface BodyProps {
  node: FieldNode;
  path: string;
  field: FormField | undefined;
  label: string;
  value: unknown;
  errors: string;
  warnings: string;
  /** What the message writes for this field left empty, in words (a seriousness criterion). */
  implied: string | undefined;
  verbatim: string | undefined;
  disabled: boolean;
  language: string;
  change: (path: string, value: unknown) => void;
}

/**
 * The input and its null flavours, drawn again only when what it shows changes: a keystroke in
 * one field leaves the others (and their long lists of countries) alone.
 */
const FieldBody = memo(function FieldBody(props: BodyProps) {
  const words = useCaseWords();
  const { path, field, value } = props;
  const set = (next: unknown) => props.change(path, next);
  const flavours = field?.nullFlavours ?? [];
  const flavour = words.isNullFlavour(value) ? value.nullFlavor : undefined;
  return (
    <Stack gap={4} id={fieldAnchor(path)} data-focus-inside="true">
      <Input
        id={inputId(path)}
        label={props.label}
        node={props.node}
        field={field}
        value={flavour ? undefined : value}
        onChange={set}
        error={props.errors || undefined}
        description={
          [
            props.warnings ? words.t('caseDoc.form.warning', { message: props.warnings }) : '',
            props.implied ? words.t('caseDoc.form.impliedSeriousness', { value: props.implied }) : '',
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        disabled={props.disabled || flavour !== undefined}
        language={props.language}
        verbatim={props.verbatim}
      />
      {flavours.length ? (
        <NativeSelectField
          id={`${inputId(path)}-nf`}
          label={words.t('caseDoc.form.nullFlavourOf', { label: words.label(path) })}
          value={flavour ?? ''}
          disabled={props.disabled}
          onChange={(e) => set(e.currentTarget.value ? { nullFlavor: e.currentTarget.value } : undefined)}
          data={[
            { value: '', label: words.t('caseDoc.form.valueGiven') },
            ...flavours.map((code) => ({ value: code, label: words.nullFlavour(code) })),
          ]}
          style={{ maxWidth: 320 }}
        />
      ) : null}
    </Stack>
  );
});

/**
 * One field of the case form, whatever its widget: its label with the E2B data element id
 * beside it, the input the description names, the null flavours E2B allows there as a choice
 * beside it, and the findings of the draft's check about it (errors as the field's error,
 * warnings under it). Fields Vigilo fills itself are shown, not edited. `change` replaces the
 * form's own (the drug × reaction matrix makes its entry first).
 */
export function CaseField({
  node,
  path,
  change,
}: {
  node: FieldNode;
  path: string;
  change?: (path: string, value: unknown) => void;
}) {
  const form = useCaseForm();
  const words = useCaseWords();
  const field = fieldOf(path);
  const value = getAt(form.draft, path);
  const label = field?.e2b ? `${words.label(path)} (${field.e2b})` : words.label(path);
  if (node.system)
    return (
      <div id={fieldAnchor(path)}>
        <Text size="sm" fw={500}>
          {label}
        </Text>
        <Text size="sm">
          <FieldValue node={node} value={value} />
        </Text>
        <Text size="xs" c="dimmed">
          {words.t('caseDoc.systemNote')}
        </Text>
      </div>
    );
  const findings = form.findingsAt(path);
  const implied = value === undefined ? impliedCriterion(form.draft, path) : undefined;
  const verbatim = node.verbatim ? getAt(form.draft, `${parentOf(path)}.${node.verbatim}`) : undefined;
  return (
    <FieldBody
      node={node}
      path={path}
      field={field}
      label={label}
      value={value}
      errors={findings
        .filter((f) => f.severity === 'error')
        .map((f) => f.message)
        .join(' ')}
      warnings={findings
        .filter((f) => f.severity === 'warning')
        .map((f) => f.message)
        .join(' ')}
      implied={implied === undefined ? undefined : (words.plain(node, implied) ?? undefined)}
      verbatim={typeof verbatim === 'string' ? verbatim : undefined}
      disabled={form.disabled}
      language={form.language}
      change={change ?? form.change}
    />
  );
}
