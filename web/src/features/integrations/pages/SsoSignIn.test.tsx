import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../test/fake-routes.ts';

// Pages render behind the app shell and modals; a loaded machine needs more than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const session = {
  token: testSession.token,
  refreshToken: testSession.refreshToken,
  id: testSession.userId,
  platformId: testSession.platformId,
  organisationId: testSession.organisationId,
};

describe('signing in with SSO', () => {
  it('shows "Sign in with <name>" links under the password form when providers are enabled', async () => {
    const fake = createFakeApi();
    routeRequests(fake, {
      'GET /v1/sso-providers': () => [
        { id: 'p1', name: 'Agency ID', startUrl: '/v1/sso/p1/start' },
        { id: 'p2', name: 'Hospital login', startUrl: '/v1/sso/p2/start' },
      ],
    });
    renderApp('/login', fake);
    const agency = await screen.findByRole('link', { name: 'Sign in with Agency ID' });
    expect(agency).toHaveAttribute('href', '/v1/sso/p1/start?returnTo=%2Fhome');
    expect(screen.getByRole('link', { name: 'Sign in with Hospital login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows no SSO section when the platform has no provider', async () => {
    const fake = createFakeApi();
    const request = routeRequests(fake, { 'GET /v1/sso-providers': () => [] });
    renderApp('/login', fake);
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(screen.queryByRole('navigation', { name: 'Other ways to sign in' })).not.toBeInTheDocument();
  });

  it('/sso/complete exchanges the one-time code for a session and goes where the user was going', async () => {
    const fake = createFakeApi();
    const request = routeRequests(fake, { 'POST /v1/sso/exchange': () => session });
    const { router } = renderApp('/sso/complete#code=one-time&returnTo=%2Fprofile', fake);
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith('POST', '/v1/sso/exchange', {
      body: { code: 'one-time' },
      skipRefresh: true,
    });
    expect(fake.api.session).toMatchObject({ token: session.token, userId: session.id });
  });

  it('/sso/complete asks for the second factor when the account has one, then signs in', async () => {
    const fake = createFakeApi();
    routeRequests(fake, {
      'POST /v1/sso/exchange': () => ({ requiresMfa: true, sessionId: 'mfa-session', methods: ['totp'] }),
    });
    fake.verifyLogin.mockImplementation(async () => {
      fake.setSession(testSession);
      return session;
    });
    const { router } = renderApp('/sso/complete#code=one-time&returnTo=%2Fprofile', fake);
    const code = await screen.findByLabelText('Authentication code');
    // Until the code is verified, the MFA session id is the bearer and there is no user.
    expect(fake.api.session).toMatchObject({ token: 'mfa-session', userId: null, refreshToken: null });
    expect(screen.queryByRole('checkbox', { name: /Remember/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Enter your authentication code – Vigilo'));
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fake.verifyLogin).toHaveBeenCalledWith({ code: '123456', method: 'totp' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('says a provider was linked, with the way back to the security settings', async () => {
    renderApp('/sso/complete#linked=1&returnTo=%2Faccount%2Fsecurity', createFakeApi(testSession));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You can now sign in to Vigilo with this provider',
    );
    expect(screen.getByRole('link', { name: 'Back to your security settings' })).toHaveAttribute(
      'href',
      '/account/security',
    );
    await waitFor(() => expect(document.title).toBe('Sign-in provider linked – Vigilo'));
  });

  it('explains that platform-wide accounts do not sign in with a provider', async () => {
    renderApp('/sso/complete#error=SSO_ACCOUNT_NOT_ALLOWED', createFakeApi());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account has rights over the whole platform: it signs in with its password and verification code only.',
    );
  });

  it('explains an error sent back by the callback, with a way back to sign in', async () => {
    renderApp('/sso/complete#error=SSO_ACCOUNT_NOT_FOUND', createFakeApi());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Vigilo account is linked to the account you signed in with. If you have a Vigilo account, sign in with your password and link this provider under Security.',
    );
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await waitFor(() => expect(document.title).toBe('Error: We could not sign you in – Vigilo'));
  });

  it('explains a code that was refused', async () => {
    const fake = createFakeApi();
    routeRequests(fake, {
      'POST /v1/sso/exchange': () => {
        throw new ApiRequestError(401, {
          code: 'SSO_CODE_INVALID',
          statusCode: 401,
          message: 'expired',
          error: 'Unauthorized',
          meta: {},
        });
      },
    });
    renderApp('/sso/complete#code=stale', fake);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in link has expired or was already used',
    );
    expect(fake.api.session.token).toBeNull();
  });

  it('says so when nothing came back', async () => {
    renderApp('/sso/complete', createFakeApi());
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing to sign in with was received');
  });
});
