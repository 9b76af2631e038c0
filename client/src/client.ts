import type { TokenResponse } from '@vigilo/contract';
import { type AccountMethods, accountMethods } from './account.ts';
import { type AuthMethods, authMethods } from './auth.ts';
import type { ClientCore, RequestOptions } from './core.ts';
import { ApiRequestError } from './errors.ts';
import { emptySession, memoryStore, type SessionState, type SessionStore } from './session.ts';
import {
  buildUrl,
  encodeBody,
  exchange,
  type HttpMethod,
  type Query,
  readBody,
  readErrorBody,
} from './transport.ts';
import { type UploadMethods, uploadMethods } from './uploads.ts';

export interface ClientOptions {
  /** e.g. 'http://127.0.0.1:8080', or '' for the same origin (G-1). */
  baseUrl: string;
  /** Default: the global fetch. */
  fetch?: typeof fetch;
  /** Default: memoryStore(). The web app passes localStorageStore(). */
  store?: SessionStore;
  /** E-2 alert hook. Default: console.error. */
  onAlert?: (message: string) => void;
  /** Where E-1 parse failures and swallowed logout errors go. Default: console. */
  logger?: Pick<Console, 'error' | 'warn'>;
  /** A request with no full answer after this long fails with 'Network request failed'. Default 30000. */
  timeoutMs?: number;
  /** S-6: tries in all and the pause between them. Default 3 tries, 500 ms. */
  accessTokenRetry?: { attempts: number; delayMs: number };
}

export interface ApiClient extends AuthMethods, AccountMethods, UploadMethods {
  /** Any endpoint, with the generic behaviour G-1..G-6 and E-1..E-4. */
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  /** G-7: the full address for a plain browser navigation (downloads); no headers go with it. */
  url(path: string, query?: Query): string;
  /** G-5: renew the access token with the refresh token. Concurrent callers share one call. */
  refresh(): Promise<TokenResponse>;
  /** A copy of the current session. */
  readonly session: SessionState;
  setSession(partial: Partial<SessionState>): void;
  clearSession(): void;
  /** Called after every session change; returns the unsubscribe function. */
  subscribe(listener: (state: SessionState) => void): () => void;
}

const tokenPath = '/v1/token';

/** Builds a client. Each client has its own session; the web app makes one in lib/. */
export function createApiClient(options: ClientOptions): ApiClient {
  // Wrapped so browsers do not throw "Illegal invocation" for an unbound window.fetch.
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const store = options.store ?? memoryStore();
  const logger = options.logger ?? console;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const listeners = new Set<(state: SessionState) => void>();
  let state: SessionState = { ...emptySession(), ...store.load() };
  let refreshing: Promise<TokenResponse> | null = null;

  const notify = () => {
    for (const listener of listeners) listener({ ...state });
  };
  const setSession = (partial: Partial<SessionState>) => {
    state = { ...state, ...partial };
    store.save(state);
    notify();
  };
  const clearSession = () => {
    state = emptySession();
    store.clear();
    notify();
  };

  /** One HTTP exchange, no refresh logic. G-2 and G-3 headers are decided here. */
  async function send<T>(method: HttpMethod, path: string, opts: RequestOptions): Promise<T> {
    const responseType = opts.responseType ?? 'json';
    const encoded = encodeBody(opts.body, opts.noContentType ?? false);
    const headers: Record<string, string> = {};
    if (responseType === 'json') headers.Accept = 'application/json';
    // G-3 taken literally: a JSON request says so even when it has no body (DELETE, bodiless
    // PUT); the server reads an empty JSON body as no body.
    const jsonRequest = opts.body === undefined && responseType === 'json' && !opts.noContentType;
    const contentType = encoded.contentType ?? (jsonRequest ? 'application/json' : undefined);
    if (contentType) headers['Content-Type'] = contentType;
    if (state.token) headers.Authorization = `Bearer ${state.token}`;
    Object.assign(headers, opts.headers);
    const url = buildUrl(options.baseUrl, path, opts.query);
    const answer = await exchange(
      fetchFn,
      url,
      { method, headers, body: encoded.body },
      timeoutMs,
      opts.signal,
      responseType === 'blob',
    );
    if (answer.status < 200 || answer.status > 299) {
      throw new ApiRequestError(answer.status, readErrorBody(answer), answer.statusText);
    }
    return readBody(answer, responseType, logger) as T;
  }

  /**
   * G-5 / E-3: a 403 leads to one refresh and one retry. If another request already
   * refreshed while this one was in flight, the retry uses that token without a second
   * refresh (refresh tokens rotate, so refreshing twice would waste one).
   */
  async function request<T = unknown>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions = {},
  ): Promise<T> {
    const sentToken = state.token;
    try {
      return await send<T>(method, path, opts);
    } catch (err) {
      if (!(err instanceof ApiRequestError) || err.status !== 403 || opts.skipRefresh) throw err;
      if (path.split('?')[0]?.endsWith(tokenPath)) throw err;
      if (state.token === sentToken) {
        if (!state.refreshToken) throw err;
        try {
          await refresh();
        } catch {
          throw err; // the caller asked for the original resource; its refusal is the answer
        }
      } else if (!state.token) {
        throw err; // signed out meanwhile: nothing to retry with
      }
      return send<T>(method, path, opts);
    }
  }

  function refresh(): Promise<TokenResponse> {
    refreshing ??= renewToken().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  async function renewToken(): Promise<TokenResponse> {
    const { refreshToken, userId, platformId, organisationId } = state;
    if (!refreshToken) throw new Error('No refresh token held');
    const body = { refreshToken, userId, platformId, organisationId };
    let answer: TokenResponse;
    try {
      answer = await send<TokenResponse>('POST', tokenPath, { body });
    } catch (err) {
      // 401: the refresh token is dead (expired, revoked, reused). Keeping it would only
      // fail again; clearing tells subscribers (the web app) that the user is signed out.
      if (err instanceof ApiRequestError && err.status === 401) clearSession();
      throw err;
    }
    setSession({
      token: answer.token,
      refreshToken: answer.refreshToken,
      ...(answer.expiresAt ? { expiresAt: answer.expiresAt, endsAt: answer.endsAt ?? null } : {}),
    });
    return answer;
  }

  const core: ClientCore = {
    request,
    fetch: fetchFn,
    session: () => ({ ...state }),
    setSession,
    clearSession,
    alert: options.onAlert ?? ((message) => console.error(message)),
    logger,
  };

  return {
    request,
    url: (path, query) => buildUrl(options.baseUrl, path, query),
    refresh,
    get session() {
      return { ...state };
    },
    setSession,
    clearSession,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ...authMethods(core),
    ...accountMethods(core, options.accessTokenRetry ?? { attempts: 3, delayMs: 500 }),
    ...uploadMethods(core),
  };
}
