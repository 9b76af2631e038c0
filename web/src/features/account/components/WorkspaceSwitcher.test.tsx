import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../test/fake-routes.ts';

const north = { id: testSession.organisationId, name: 'Hôpital Nord' };
const south = { id: '00000000-0000-4000-8000-0000000000o2', name: 'Clinique Sud' };

// Generous: the first render of a file warms Mantine up, slow on a busy two-core machine.
describe('WorkspaceSwitcher (account menu)', { timeout: 30_000 }, () => {
  it('switches organisation: the new access token, the same refresh token, page data fetched again', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', north), membership('reporter', south)] }),
    );
    const request = routeRequests(fake, {
      'PUT /v1/auth-context': () => ({
        userId: testSession.userId,
        platformId: testSession.platformId,
        platformName: 'Agence Test',
        organisationId: south.id,
        organisationName: south.name,
        roles: ['reporter'],
        organisations: [],
        token: 'new-access',
      }),
    });
    renderApp('/profile', fake);
    await screen.findByText('Ada Lovelace');
    const calls = fake.getUser.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Hôpital Nord' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Clinique Sud' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', '/v1/auth-context', {
        body: { organisationId: south.id, platformId: testSession.platformId },
      }),
    );
    await waitFor(() =>
      expect(fake.api.session).toMatchObject({
        token: 'new-access',
        refreshToken: testSession.refreshToken,
        organisationId: south.id,
      }),
    );
    await waitFor(() => expect(fake.getUser.mock.calls.length).toBeGreaterThan(calls));
  });

  it('is not shown with a single organisation', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', north)] }));
    renderApp('/profile', fake);
    await screen.findByText('Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Account' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Hôpital Nord' })).not.toBeInTheDocument();
  });
});
