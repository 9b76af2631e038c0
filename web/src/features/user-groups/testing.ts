import type { Mock } from 'vitest';

type Handler = (options: { query?: Record<string, unknown>; body?: unknown }) => unknown;

/** Answers the fake client's generic `request` by "METHOD path"; anything else fails the test. */
export function answerRequests(request: Mock, handlers: Record<string, Handler>) {
  request.mockImplementation(async (method: string, path: string, options = {}) => {
    const handler = handlers[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected ${method} ${path}`);
    return handler(options);
  });
}
