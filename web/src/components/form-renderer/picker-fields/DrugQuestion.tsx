import { Stack } from '@mantine/core';
import { DrugPicker } from '../../pickers/DrugPicker.tsx';
import type { PickerQuestionProps } from '../picker-kinds.ts';

/**
 * A medicinal product: its name as reported (G.k.2.2, D.8.r.1), free text with the
 * organisation's products suggested, or its identifier (MPID, G.k.2.1.1, D.8.r.2) chosen from
 * the list (decision 0160).
 */
export function DrugQuestion(props: PickerQuestionProps) {
  const common = {
    id: props.id,
    label: props.label,
    description: props.description,
    error: props.error,
    disabled: props.disabled,
  };
  const { value } = props;
  return (
    <Stack gap="xs">
      {props.field.kind === 'text' ? (
        <DrugPicker
          {...common}
          mode="name"
          value={typeof value === 'string' ? value : undefined}
          onChange={props.onChange}
        />
      ) : (
        <DrugPicker
          {...common}
          mode="code"
          value={
            typeof value === 'object' &&
            value !== null &&
            typeof (value as { code?: unknown }).code === 'string'
              ? { code: (value as { code: string }).code }
              : undefined
          }
          onChange={props.onChange}
        />
      )}
      {props.unknownBox}
    </Stack>
  );
}
