import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, emptySession } from '@vigilo/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';

const mfaChallenge = { requiresMfa: true, sessionId: 'mfa-session' } as const;
const sessionAnswer = {
  token: testSession.token,
  refreshToken: testSession.refreshToken,
  id: testSession.userId,
  platformId: testSession.platformId,
  organisationId: testSession.organisationId,
};

// Typing through user-event in jsdom is slow: these journeys get more time than the default.
vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => window.localStorage.clear());

describe('LoginPage', () => {
  it('shows a focused error summary and field messages when submitted empty', async () => {
    const fake = createFakeApi();
    renderApp('/login', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    const summary = screen.getByRole('alert');
    expect(summary).toHaveTextContent('There is a problem');
    expect(summary).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Enter your email address or username' })).toHaveAttribute(
      'href',
      '#login-identifier',
    );
    expect(screen.getByRole('link', { name: 'Enter your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(document.title).toBe('Error: Sign in – Vigilo'));
    expect(fake.login).not.toHaveBeenCalled();
  });

  it('signs in with the typed values and goes where the user’s work is (a reporter: My reports)', async () => {
    const fake = createFakeApi();
    fake.login.mockImplementation(async () => {
      fake.setSession(testSession);
      return sessionAnswer;
    });
    renderApp('/login', fake);
    const identifier = await screen.findByLabelText('Email or username');
    expect(identifier).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');

    await userEvent.type(identifier, 'ada@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'correct horse');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(fake.login).toHaveBeenCalledWith({ email: 'ada@example.org', password: 'correct horse' });
    expect(await screen.findByRole('heading', { name: 'My reports', level: 1 })).toBeInTheDocument();
  });

  it('sends a value without "@" as the username', async () => {
    const fake = createFakeApi();
    fake.login.mockResolvedValue(sessionAnswer);
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), ' ada ');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(fake.login).toHaveBeenCalledWith({ username: 'ada', password: 'pw' });
  });

  it('says in words why the credentials are refused (never the server’s text), keeping what was typed', async () => {
    const fake = createFakeApi();
    fake.login.mockRejectedValue(
      new ApiRequestError(401, {
        code: 'INVALID_CREDENTIALS',
        statusCode: 401,
        message: 'Wrong email, username or password.',
        error: 'Unauthorized',
        meta: {},
      }),
    );
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The email address, username or password is not right.',
    );
    expect(screen.queryByText(/Wrong email/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email or username')).toHaveValue('ada');
    expect(screen.getByLabelText('Password')).toHaveValue('nope');
  });

  it('asks for the one-time code when the answer requires MFA, then verifies it', async () => {
    const fake = createFakeApi();
    // Like the real client: until the code is verified, the MFA session id is the bearer.
    fake.login.mockImplementation(async () => {
      fake.setSession({ ...emptySession(), token: mfaChallenge.sessionId });
      return mfaChallenge;
    });
    fake.verifyLogin.mockImplementation(async () => {
      fake.setSession(testSession);
      return sessionAnswer;
    });
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByRole('link', { name: 'Enter your authentication code' })).toBeInTheDocument();
    expect(fake.verifyLogin).not.toHaveBeenCalled();

    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fake.verifyLogin).toHaveBeenCalledWith({ code: '123456' });
    expect(window.localStorage.getItem('vigilo.rememberedDevices')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'My reports', level: 1 })).toBeInTheDocument();
  });

  it('a wrong code is said in words beside the field and in the summary, which takes focus', async () => {
    const fake = createFakeApi();
    fake.login.mockImplementation(async () => {
      fake.setSession({ ...emptySession(), token: mfaChallenge.sessionId });
      return mfaChallenge;
    });
    // As the server answers (decision 0037): the field, its reason, and developer text never shown.
    fake.verifyLogin.mockRejectedValue(
      new ApiRequestError(400, {
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        message: 'The code is not right, or it has expired or been used',
        error: 'Bad Request',
        meta: { fields: [{ field: 'body/code', message: 'raw', reason: 'wrongCode' }] },
      }),
    );
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const sentence =
      'The code is not right, or it has expired. Enter the latest code from your app or text message';
    const link = await screen.findByRole('link', { name: sentence });
    expect(link).toHaveAttribute('href', '#login-code');
    expect(screen.getByTestId('error-summary')).toHaveFocus();
    expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(
      expect.stringContaining(sentence),
    );
    expect(screen.getByLabelText('Authentication code')).toHaveValue('000000');
  });

  it('returns to the page the guard sent the user away from', async () => {
    const fake = createFakeApi();
    fake.login.mockImplementation(async () => {
      fake.setSession(testSession);
      return sessionAnswer;
    });
    const { router } = renderApp('/no-such-page-yet', fake);
    // Signed out, an unknown page is plain; a known protected page redirects to /login.
    await router.navigate('/profile?tab=roles');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));

    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(router.state.location.search).toBe('?tab=roles');
  });

  it('offers both factors, texts a code on request and remembers the device', async () => {
    const fake = createFakeApi();
    fake.login.mockImplementation(async () => {
      fake.setSession({ ...emptySession(), token: mfaChallenge.sessionId });
      return { ...mfaChallenge, methods: ['totp', 'sms'] };
    });
    (fake.api.request as ReturnType<typeof vi.fn>).mockResolvedValue(undefined);
    fake.verifyLogin.mockImplementation(async () => {
      fake.setSession(testSession);
      return { ...sessionAnswer, deviceToken: 'device-token-1' };
    });
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'Ada@Example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('radio', { name: 'Authenticator app' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Send code' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Text message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(fake.api.request).toHaveBeenCalledWith('POST', '/v1/verify/initiate', {
      body: { method: 'sms' },
      skipRefresh: true,
    });
    expect(await screen.findByText(/We sent a code to your phone/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send another code' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember this device for 30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(fake.verifyLogin).toHaveBeenCalledWith({ code: '654321', method: 'sms', rememberDevice: true });
    expect(await screen.findByRole('heading', { name: 'My reports', level: 1 })).toBeInTheDocument();

    // The next sign-in with that name sends the device token back.
    fake.login.mockClear();
    await fake.api.logout();
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada@example.org');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(fake.login).toHaveBeenCalledWith({
        email: 'ada@example.org',
        password: 'pw',
        deviceToken: 'device-token-1',
      }),
    );
  });

  it('links to the forgotten-password page', async () => {
    const fake = createFakeApi();
    const { router } = renderApp('/login', fake);
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot your password?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forgot-password'));
    expect(await screen.findByRole('heading', { name: 'Reset your password', level: 1 })).toBeInTheDocument();
  });

  it('signs in with a recovery code when the phone is lost: once, with the MFA session as bearer', async () => {
    const fake = createFakeApi();
    fake.login.mockImplementation(async () => {
      fake.setSession({ ...emptySession(), token: mfaChallenge.sessionId });
      return { ...mfaChallenge, methods: ['totp'] };
    });
    const request = fake.api.request as ReturnType<typeof vi.fn>;
    const used = new Set<string>();
    request.mockImplementation(async (method: string, path: string, options: { body: { code: string } }) => {
      if (`${method} ${path}` !== 'POST /v1/login/recovery') throw new Error(`unexpected ${method} ${path}`);
      if (used.has(options.body.code) || options.body.code !== 'abcde-fghjk')
        throw new ApiRequestError(400, {
          code: 'VALIDATION_FAILED',
          statusCode: 400,
          message: 'This recovery code is not right, or it has been used',
          error: 'Bad Request',
          meta: { fields: [{ field: 'body/code', message: 'is not right' }] },
        });
      used.add(options.body.code);
      return sessionAnswer;
    });
    renderApp('/login', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Lost your phone? Use a recovery code' }),
    );
    expect(await screen.findByRole('heading', { name: 'Use a recovery code', level: 1 })).toBeInTheDocument();

    // The recovery form is loaded on demand (decision 0039): it may come a moment after the title.
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('link', { name: 'Enter a recovery code' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), 'wrong-codes');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This recovery code is not right, or it has already been used.',
    );
    await userEvent.clear(screen.getByLabelText('Recovery code'));
    await userEvent.type(screen.getByLabelText('Recovery code'), 'abcde-fghjk');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/login/recovery', {
      body: { code: 'abcde-fghjk', sessionId: mfaChallenge.sessionId },
      skipRefresh: true,
    });
    expect(await screen.findByRole('heading', { name: 'My reports', level: 1 })).toBeInTheDocument();
    expect(fake.api.session).toMatchObject({ token: testSession.token, userId: testSession.userId });
  });
});
