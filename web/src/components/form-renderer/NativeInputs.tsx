import {
  type CSSProperties,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { NativeField, nativeField } from './NativeField.tsx';

/** What each native input takes beside its element's own attributes: the words around it. */
interface Around {
  /** The control's id (a generated one if none is given). */
  id?: string;
  label: string;
  description?: string;
  error?: string;
  /** The field's width or flex (a Mantine input's `w`, `maw` or `style`). */
  style?: CSSProperties;
}

/**
 * Text boxes and lists as native elements drawn like Mantine's inputs (NativeField.module.css),
 * label, hint and error tied to the control: the case view and its form do not load Mantine's
 * `Input`, `TextInput`, `Textarea` and `NativeSelect` (decision 0326), as the public form does
 * not (decision 0123).
 */
export function NativeTextInput({
  id,
  label,
  description,
  error,
  style,
  ...input
}: Around & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'style'>) {
  const own = useId();
  id ??= own;
  return (
    <NativeField {...{ id, label, description, error, style }} required={input.required}>
      {(aria) => <input type="text" id={id} className={nativeField.input} {...aria} {...input} />}
    </NativeField>
  );
}

export function NativeTextarea({
  id,
  label,
  description,
  error,
  style,
  ...textarea
}: Around & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'style'>) {
  const own = useId();
  id ??= own;
  return (
    <NativeField {...{ id, label, description, error, style }} required={textarea.required}>
      {(aria) => <textarea id={id} className={nativeField.input} {...aria} {...textarea} />}
    </NativeField>
  );
}

export function NativeSelectField({
  id,
  label,
  description,
  error,
  style,
  data,
  ...select
}: Around & { data: { value: string; label: string }[] } & Omit<
    SelectHTMLAttributes<HTMLSelectElement>,
    'id' | 'style' | 'children'
  >) {
  const own = useId();
  id ??= own;
  return (
    <NativeField {...{ id, label, description, error, style }} required={select.required}>
      {(aria) => (
        <select id={id} className={nativeField.input} {...aria} {...select}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </NativeField>
  );
}
