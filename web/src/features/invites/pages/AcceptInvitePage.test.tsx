import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests } from '../testing.ts';

const preview = {
  organisationName: 'Hôpital Nord',
  platformName: 'Agence Test',
  email: 'nina@example.org',
  role: 'organisation_staff',
  expiresAt: '2026-12-01T10:00:00.000Z',
  accountExists: false,
};
const session = {
  token: 'new-access',
  refreshToken: 'new-refresh',
  id: testSession.userId,
  platformId: testSession.platformId,
  organisationId: testSession.organisationId,
};

describe('AcceptInvitePage', () => {
  it('shows the organisation and email, asks name and password, then signs in and opens where the new account’s work is', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/organisation-invite': ({ query }) => {
        expect(query).toEqual({ token: 'tok-123' });
        return preview;
      },
      'POST /v1/organisation-invite/accept': () => session,
    });
    const { router } = renderApp('/invite/accept?token=tok-123', fake);
    expect(
      await screen.findByRole('heading', { name: 'Accept your invitation', level: 1 }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'You have been invited to join Hôpital Nord on Agence Test as Organisation staff.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('invite-email')).toHaveTextContent('nina@example.org');

    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter your first name', 'Enter your last name', 'Create a password']);
    expect(document.title).toBe('Error: Accept your invitation – Vigilo');

    await userEvent.type(screen.getByLabelText('First name'), 'Nina');
    await userEvent.type(screen.getByLabelText('Last name'), 'New');
    await userEvent.type(screen.getByLabelText(/Create a password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    expect(await screen.findAllByText('Your password must be at least 12 characters')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText(/Create a password/), ' enough now');
    await userEvent.click(screen.getByRole('button', { name: 'Accept and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reports'));
    expect(fake.api.request).toHaveBeenCalledWith('POST', '/v1/organisation-invite/accept', {
      body: { token: 'tok-123', firstName: 'Nina', lastName: 'New', password: 'short enough now' },
      skipRefresh: true,
    });
    expect(fake.api.session).toMatchObject({
      token: 'new-access',
      refreshToken: 'new-refresh',
      userId: session.id,
    });
  });

  it('explains an expired or used link', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/organisation-invite': () => {
        throw new ApiRequestError(410, {
          code: 'INVITE_EXPIRED',
          statusCode: 410,
          message: 'This invitation has expired: ask for a new one',
          error: 'Gone',
          meta: {},
        });
      },
    });
    renderApp('/invite/accept?token=old', fake);
    expect(await screen.findByText('This invitation link cannot be used')).toBeInTheDocument();
    expect(
      screen.getByText('This invitation has expired. Ask the person who invited you to send it again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept and sign in' })).not.toBeInTheDocument();
  });

  it('says in words when the invitation was revoked (decision 0035)', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'GET /v1/organisation-invite': () => {
        throw new ApiRequestError(410, {
          code: 'INVITE_REVOKED',
          statusCode: 410,
          message: 'server words',
          error: 'Gone',
          meta: {},
        });
      },
    });
    renderApp('/invite/accept?token=revoked', fake);
    expect(await screen.findByText('This invitation link cannot be used')).toBeInTheDocument();
    expect(screen.getByText(/This invitation has been withdrawn/)).toBeInTheDocument();
  });

  it('says when the link has no token', async () => {
    renderApp('/invite/accept', createFakeApi());
    expect(
      await screen.findByText('The link is incomplete. Open the link from your email again.'),
    ).toBeInTheDocument();
  });

  it('asks an existing account to sign in, and lets a signed-in one join', async () => {
    const signedOut = createFakeApi();
    answerRequests(signedOut.api.request as Mock, {
      'GET /v1/organisation-invite': () => ({ ...preview, accountExists: true }),
    });
    const first = renderApp('/invite/accept?token=tok-9', signedOut);
    expect(await screen.findByText(/You already have an account with nina@example.org/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/login'));
    first.unmount();

    const signedIn = createFakeApi(testSession);
    answerRequests(signedIn.api.request as Mock, {
      'GET /v1/organisation-invite': () => ({ ...preview, accountExists: true }),
      'POST /v1/organisation-invite/join': ({ body }) => {
        expect(body).toEqual({ token: 'tok-9' });
        return session;
      },
    });
    const second = renderApp('/invite/accept?token=tok-9', signedIn);
    await userEvent.click(await screen.findByRole('button', { name: 'Join Hôpital Nord' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/my-reports'));
  });
});
