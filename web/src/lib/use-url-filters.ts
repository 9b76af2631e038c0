import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** What a filter may hold: text, a list of codes, a switch, or a number (the page). */
export type FilterValue = string | readonly string[] | boolean | number;
export type Filters = Record<string, FilterValue>;

/** Values a list filter may take; anything else in the address is dropped. */
export type AllowedValues<T extends Filters> = Partial<Record<keyof T, readonly string[]>>;

function readValue(params: URLSearchParams, key: string, fallback: FilterValue, allowed?: readonly string[]) {
  if (Array.isArray(fallback)) {
    const values = params.getAll(key).filter((v) => v !== '');
    return allowed ? values.filter((v) => allowed.includes(v)) : values;
  }
  const raw = params.get(key);
  if (raw === null) return fallback;
  if (typeof fallback === 'boolean') return raw === 'true' || raw === '1';
  if (typeof fallback === 'number') {
    const n = Number(raw);
    return Number.isSafeInteger(n) && n >= 1 ? n : fallback;
  }
  return raw;
}

/** The address's query for `filters`: only what differs from the defaults, lists repeated (`role=a&role=b`). */
export function filtersToParams<T extends Filters>(filters: T, defaults: T): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of Object.keys(defaults)) {
    const value = filters[key];
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else if (value !== undefined && value !== defaults[key] && value !== '') params.set(key, String(value));
  }
  return params;
}

/**
 * A filter change is drawn at once, not as a transition the router may drop: when Back came
 * before a new search had been drawn, the screen went back to filters it had never left, and
 * the form (remounted when the filters change) kept the text of the search that was undone.
 */
const committedAtOnce = { flushSync: true } as const;

/**
 * A list's filters kept in the address (`?query=ada&role=assessor&page=2`), so they survive a
 * reload, can be bookmarked or shared, and Back returns to the previous filters: each change
 * is a new history entry. `defaults` gives every key with its type; values the address holds
 * for other keys are kept untouched. The users list uses it; the inbox will too.
 */
export function useUrlFilters<T extends Filters>(
  defaults: T,
  allowed: AllowedValues<T> = {},
): [T, (next: T) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `params`, whose identity changes on every render.
  const filters = useMemo(() => {
    const read = {} as Record<string, FilterValue>;
    for (const [name, fallback] of Object.entries(defaults))
      read[name] = readValue(params, name, fallback, allowed[name as keyof T]);
    return read as T;
  }, [key]);
  const setFilters = useCallback(
    (next: T) => {
      setParams((current) => {
        const updated = filtersToParams(next, defaults);
        for (const [name, value] of current.entries()) if (!(name in defaults)) updated.append(name, value);
        return updated;
      }, committedAtOnce);
    },
    [setParams, defaults],
  );
  return [filters, setFilters];
}
