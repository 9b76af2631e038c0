import { useEffect, useRef, useState } from 'react';
import { useAuth } from './auth.tsx';
import { clearDraft, readDraft, saveDraft } from './session-end.ts';

/**
 * Keeps what a form holds in this tab while it differs from what the form started with, so
 * a session that times out loses nothing: after signing in again (same user, same tab) the
 * form opens with the draft and says so (decision 0038). `clear` after a successful save.
 */
export function useFormDraft<T>(form: string, values: T, restore: (draft: T) => void) {
  const userId = useAuth().session?.userId ?? null;
  const initial = useRef(JSON.stringify(values));
  const [restored, setRestored] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    if (!userId) return;
    const draft = readDraft<T>(userId, form);
    if (draft !== null && JSON.stringify(draft) !== initial.current) {
      restore(draft);
      setRestored(true);
    }
  }, []);
  const serialised = JSON.stringify(values);
  useEffect(() => {
    if (!userId) return;
    if (serialised === initial.current) clearDraft(userId, form);
    else saveDraft(userId, form, JSON.parse(serialised));
  }, [userId, form, serialised]);
  return {
    restored,
    clear: () => {
      if (userId) clearDraft(userId, form);
      initial.current = serialised;
      setRestored(false);
    },
  };
}
