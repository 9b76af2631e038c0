import type { Organisation } from '@vigilo/contract';
import type { Mock } from 'vitest';
import { testSession } from '../../test/render.tsx';

/** An organisation as the API answers it; override any field. */
export function organisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: testSession.organisationId!,
    platformId: testSession.platformId!,
    name: 'Hôpital Nord',
    kind: 'hospital',
    country: 'FR',
    description: '',
    email: null,
    phone: null,
    website: null,
    address: '',
    locationProvider: null,
    workspaceId: null,
    acceptsAccountRequests: false,
    timeZone: 'UTC',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

type Handler = (options: { query?: Record<string, unknown>; body?: unknown }) => unknown;

/** Answers the fake client's generic `request` by "METHOD path"; anything else fails the test. */
export function answerRequests(request: Mock, handlers: Record<string, Handler>) {
  request.mockImplementation(async (method: string, path: string, options = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    return handler(options);
  });
}
