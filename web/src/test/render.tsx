import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { emptySession, type SessionState } from '@vigilo/client';
import type { Membership, RoleName, User } from '@vigilo/contract';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { type Mock, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import type { ApiClient } from '../lib/api-context.tsx';
import { createI18n } from '../lib/i18n.ts';
import { allTranslations } from './translations.ts';

/** The route table with every lazily loaded page already loaded. */
async function loadedRoutes(table: RouteObject[]): Promise<RouteObject[]> {
  return Promise.all(
    table.map(async ({ lazy, children, ...route }) => {
      const loaded = typeof lazy === 'function' ? await lazy() : {};
      const nested = children ? { children: await loadedRoutes(children) } : {};
      return { ...route, ...loaded, ...nested } as RouteObject;
    }),
  );
}

// The app fetches each page on first visit; tests get them all loaded up front (as importing the
// route table used to), so the first render already shows the page.
const testRoutes = await loadedRoutes(routes);

/** A signed-in session for tests. */
export const testSession = {
  token: 'access-token',
  refreshToken: 'refresh-token',
  userId: '00000000-0000-4000-8000-000000000001',
  platformId: '00000000-0000-4000-8000-000000000002',
  organisationId: '00000000-0000-4000-8000-000000000003',
} satisfies SessionState;

/** One membership; platform-wide unless an organisation is given. */
export function membership(role: RoleName, organisation?: { id: string; name: string }): Membership {
  return { role, organisationId: organisation?.id ?? null, organisationName: organisation?.name ?? null };
}

/** A user as GET /v1/users/@me returns it; override any field. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: testSession.userId,
    platformId: testSession.platformId,
    platformName: 'Agence Test',
    email: 'ada@example.org',
    username: 'ada',
    firstName: 'Ada',
    lastName: 'Lovelace',
    // English, as the tests read: the shell applies the account's language (decision 0034).
    language: 'en',
    accountType: 'user',
    deactivated: false,
    organisationId: testSession.organisationId,
    memberships: [membership('reporter')],
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export interface FakeApi {
  api: ApiClient;
  login: Mock;
  loginAssessor: Mock;
  verifyLogin: Mock;
  logout: Mock;
  getUser: Mock;
  /** Replaces the session and notifies subscribers, as the real client does. */
  setSession: (session: SessionState) => void;
}

/**
 * A stand-in for the API client at the module boundary: the methods the web app calls, as
 * mocks, plus a session that notifies subscribers. The real client is tested in client/.
 */
export function createFakeApi(initial: SessionState = emptySession()): FakeApi {
  let session = { ...initial };
  const listeners = new Set<(state: SessionState) => void>();
  const setSession = (next: SessionState) => {
    session = { ...next };
    for (const listener of listeners) listener({ ...session });
  };
  const fake = {
    login: vi.fn(),
    loginAssessor: vi.fn(),
    verifyLogin: vi.fn(),
    logout: vi.fn(async () => setSession(emptySession())),
    getUser: vi.fn(async () => makeUser()),
  };
  const api = {
    ...fake,
    get session() {
      return { ...session };
    },
    subscribe(listener: (state: SessionState) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession: (partial: Partial<SessionState>) => setSession({ ...session, ...partial }),
    clearSession: () => setSession(emptySession()),
    request: vi.fn(),
  } as unknown as ApiClient;
  return { api, setSession, ...fake };
}

function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `ui` inside every app provider, with a fake API client and English texts. */
export function renderWithProviders(ui: ReactNode, { api }: { api: ApiClient }) {
  return render(
    <AppProviders
      api={api}
      queryClient={testQueryClient()}
      i18n={createI18n('en', allTranslations)}
      env="test"
    >
      {ui}
    </AppProviders>,
  );
}

/** Renders the real route table at `path` in a memory router (guard, shell, pages). */
export function renderApp(path: string, { api }: { api: ApiClient }) {
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  const result = renderWithProviders(<RouterProvider router={router} />, { api });
  return { ...result, router };
}
