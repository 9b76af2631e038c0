import type { Mock } from 'vitest';
import type { FakeApi } from '../../../test/render.tsx';

type Options = { body?: unknown; query?: Record<string, unknown>; responseType?: string };
type Handler = (options: Options) => unknown;

/**
 * Answers the fake client's `request(method, path, options)` from a table of
 * "METHOD /path" handlers; anything else fails the way an unknown route would.
 */
export function routeRequests(fake: FakeApi, handlers: Record<string, Handler>): Mock {
  const request = fake.api.request as unknown as Mock;
  request.mockImplementation(async (method: string, path: string, options: Options = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected request ${method} ${path}`);
    return handler(options);
  });
  return request;
}
