import type { FormField, FormQuestion } from '@vigilo/contract';
import { DoseQuestion } from '../../../components/form-renderer/picker-fields/DoseQuestion.tsx';
import { DrugPicker } from '../../../components/pickers/DrugPicker.tsx';
import { type EdqmCoding, EdqmPicker } from '../../../components/pickers/EdqmPicker.tsx';
import { type MeddraCoding, MeddraPicker } from '../../../components/pickers/MeddraPicker.tsx';
import { type InputProps, wrapperOf } from './inputs.tsx';

/** The pickers the reporting forms and the coding panel use, drawn for the case form's fields. */

const coded = <T extends { code: string }>(value: unknown): T | undefined =>
  typeof value === 'object' && value !== null && typeof (value as T).code === 'string'
    ? (value as T)
    : undefined;

/** A MedDRA term (E.i.2.1, indications, history, tests, diagnoses), the reporter's words beside it. */
export function MeddraField(props: InputProps & { verbatim?: string }) {
  const value = coded<MeddraCoding>(props.value);
  return (
    <MeddraPicker
      {...wrapperOf(props)}
      value={value?.version ? value : undefined}
      verbatim={props.node.verbatim ? (props.verbatim ?? '') : undefined}
      initialQuery={props.verbatim}
      onChange={(coding) =>
        props.onChange(coding ? { version: coding.version, code: coding.code } : undefined)
      }
    />
  );
}

/** An EDQM dose form (G.k.4.r.9.2) or route (G.k.4.r.10.2, G.k.4.r.11.2). */
export function EdqmField(props: InputProps & { language: string }) {
  return (
    <EdqmPicker
      {...wrapperOf(props)}
      edqmClass={props.node.widget === 'edqmForm' ? 'PDF' : 'ROA'}
      language={props.language}
      value={coded<EdqmCoding>(props.value)}
      onChange={props.onChange}
    />
  );
}

/** A product's name as reported (suggestions from the organisation's list) or its MPID. */
export function ProductField(props: InputProps) {
  const common = wrapperOf(props);
  if (props.node.widget === 'drugName')
    return (
      <DrugPicker
        {...common}
        mode="name"
        value={typeof props.value === 'string' ? props.value : undefined}
        onChange={props.onChange}
      />
    );
  const value = coded<{ code: string }>(props.value);
  return (
    <DrugPicker
      {...common}
      mode="code"
      value={value ? { code: value.code } : undefined}
      onChange={(next) => props.onChange(next ? { ...value, code: next.code } : undefined)}
    />
  );
}

/** A dose, cumulative dose or strength with its UCUM unit: the reporting form's dose input. */
export function DoseField(props: InputProps & { language: string }) {
  const field =
    props.field ?? ({ path: '', e2b: '', kind: 'quantity', required: false, nullFlavours: [] } as FormField);
  const question: FormQuestion = { field: field.path, label: { [props.language]: props.label } };
  return (
    <DoseQuestion
      kind="dose"
      id={props.id}
      field={field}
      question={question}
      language={props.language}
      fallbackLanguage={props.language}
      required={false}
      label={props.label}
      description={props.description}
      error={props.error}
      value={props.value}
      disabled={props.disabled}
      onChange={props.onChange}
      unknownBox={null}
      fallback={null}
    />
  );
}
