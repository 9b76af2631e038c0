import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';

const org = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const tokenExpired = new ApiRequestError(403, {
  code: 'TOKEN_EXPIRED',
  statusCode: 403,
  message: 'Token expired',
  error: 'Forbidden',
  meta: {},
});

describe('ProfilePage', () => {
  it("shows the user's details and memberships", async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_admin', org), membership('platform_admin')] }),
    );
    renderApp('/profile', fake);

    expect(screen.getByRole('heading', { name: 'My profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(fake.getUser).toHaveBeenCalledWith('@me');
    expect(screen.getByText('ada@example.org', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Agence Test')).toBeInTheDocument();
    expect(screen.getByText('English', { selector: 'dd' })).toBeInTheDocument();

    const rows = within(screen.getByRole('table', { name: 'Roles' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'RoleOrganisation',
      'Organisation administratorHôpital Nord',
      'Platform administratorPlatform-wide',
    ]);
    expect(document.title).toBe('My profile – Vigilo');
  });

  it('offers a retry when loading fails', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockRejectedValueOnce(
      new ApiRequestError(500, {
        code: 'INTERNAL_ERROR',
        statusCode: 500,
        message: 'boom',
        error: 'x',
        meta: {},
      }),
    );
    renderApp('/profile', fake);

    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('sends signed-out visitors to the sign-in page', async () => {
    const { router } = renderApp('/profile', createFakeApi());
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out from the account menu', async () => {
    const fake = createFakeApi(testSession);
    const { router } = renderApp('/profile', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(fake.logout).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('ends a session whose token is refused and cannot be renewed', async () => {
    const fake = createFakeApi({ ...testSession, refreshToken: null });
    fake.getUser.mockRejectedValue(tokenExpired);
    const { router } = renderApp('/profile', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fake.api.session.token).toBeNull();
  });

  it('keeps the session when the refresh token is still held (the client decides)', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockRejectedValue(tokenExpired);
    const { router } = renderApp('/profile', fake);
    expect(await screen.findByText('Your profile could not be loaded')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(fake.api.session.token).toBe(testSession.token);
  });
});
