import { Stack } from '@mantine/core';
import { type EdqmCoding, EdqmPicker } from '../../pickers/EdqmPicker.tsx';
import type { PickerQuestionProps } from '../picker-kinds.ts';

const isCoding = (value: unknown): value is EdqmCoding =>
  typeof value === 'object' && value !== null && typeof (value as EdqmCoding).code === 'string';

/** A dose form (G.k.4.r.9.2) or route (G.k.4.r.10.2, G.k.4.r.11.2) question: the EDQM picker. */
export function EdqmQuestion(props: PickerQuestionProps & { edqmClass: 'PDF' | 'ROA' }) {
  return (
    <Stack gap="xs">
      <EdqmPicker
        id={props.id}
        label={props.label}
        description={props.description}
        error={props.error}
        edqmClass={props.edqmClass}
        language={props.language}
        value={isCoding(props.value) ? props.value : undefined}
        disabled={props.disabled}
        onChange={(coding) => props.onChange(coding)}
      />
      {props.unknownBox}
    </Stack>
  );
}
