import { Button, Group, Loader } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './Pickers.module.css';

/**
 * Whether a picker shows its type-ahead (choosing) or the chosen term. It starts choosing
 * when nothing is chosen, and goes back to choosing when the value is taken away; after a
 * choice the focus moves to the "Change" button, where the keyboard user expects it.
 */
export function useChoosing(empty: boolean) {
  const [choosing, setChoosing] = useState(empty);
  const changeButton = useRef<HTMLButtonElement>(null);
  const justChose = useRef(false);
  useEffect(() => {
    if (empty) setChoosing(true);
  }, [empty]);
  useEffect(() => {
    if (!choosing && justChose.current) {
      justChose.current = false;
      changeButton.current?.focus();
    }
  }, [choosing]);
  /** A term was chosen: show it, the focus on "Change". */
  const chose = () => {
    justChose.current = true;
    setChoosing(false);
  };
  /** What `ChosenTerm` needs to go back to choosing, spread into it. */
  const change = { changeButton, onChange: () => setChoosing(true) };
  return { choosing, setChoosing, chose, change };
}

/**
 * The chosen term in its box under the field's name, with "Change" and "Remove" (none when
 * read only), and the field's error. `beside` stands before the box (the reporter's words).
 */
export function ChosenTerm(props: {
  id: string;
  label: string;
  error?: string;
  disabled?: boolean;
  readOnly?: boolean;
  changeButton: RefObject<HTMLButtonElement | null>;
  onChange: () => void;
  onRemove: () => void;
  beside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const box = (
    <div className={classes.box} data-testid={`${props.id}-chosen`}>
      {props.children}
    </div>
  );
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.name}>{props.label}</legend>
      {props.beside === undefined ? (
        box
      ) : (
        <div className={props.beside ? classes.pair : undefined}>
          {props.beside}
          {box}
        </div>
      )}
      {props.readOnly ? null : (
        <Group gap="xs" mt="xs">
          <Button
            ref={props.changeButton}
            variant="default"
            size="compact-sm"
            disabled={props.disabled}
            onClick={props.onChange}
          >
            {t('pickers.change')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            disabled={props.disabled}
            onClick={props.onRemove}
          >
            {t('pickers.remove')}
          </Button>
        </Group>
      )}
      {props.error ? (
        <p
          id={`${props.id}-error`}
          className={classes.status}
          style={{ color: 'var(--mantine-color-error)' }}
        >
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The stored term of a chosen code: `found` once read, a spinner while it is read, or the code
 * with `notFound` (the list no longer holds it).
 */
export function StoredTerm(props: { found: ReactNode; pending: boolean; code: string; notFound: string }) {
  const { t } = useTranslation();
  if (props.found) return props.found;
  if (props.pending) return <Loader size="xs" aria-label={t('pickers.searching')} />;
  return (
    <>
      <span className={classes.code}>{props.code}</span>
      <span className={classes.path}>{props.notFound}</span>
    </>
  );
}
