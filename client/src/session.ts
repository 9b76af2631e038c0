/** What the client remembers between requests (spec §4 "Session"). */
export interface SessionState {
  token: string | null;
  refreshToken: string | null;
  userId: string | null;
  platformId: string | null;
  organisationId: string | null;
  /** When the session ends unless renewed, and when it ends whatever happens (ISO times; decision 0038). */
  expiresAt?: string | null;
  endsAt?: string | null;
}

/** Where the session lives between page loads; the client keeps its own copy in memory. */
export interface SessionStore {
  load(): SessionState | null;
  save(state: SessionState): void;
  clear(): void;
}

const fields = ['token', 'refreshToken', 'userId', 'platformId', 'organisationId'] as const;
/** Kept when the server sent them (Vigilo does; the specification's server may not). */
const optionalFields = ['expiresAt', 'endsAt'] as const;

/** A session with nothing in it: the signed-out state. */
export function emptySession(): SessionState {
  return { token: null, refreshToken: null, userId: null, platformId: null, organisationId: null };
}

/** A store that forgets everything when the process ends (servers, tests, scripts). */
export function memoryStore(initial: SessionState | null = null): SessionStore {
  let saved = initial ? { ...initial } : null;
  return {
    load: () => (saved ? { ...saved } : null),
    save: (state) => {
      saved = { ...state };
    },
    clear: () => {
      saved = null;
    },
  };
}

/** The web app's store: the session as JSON under `key` in localStorage, so a reload stays signed in. */
export function localStorageStore(key = 'vigilo.session'): SessionStore {
  // Storage can be missing (server rendering) or throw (Safari private mode, quota); the
  // client's in-memory copy still works then, so failures here are not fatal.
  const storage = (): Storage | undefined => globalThis.localStorage;
  return {
    load: () => {
      try {
        const raw = storage()?.getItem(key);
        return raw ? normalise(JSON.parse(raw)) : null;
      } catch {
        return null;
      }
    },
    save: (state) => {
      try {
        storage()?.setItem(key, JSON.stringify(state));
      } catch {
        // see above: keep going with the in-memory session
      }
    },
    clear: () => {
      try {
        storage()?.removeItem(key);
      } catch {
        // see above
      }
    },
  };
}

/** Reads a stored value defensively: an older or hand-edited entry must not break sign-in. */
function normalise(raw: unknown): SessionState | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const record = raw as Record<string, unknown>;
  const state = emptySession();
  for (const field of fields) {
    const value = record[field];
    state[field] = typeof value === 'string' ? value : null;
  }
  for (const field of optionalFields) {
    const value = record[field];
    if (typeof value === 'string') state[field] = value;
  }
  return state;
}
