/**
 * Why the last session ended, kept for the sign-in page to say (decision 0038), and the
 * drafts of forms that were open, kept in this tab until the same user signs in again.
 * sessionStorage: gone when the tab closes, never shared with other tabs or people.
 */
export type SessionEndReason = 'timeout' | 'ended';

const reasonKey = 'vigilo.sessionEnd';
const draftPrefix = 'vigilo.draft.';

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};

/** Notes why the session ended; the first reason given stands (a timeout is not also "ended"). */
export function noteSessionEnd(reason: SessionEndReason): void {
  try {
    if (storage()?.getItem(reasonKey)) return;
    storage()?.setItem(reasonKey, reason);
  } catch {
    // Not kept: the sign-in page just says nothing about why.
  }
}

export function peekSessionEnd(): SessionEndReason | null {
  const value = storage()?.getItem(reasonKey) ?? null;
  return value === 'timeout' || value === 'ended' ? value : null;
}

/** Forgets the reason once said: the message is for the sign-in that follows, not later visits. */
export function forgetSessionEnd(): void {
  storage()?.removeItem(reasonKey);
}

const draftKey = (userId: string, form: string) => `${draftPrefix}${userId}.${form}`;

export function saveDraft(userId: string, form: string, value: unknown): void {
  try {
    storage()?.setItem(draftKey(userId, form), JSON.stringify(value));
  } catch {
    // Full or blocked storage: the form still works, only without the safety net.
  }
}

export function readDraft<T>(userId: string, form: string): T | null {
  try {
    const raw = storage()?.getItem(draftKey(userId, form));
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function clearDraft(userId: string, form: string): void {
  storage()?.removeItem(draftKey(userId, form));
}

/** A deliberate sign-out forgets every draft: the next person at this computer must not see them. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) if (key.startsWith(draftPrefix)) store.removeItem(key);
}
