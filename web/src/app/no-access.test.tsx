import { screen, waitFor } from '@testing-library/react';
import { ApiRequestError } from '@vigilo/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, type Mock } from 'vitest';
import { LoadError } from '../components/ui/LoadError.tsx';
import { readApiFailure } from '../lib/api-errors.ts';
import { createQueryClient } from '../lib/query-client.ts';
import {
  createFakeApi,
  makeUser,
  membership,
  renderApp,
  renderWithProviders,
  testSession,
} from '../test/render.tsx';

const refusal = (status: number, code: string) =>
  new ApiRequestError(status, { code, statusCode: status, message: 'raw server text', error: 'x', meta: {} });

describe('no access (issue 10 item 7)', { timeout: 30_000 }, () => {
  it('a reporter opening an administration page gets the one "no access" page and no request is sent', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('reporter')] }));
    renderApp('/admin/users', fake);
    expect(
      await screen.findByRole('heading', { name: 'You do not have access to this page', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your start page' })).toHaveAttribute('href', '/home');
    expect(fake.api.request as Mock).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe('You do not have access to this page – Vigilo'));
  });

  it('an administrator still sees the page', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('platform_admin')] }));
    (fake.api.request as Mock).mockResolvedValue({ items: [], page: 1, size: 50, total: 0 });
    renderApp('/admin/users', fake);
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('no-access')).not.toBeInTheDocument();
  });

  it('a load refused with 403 shows "no access", a 404 says it is not there; neither offers a retry', () => {
    const fake = createFakeApi(testSession);
    const { unmount } = renderWithProviders(
      <MemoryRouter>
        <LoadError
          title="The users could not be loaded"
          error={refusal(403, 'FORBIDDEN')}
          onRetry={() => {}}
          retrying={false}
        />
      </MemoryRouter>,
      fake,
    );
    expect(screen.getByText('You do not have access to this page')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByText('raw server text')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(
      <MemoryRouter>
        <LoadError
          title="The user could not be loaded"
          error={refusal(404, 'NOT_FOUND')}
          onRetry={() => {}}
          retrying={false}
        />
      </MemoryRouter>,
      fake,
    );
    expect(screen.getByText(/It may have been removed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('the query cache never retries a 403, a 404 or a 500; a 503 once; a network failure twice', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (
      n: number,
      e: unknown,
    ) => boolean;
    expect(retry(0, refusal(403, 'FORBIDDEN'))).toBe(false);
    expect(retry(0, refusal(404, 'NOT_FOUND'))).toBe(false);
    expect(retry(0, refusal(500, 'INTERNAL_ERROR'))).toBe(false);
    expect(retry(0, refusal(503, 'SERVICE_UNAVAILABLE'))).toBe(true);
    expect(retry(1, refusal(503, 'SERVICE_UNAVAILABLE'))).toBe(false);
    expect(retry(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(readApiFailure(new TypeError('x')).status).toBeNull();
  });
});
