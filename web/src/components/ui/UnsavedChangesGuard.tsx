import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useBlocker } from 'react-router';

interface Props {
  /** There is unsaved work: leaving asks first. */
  dirty: boolean;
  /** What leaving means here; the shell's general sentence by default. */
  lead?: string;
  /**
   * Whether a move from `current` to `next` leaves the work: another page by default. A page
   * that keeps its editor in the address (`?edit=1`) says that losing it leaves too.
   */
  leaves?: (current: Location, next: Location) => boolean;
}

// The dialog's code loads when a move is held, not with every form (decision 0323).
const UnsavedChangesDialog = lazy(() =>
  import('./UnsavedChangesDialog.tsx').then((m) => ({ default: m.UnsavedChangesDialog })),
);

const otherPage = (current: Location, next: Location) => current.pathname !== next.pathname;

/**
 * Leaving with unsaved changes: asked inside the app (a link, Back, a change of the address
 * that `leaves` names), and by the browser on reload or close. The forms editor and the case
 * form share it.
 */
export function UnsavedChangesGuard({ dirty, lead, leaves = otherPage }: Props) {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && leaves(currentLocation, nextLocation),
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // Saved meanwhile (or discarded): a move that was waiting goes ahead.
  useEffect(() => {
    if (!dirty && blocker.state === 'blocked') blocker.proceed();
  }, [dirty, blocker]);
  if (blocker.state !== 'blocked') return null;
  return (
    <Suspense fallback={null}>
      <UnsavedChangesDialog
        lead={lead ?? t('unsavedChanges.lead')}
        onStay={() => blocker.reset?.()}
        onLeave={() => blocker.proceed?.()}
      />
    </Suspense>
  );
}
