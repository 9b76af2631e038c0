import classes from './NativeChoice.module.css';
import { describedBy, nativeField } from './NativeField.tsx';

export interface Choice {
  value: string;
  label: string;
  /** The radio's id (a label or a finding's link points at it). */
  id: string;
}

interface RadioGroupProps {
  /** The group's id: its label, hint and error are named after it. */
  id: string;
  /** The radios' shared `name`. */
  name: string;
  label: string;
  description?: string;
  error?: string;
  choices: Choice[];
  selected: string | null;
  onChange: (value: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  /** The choices side by side rather than one under another. */
  inline?: boolean;
}

/**
 * Radios as native elements drawn like Mantine's (NativeChoice.module.css), labelled as a
 * radiogroup: the public form and the case form do not load Mantine's `Radio` (their JavaScript
 * budgets, decisions 0039 and 0326).
 */
export function NativeRadioGroup(props: RadioGroupProps) {
  const aria = describedBy(props.id, props.description, props.error);
  return (
    <div id={props.id} role="radiogroup" aria-labelledby={`${props.id}-label`} className={nativeField.field}>
      <div id={`${props.id}-label`} className={nativeField.label}>
        {props.label}
      </div>
      {props.description ? (
        <p id={`${props.id}-description`} className={nativeField.description}>
          {props.description}
        </p>
      ) : null}
      <div
        className={[classes.list, props.inline && classes.inline, props.error && classes.invalid]
          .filter(Boolean)
          .join(' ')}
      >
        {props.choices.map((choice) => (
          <label key={choice.value} className={classes.choice}>
            <input
              type="radio"
              id={choice.id}
              name={props.name}
              value={choice.value}
              checked={props.selected === choice.value}
              disabled={props.disabled}
              {...aria}
              onChange={() => props.onChange(choice.value)}
              onBlur={props.onBlur}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
      {props.error ? (
        <p id={`${props.id}-error`} className={nativeField.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

interface CheckboxProps {
  id: string;
  label: string;
  description?: string;
  error?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  disabled?: boolean;
}

/** One box with its label, hint and error, native and drawn like Mantine's `Checkbox`. */
export function NativeCheckbox(props: CheckboxProps) {
  return (
    <div className={`${nativeField.field} ${props.error ? classes.invalid : ''}`}>
      <label className={classes.choice}>
        <input
          type="checkbox"
          id={props.id}
          checked={props.checked}
          disabled={props.disabled}
          {...describedBy(props.id, props.description, props.error)}
          onChange={(event) => props.onChange(event.currentTarget.checked)}
          onBlur={props.onBlur}
        />
        <span>{props.label}</span>
      </label>
      {props.description ? (
        <p id={`${props.id}-description`} className={nativeField.description}>
          {props.description}
        </p>
      ) : null}
      {props.error ? (
        <p id={`${props.id}-error`} className={nativeField.error}>
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
