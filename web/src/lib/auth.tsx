import { useQueryClient } from '@tanstack/react-query';
import type { SessionState } from '@vigilo/client';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';
import { useApi } from './api-context.tsx';
import { readApiFailure } from './api-errors.ts';
import { clearAllDrafts, noteSessionEnd } from './session-end.ts';

export interface AuthContextValue {
  /** The signed-in session, or null when signed out (or half-way through an MFA sign-in). */
  session: SessionState | null;
  isAuthenticated: boolean;
  /** Ends the session on the server (best effort) and always locally. */
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Signed in means a token and a user id. While an MFA code is awaited the client holds the
 * MFA session id as its token but no user, and that is not a session for the app.
 */
export function isSignedIn(session: SessionState): boolean {
  return Boolean(session.token && session.userId);
}

/**
 * True for answers that mean the session is over for good. The client refreshes on 403 and
 * retries once, and signs itself out when the refresh token is refused; what is left for the
 * app: a token error while no refresh token is held (nothing can renew it), or a 401 (the
 * server no longer knows the caller). A token error with a refresh token still held is left
 * alone: the refresh failed for a passing reason (network, 5xx) and a retry may work.
 */
export function isSessionEnded(error: unknown, canRefresh: boolean): boolean {
  const { status, code } = readApiFailure(error);
  if (status === 403) return !canRefresh && (code === 'TOKEN_EXPIRED' || code === 'TOKEN_INVALID');
  if (status === 401) return code === 'UNAUTHENTICATED' || code === 'REFRESH_TOKEN_INVALID';
  return false;
}

/**
 * Mirrors the API client's session into React. The client owns the session (it stores it at
 * login, rotates it on refresh, clears it on logout or a refused refresh) and reports every
 * change through `subscribe`; this provider reads it, ends it when a call shows it cannot
 * go on (see isSessionEnded), and
 * drops cached server data when the user changes. The route guard then sends the browser to
 * /login.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const api = useApi();
  const queryClient = useQueryClient();

  // `api.session` is a fresh copy on every read; useSyncExternalStore needs the same object
  // back while nothing changed, so the snapshot is cached by content.
  const snapshot = useRef<{ key: string; value: SessionState | null }>({ key: '', value: null });
  const getSnapshot = useCallback((): SessionState | null => {
    const current = api.session;
    const value = isSignedIn(current) ? current : null;
    const key = value ? JSON.stringify(value) : '';
    if (key !== snapshot.current.key) snapshot.current = { key, value };
    return snapshot.current.value;
  }, [api]);
  const subscribe = useCallback((onChange: () => void) => api.subscribe(() => onChange()), [api]);
  const session = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  // A call refused because the session is over (refresh refused, user removed) signs out here.
  useEffect(() => {
    const onError = (error: unknown) => {
      const current = api.session;
      if (isSignedIn(current) && isSessionEnded(error, Boolean(current.refreshToken))) api.clearSession();
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [api, queryClient]);

  // Nothing cached for one user may be shown to the next.
  const userId = session?.userId ?? null;
  const previousUserId = useRef(userId);
  useEffect(() => {
    if (previousUserId.current !== userId) queryClient.clear();
    previousUserId.current = userId;
  }, [userId, queryClient]);

  // A session that ends without the user asking (refresh refused, timed out, signed out
  // elsewhere) leaves a word for the sign-in page; one they end themselves forgets the drafts.
  const leaving = useRef(false);
  const wasSignedIn = useRef(session !== null);
  useEffect(() => {
    if (wasSignedIn.current && session === null) {
      if (leaving.current) clearAllDrafts();
      else noteSessionEnd('ended');
    }
    leaving.current = false;
    wasSignedIn.current = session !== null;
  }, [session]);

  const signOut = useCallback(() => {
    leaving.current = true;
    return api.logout();
  }, [api]);
  const value = useMemo<AuthContextValue>(
    () => ({ session, isAuthenticated: session !== null, signOut }),
    [session, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The current session and sign-out, from the nearest AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside an AuthProvider');
  return value;
}
