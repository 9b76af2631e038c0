import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeField, nativeField } from '../form-renderer/NativeField.tsx';
import classes from './Pickers.module.css';

export interface TypeAheadProps<T> {
  /** The input's id (a label or an error summary points at it). */
  id: string;
  label: string;
  description?: string;
  error?: string;
  /** Answers the options for a query; `signal` aborts when a newer query replaces it. */
  search: (query: string, signal: AbortSignal) => Promise<T[]>;
  optionKey: (item: T) => string;
  renderOption: (item: T) => ReactNode;
  /** Shown but not selectable (a non-current MedDRA term). */
  isDisabled?: (item: T) => boolean;
  onSelect: (item: T) => void;
  /** Free text with suggestions: choosing puts this text in the box (and does not search it again). */
  optionText?: (item: T) => string;
  /** Fewer characters than this ask for more instead of searching (default 2). */
  minLength?: number;
  /** Wait this long after the last key before searching (default 250 ms). */
  debounceMs?: number;
  initialQuery?: string;
  /** The text, when the caller keeps it (a free-text answer with suggestions). */
  query?: string;
  onQueryChange?: (query: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** The failure of a search in words. */
  failureText: (error: unknown) => string;
}

type Status = 'idle' | 'short' | 'loading' | 'done' | 'error';

/**
 * A type-ahead in the WAI-ARIA combobox pattern (an input with a list box): the search waits
 * for a pause in typing, and a newer query aborts the request of the older one, whose answer is
 * never shown. Up and down move through the options (the input keeps the focus, the option is
 * its `aria-activedescendant`), Enter chooses, Escape closes the list, then clears the text.
 * The list sits under the input in the page's flow, so it never covers what follows on a phone.
 */
export function TypeAhead<T>(props: TypeAheadProps<T>) {
  const { t } = useTranslation();
  const { id, search, minLength = 2, debounceMs = 250 } = props;
  const [ownQuery, setOwnQuery] = useState(props.initialQuery ?? '');
  const query = props.query ?? ownQuery;
  const setQuery = (next: string) => {
    if (props.query === undefined) setOwnQuery(next);
    props.onQueryChange?.(next);
  };
  const [results, setResults] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState<unknown>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(false);
  /** The text a choice put in the box: not searched again until it changes. */
  const chosenText = useRef<string | null>(null);
  const searchRef = useRef(search);
  searchRef.current = search;
  const listId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const disabledAt = (index: number) => {
    const item = results[index];
    return item === undefined || (props.isDisabled?.(item) ?? false);
  };

  useEffect(() => {
    const trimmed = query.trim();
    if (query === chosenText.current) {
      setStatus('idle');
      setOpen(false);
      return;
    }
    if (trimmed === '') {
      setStatus('idle');
      setResults([]);
      setOpen(false);
      return;
    }
    if (trimmed.length < minLength) {
      setStatus('short');
      setResults([]);
      setOpen(false);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      searchRef.current(trimmed, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setResults(found);
          setStatus('done');
          setActive(-1);
          setOpen(found.length > 0);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setFailure(error);
          setStatus('error');
          setResults([]);
          setOpen(false);
        },
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, minLength, debounceMs]);

  useEffect(() => {
    if (active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (index: number) => {
    const item = results[index];
    if (item === undefined || disabledAt(index)) return;
    setOpen(false);
    setActive(-1);
    if (props.optionText) {
      chosenText.current = props.optionText(item);
      setQuery(chosenText.current);
    }
    props.onSelect(item);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (count === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 && step < 0 ? count - 1 : (current + step + count) % count));
    } else if (event.key === 'Enter') {
      // Never submits the surrounding form while a list is open.
      if (open) event.preventDefault();
      if (open && active >= 0) choose(active);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (query !== '') {
        event.preventDefault();
        setQuery('');
      }
    }
  };

  const statusText =
    status === 'short'
      ? t('pickers.typeMore', { count: minLength })
      : status === 'loading'
        ? t('pickers.searching')
        : status === 'error'
          ? t('pickers.failed', { message: props.failureText(failure) })
          : status === 'done'
            ? results.length === 0
              ? t('pickers.noResults', { query: query.trim() })
              : t('pickers.results', { count: results.length })
            : '';

  return (
    <div className={classes.typeAhead}>
      <NativeField id={id} label={props.label} description={props.description} error={props.error}>
        {(aria) => (
          <input
            id={id}
            className={nativeField.input}
            {...aria}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listId}
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            // biome-ignore lint/a11y/noAutofocus: opened on purpose by the user (Change, Code)
            autoFocus={props.autoFocus}
            disabled={props.disabled}
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={onKeyDown}
            onBlur={() => setOpen(false)}
            onFocus={() => setOpen(results.length > 0)}
          />
        )}
      </NativeField>
      <p className={classes.status} role="status" aria-live="polite">
        {statusText}
      </p>
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox pattern's list box, driven from the input
        role="listbox"
        // Not the input's label, nor containing it: a search by label must find the input alone.
        aria-label={t('pickers.listLabel')}
        className={classes.listbox}
        hidden={!open}
      >
        {results.map((item, index) => {
          const off = disabledAt(index);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the input's arrow keys and Enter drive the list (combobox pattern)
            // biome-ignore lint/a11y/useFocusableInteractive: the input keeps the focus; the option is its aria-activedescendant
            <li
              key={props.optionKey(item)}
              id={optionId(index)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox pattern's list box
              role="option"
              aria-selected={index === active}
              aria-disabled={off || undefined}
              className={classes.option}
              data-active={index === active || undefined}
              data-disabled={off || undefined}
              // Keep the focus in the input while choosing with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(index)}
            >
              {props.renderOption(item)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * One hit of a type-ahead, drawn alike in every picker: the level it is at (MedDRA), its name
 * and code, a flag when it cannot be chosen (with why, for screen readers), and a line under
 * it (its path, its details). Also the chosen term's line.
 */
export function TypeAheadHit(props: {
  level?: string | null;
  name: string;
  code: string | number;
  flag?: { text: string; hint?: string } | null;
  detail?: string | null;
}) {
  return (
    <>
      {props.level ? <span className={classes.level}>{props.level}</span> : null}
      <span className={classes.name}>{props.name}</span> <span className={classes.code}>{props.code}</span>
      {props.flag ? (
        <span className={classes.flag}>
          {props.flag.text}
          {props.flag.hint ? <span className={classes.hidden}>, {props.flag.hint}</span> : null}
        </span>
      ) : null}
      {props.detail !== undefined && props.detail !== null ? (
        <span className={classes.path}>{props.detail}</span>
      ) : null}
    </>
  );
}
