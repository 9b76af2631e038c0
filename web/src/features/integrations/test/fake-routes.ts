import { waitFor } from '@testing-library/react';
import type { Mock } from 'vitest';
import type { FakeApi } from '../../../test/render.tsx';

type Handler = (options: { body?: unknown; query?: unknown }) => unknown;

/**
 * Answers the fake client's `request(method, path, options)` from a table of
 * "METHOD /path" handlers; anything else fails the way an unknown route would.
 */
export function routeRequests(fake: FakeApi, handlers: Record<string, Handler>): Mock {
  const request = fake.api.request as unknown as Mock;
  request.mockImplementation(
    async (method: string, path: string, options: { body?: unknown; query?: unknown } = {}) => {
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new Error(`unexpected request ${method} ${path}`);
      return handler(options);
    },
  );
  return request;
}

/**
 * Waits until a dialog has taken focus (Mantine moves focus into a modal just after it
 * opens); typing before that could land partly in another field.
 */
export async function settled(dialog: HTMLElement): Promise<void> {
  await waitFor(() => {
    if (!dialog.contains(document.activeElement)) throw new Error('the dialog has not taken focus yet');
  });
}
