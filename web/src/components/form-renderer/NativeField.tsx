import type { CSSProperties, ReactNode } from 'react';
import classes from './NativeField.module.css';

export { classes as nativeField };

/** What the control inside a field carries so that its hint and error are read with it. */
export interface FieldAria {
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/** The ids of a field's hint and error, as `aria-describedby` names them. */
export function describedBy(id: string, description?: string, error?: string): FieldAria {
  const ids = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return { ...(ids ? { 'aria-describedby': ids } : {}), ...(error ? { 'aria-invalid': true as const } : {}) };
}

interface NativeFieldProps {
  /** The control's id: the label points at it, the error summary links to it. */
  id: string;
  label: string;
  description?: string;
  error?: string;
  /** Marks the label as Mantine does for a required input (the control carries `required`). */
  required?: boolean;
  /** The field's own width or flex, as a Mantine input's `w` or `style`. */
  style?: CSSProperties;
  children: (aria: FieldAria) => ReactNode;
}

/** A label, a hint, the control and its error, in Mantine's order and look (decision 0123). */
export function NativeField({ id, label, description, error, required, style, children }: NativeFieldProps) {
  return (
    <div className={classes.field} style={style}>
      <label htmlFor={id} className={classes.label}>
        {label}
        {required ? (
          <span aria-hidden className={classes.required}>
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p id={`${id}-description`} className={classes.description}>
          {description}
        </p>
      ) : null}
      <div className={classes.control}>{children(describedBy(id, description, error))}</div>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
