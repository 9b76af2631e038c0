import type { SessionState } from './session.ts';
import type { HttpMethod, Query } from './transport.ts';

/** Per-call options of `request`. */
export interface RequestOptions {
  /** JSON-serialised unless it is FormData, a Blob, URLSearchParams or bytes (G-3). */
  body?: unknown;
  query?: Query;
  /** G-3: leave out Content-Type (the JSON is then sent as bytes with no type). */
  noContentType?: boolean;
  signal?: AbortSignal;
  /** G-6: 'text' for the endpoints that answer XML or CSV; 'blob' for files (a zip) read as bytes. */
  responseType?: 'json' | 'text' | 'blob';
  /** Extra headers; they win over the client's own. */
  headers?: Record<string, string>;
  /** Do not refresh and retry on 403 (G-5), e.g. for login and logout. */
  skipRefresh?: boolean;
}

/** What the endpoint helpers (auth, account, uploads) need from the client. Internal. */
export interface ClientCore {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  fetch: typeof fetch;
  session(): SessionState;
  setSession(partial: Partial<SessionState>): void;
  clearSession(): void;
  alert(message: string): void;
  logger: Pick<Console, 'error' | 'warn'>;
}
