import { useCallback, useState } from 'react';

/** The inbox's optional columns; the reference (with the case's name) is always shown. */
export const inboxColumns = [
  'product',
  'reaction',
  'status',
  'serious',
  'due',
  'received',
  'origin',
  'assignee',
  'version',
  'country',
  'updated',
] as const;
export type InboxColumn = (typeof inboxColumns)[number];
/** What triage reads first (issue 25 item 3): what the case is about, then where it stands. */
export const defaultColumns: readonly InboxColumn[] = [
  'product',
  'reaction',
  'status',
  'serious',
  'due',
  'received',
  'origin',
];

const storageKey = (userId: string | null) => `vigilo:inbox-columns:${userId ?? 'anonymous'}`;

/** The columns kept for this user in this browser; anything unknown or broken falls back to the defaults. */
export function readColumns(userId: string | null): InboxColumn[] {
  try {
    const raw = window.localStorage.getItem(storageKey(userId));
    if (!raw) return [...defaultColumns];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [...defaultColumns];
    return inboxColumns.filter((c) => parsed.includes(c));
  } catch {
    return [...defaultColumns];
  }
}

/**
 * The inbox's chosen columns, per user in this browser's local storage (decision 0135): a
 * matter of how one person reads the list, not of which cases it holds, so it is neither in the
 * address nor in a saved search.
 */
export function useInboxColumns(userId: string | null): [InboxColumn[], (next: InboxColumn[]) => void] {
  const [columns, setColumns] = useState(() => readColumns(userId));
  const change = useCallback(
    (next: InboxColumn[]) => {
      const ordered = inboxColumns.filter((c) => next.includes(c));
      setColumns(ordered);
      try {
        window.localStorage.setItem(storageKey(userId), JSON.stringify(ordered));
      } catch {
        // Storage full or refused (private browsing): the choice holds for this visit only.
      }
    },
    [userId],
  );
  return [columns, change];
}
