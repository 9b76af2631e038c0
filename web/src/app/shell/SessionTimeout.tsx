import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { noteSessionEnd } from '../../lib/session-end.ts';

/** How long before the end the warning shows: two minutes, or half the session for short ones. */
export function warningLead(lifetimeMs: number): number {
  return Math.max(0, Math.min(120_000, lifetimeMs / 2));
}

// The dialog's code (Mantine's modal, its focus trap and scroll lock) loads when the warning is
// due, not with every signed-in page (decision 0323).
const SessionWarning = lazy(() =>
  import('./SessionWarning.tsx').then((m) => ({ default: m.SessionWarning })),
);

/**
 * "You will be signed out soon" (decision 0038, UX.md: never time anyone out silently). The
 * session ends when its refresh token's idle (or absolute) expiry passes; the server says when
 * (`expiresAt`, `endsAt`). Before it: a dialog with "Stay signed in", which renews the session.
 * At it: the session is closed here, the sign-in page says why, and form drafts are kept.
 */
export function SessionTimeout() {
  const { t } = useTranslation();
  const api = useApi();
  const { session } = useAuth();
  const expiresAt = session?.expiresAt ? Date.parse(session.expiresAt) : null;
  const endsAt = session?.endsAt ? Date.parse(session.endsAt) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the moment this expiry was learned.
  const learnedAt = useMemo(() => Date.now(), [expiresAt]);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (expiresAt === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const over = expiresAt !== null && now >= expiresAt;
  useEffect(() => {
    if (!over) return;
    noteSessionEnd('timeout');
    api.clearSession();
  }, [over, api]);

  if (expiresAt === null || Number.isNaN(expiresAt)) return null;
  const warn = now >= expiresAt - warningLead(expiresAt - learnedAt);
  // Renewing cannot pass the absolute end: then the dialog only says when it comes.
  const canExtend = endsAt === null || endsAt > expiresAt + 1000;
  const seconds = Math.max(0, Math.ceil((expiresAt - now) / 1000));
  const time =
    seconds > 90
      ? t('session.minutes', { count: Math.round(seconds / 60) })
      : t('session.seconds', { count: seconds });

  if (!warn || over) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarning time={time} canExtend={canExtend} />
    </Suspense>
  );
}
