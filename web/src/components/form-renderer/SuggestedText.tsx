import { useEffect, useId, useState } from 'react';

/** Looks names up as the reporter types: the page gives it (the renderer knows no API). */
export type Suggest = (query: string, signal: AbortSignal) => Promise<string[]>;

/**
 * A text input with suggestions in a native datalist: phones show them above the keyboard,
 * screen readers announce them, and the public form pays for no combobox (decision 0039). Any
 * text typed is kept; a suggestion only fills it in. Asked from two characters, 250 ms after
 * the last keystroke; a failure (offline, too many requests) just shows none.
 */
export function SuggestedText({
  suggest,
  value,
  ...input
}: { suggest: Suggest; value: string } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'list' | 'value'
>) {
  const list = useId();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    const query = value.trim();
    if (query.length < 2) {
      setNames([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      suggest(query, abort.signal).then(
        (found) => setNames(found.filter((name) => name !== value)),
        () => setNames([]),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [suggest, value]);
  return (
    <>
      <input {...input} value={value} list={list} autoComplete="off" />
      <datalist id={list} data-testid="medicine-suggestions">
        {names.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </>
  );
}
