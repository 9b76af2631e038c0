/**
 * Optimistic concurrency in the web app (decision 0049): a save sends `If-Match` with the
 * version the form was opened on; when someone else saved in between, the server answers
 * 412 PRECONDITION_FAILED with the resource as it is now. These helpers read that answer and
 * work out what to show: which fields the other person changed, and which of those the user
 * changed too.
 */

/** The header that makes a save refuse to overwrite a newer version. */
export function ifMatch(version: number): Record<string, string> {
  return { 'if-match': `"${version}"` };
}

export interface StaleWrite<T> {
  /** The resource as it is stored now. */
  current: T;
  currentVersion: number;
}

/** The 412 answer's current resource, or null when `error` is anything else. */
export function readStaleWrite<T>(error: unknown): StaleWrite<T> | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, meta } = error as { status?: unknown; meta?: unknown };
  if (status !== 412 || typeof meta !== 'object' || meta === null) return null;
  const { current, currentVersion } = meta as { current?: unknown; currentVersion?: unknown };
  if (typeof current !== 'object' || current === null || typeof currentVersion !== 'number') return null;
  return { current: current as T, currentVersion };
}

export interface FieldDifference {
  key: string;
  /** What the user saw when they opened the form. */
  base: unknown;
  /** What is stored now. */
  theirs: unknown;
  /** What the user tried to save. */
  mine: unknown;
  /** The user changed this field (otherwise saving keeps theirs). */
  mineChanged: boolean;
  /** Both changed the field, to different values: saving mine overwrites theirs. */
  conflict: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `mine` that the other save touched, or that now differ from what the user
 * would save: the rows of the "someone else changed this" table.
 */
export function staleDifferences(base: object, theirs: object, mine: object): FieldDifference[] {
  const [b, th, m] = [base, theirs, mine] as Record<string, unknown>[];
  return diff(b!, th!, m!);
}

function diff(
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  mine: Record<string, unknown>,
): FieldDifference[] {
  return Object.keys(mine)
    .filter((key) => !same(base[key], theirs[key]))
    .map((key) => ({
      key,
      base: base[key],
      theirs: theirs[key],
      mine: mine[key],
      mineChanged: !same(mine[key], base[key]),
      conflict: !same(mine[key], base[key]) && !same(mine[key], theirs[key]),
    }));
}

/**
 * What "save my version" sends: the user's own edits on top of the stored version. A field
 * the user left alone takes the other person's value, so saving never undoes their change
 * to a field the user did not touch.
 */
export function mergeMine<T extends object>(base: object, theirs: object, mine: T): T {
  const [b, th, m] = [base, theirs, mine] as Record<string, unknown>[];
  const merged: Record<string, unknown> = { ...m };
  for (const key of Object.keys(m!)) if (same(m![key], b![key])) merged[key] = th![key];
  return merged as T;
}
