import { Stack } from '@mantine/core';
import { type MeddraCoding, MeddraPicker } from '../../pickers/MeddraPicker.tsx';
import type { PickerQuestionProps } from '../picker-kinds.ts';

/** The words as reported that sit beside each MedDRA field of the case document, by E2B id. */
const VERBATIM: Record<string, string> = {
  'E.i.2.1': 'nativeTerm',
  'G.k.7.r.2': 'text',
  'D.9.2.r.1': 'text',
  'D.9.4.r.1': 'text',
  'F.r.2.2': 'name',
};

const isCoding = (value: unknown): value is MeddraCoding =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as MeddraCoding).code === 'string' &&
  typeof (value as MeddraCoding).version === 'string';

/** A MedDRA question (E.i.2.1, indications, causes of death…): the MedDRA picker, `{version, code}`. */
export function MeddraQuestion(props: PickerQuestionProps) {
  const name = VERBATIM[props.field.e2b];
  const words = name ? props.sibling?.(name) : undefined;
  const verbatim = typeof words === 'string' && words.trim() !== '' ? words : undefined;
  return (
    <Stack gap="xs">
      <MeddraPicker
        id={props.id}
        label={props.label}
        description={props.description}
        error={props.error}
        value={isCoding(props.value) ? props.value : undefined}
        verbatim={verbatim}
        initialQuery={verbatim}
        disabled={props.disabled}
        onChange={(coding) => props.onChange(coding)}
      />
      {props.unknownBox}
    </Stack>
  );
}
