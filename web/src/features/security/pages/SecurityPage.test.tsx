import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { MfaMethod, SsoIdentity, SsoProviderLink } from '@vigilo/contract';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';
import { browser } from '../api/sso-links.ts';

const totpMethod: MfaMethod = {
  factorSid: '00000000-0000-4000-8000-00000000aaaa',
  method: 'totp',
  phoneNumber: null,
  rememberDevice: false,
  verified: true,
  createdAt: '2026-11-01T10:00:00.000Z',
};

const validationError = (field: string, message: string) =>
  new ApiRequestError(400, {
    code: 'VALIDATION_FAILED',
    statusCode: 400,
    message,
    error: 'Bad Request',
    meta: { fields: [{ field, message }] },
  });

const agencyLink: SsoIdentity = {
  id: '00000000-0000-4000-8000-00000000cccc',
  userId: testSession.userId,
  userEmail: 'ada@example.org',
  providerId: '00000000-0000-4000-8000-00000000dddd',
  providerName: 'Agency ID',
  issuer: 'https://login.agency.test',
  subject: 'ada-1',
  email: 'ada@agency.test',
  createdAt: '2026-11-01T10:00:00.000Z',
  lastLoginAt: '2026-11-01T10:00:00.000Z',
};

/** Ten made-up recovery codes starting with `prefix`. */
const tenCodes = (prefix: string) => Array.from({ length: 10 }, (_, i) => `${prefix}bcd${i}-fghj${i}`);

/** A fake API whose `request` answers by method and path, like the server would. */
function securityApi(
  initial: MfaMethod[] = [],
  sso: { links: SsoIdentity[]; providers: SsoProviderLink[] } = { links: [], providers: [] },
) {
  const fake = createFakeApi(testSession);
  let methods = [...initial];
  let links = [...sso.links];
  let recoveryLeft = initial.length ? 7 : 0;
  let sessions = [
    {
      id: '00000000-0000-4000-8000-0000000000f1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      ip: '192.0.2.10',
      createdAt: '2026-11-20T10:00:00.000Z',
      lastUsedAt: '2026-11-24T09:00:00.000Z',
      current: true,
    },
    {
      id: '00000000-0000-4000-8000-0000000000f2',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1',
      ip: '198.51.100.7',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastUsedAt: '2026-11-02T10:00:00.000Z',
      current: false,
    },
  ];
  const calls: { method: string; path: string; body?: unknown; query?: unknown }[] = [];
  const handlers: Record<string, (body: Record<string, string>) => unknown> = {
    'GET /v1/users/@me/mfa-methods': () => methods,
    [`GET /v1/platforms/${testSession.platformId}/mfa-methods`]: () => ({
      platformId: testSession.platformId,
      methods: ['totp', 'sms'],
    }),
    'POST /v1/setup/totp': (body) => {
      if (body.currentPassword !== 'my current password')
        throw validationError('body/currentPassword', 'The current password is not right');
      return {
        factorSid: totpMethod.factorSid,
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
        uri: 'otpauth://totp/x',
        qrCode: 'data:image/png;base64,AAAA',
      };
    },
    'POST /v1/setup/totp/verify': (body) => {
      if (body.code !== '123456') throw validationError('body/code', 'The code is not right');
      const first = methods.length === 0;
      methods = [totpMethod];
      if (!first) return totpMethod;
      recoveryLeft = 10;
      return { ...totpMethod, recoveryCodes: tenCodes('a') };
    },
    'GET /v1/users/@me/mfa-recovery-codes': () => ({
      remaining: recoveryLeft,
      createdAt: '2026-11-01T10:00:00.000Z',
    }),
    'POST /v1/users/@me/mfa-recovery-codes': (body) => {
      if (body.currentPassword !== 'my current password')
        throw validationError('body/currentPassword', 'The current password is not right');
      recoveryLeft = 10;
      return { remaining: 10, createdAt: '2026-11-24T10:00:00.000Z', codes: tenCodes('n') };
    },
    'GET /v1/users/@me/sessions': () => sessions,
    'DELETE /v1/users/@me/sessions/00000000-0000-4000-8000-0000000000f2': () => {
      sessions = sessions.filter((x) => x.current);
      return undefined;
    },
    'DELETE /v1/users/@me/sessions': () => {
      sessions = [];
      return undefined;
    },
    'POST /v1/users/@me/mfa-methods': (body) => ({
      ...totpMethod,
      factorSid: '00000000-0000-4000-8000-00000000bbbb',
      method: 'sms',
      phoneNumber: body.phoneNumber?.replace(/\s/g, ''),
      verified: false,
    }),
    'PUT /v1/users/@me/mfa-methods': () => {
      const sms = {
        ...totpMethod,
        factorSid: '00000000-0000-4000-8000-00000000bbbb',
        method: 'sms' as const,
        phoneNumber: '+447700900123',
      };
      methods = [...methods, sms];
      return sms;
    },
    'DELETE /v1/users/@me/mfa-methods': () => {
      methods = [];
      return undefined;
    },
    'GET /v1/sso/identities': () => links,
    'GET /v1/sso-providers': () => sso.providers,
    [`DELETE /v1/sso/identities/${agencyLink.id}`]: () => {
      links = [];
      return undefined;
    },
    'POST /v1/sso/link': (body) => {
      if (body.currentPassword !== 'my current password')
        throw validationError('body/currentPassword', 'The current password is not right');
      if (methods.length && body.code !== '123456')
        throw validationError('body/code', 'The code is not right');
      return { location: 'https://login.agency.test/auth?state=s' };
    },
  };
  (fake.api.request as ReturnType<typeof vi.fn>).mockImplementation(
    async (
      method: string,
      path: string,
      options: { body?: Record<string, string>; query?: unknown } = {},
    ) => {
      calls.push({ method, path, body: options.body, query: options.query });
      const handler = handlers[`${method} ${path}`];
      if (!handler) throw new Error(`unexpected ${method} ${path}`);
      return handler(options.body ?? {});
    },
  );
  const changePassword = vi.fn();
  Object.assign(fake.api, { changePassword });
  return { fake, calls, changePassword };
}

/** The two-step verification section (the password form has its own "Current password"). */
const mfaSection = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Two-step verification' })).closest('section') as HTMLElement,
  );

// Typing through user-event in jsdom is slow: these journeys get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

describe('SecurityPage', () => {
  it('is in the menu for every role and shows the empty state', async () => {
    const { fake } = securityApi();
    renderApp('/account/security', fake);
    expect(await screen.findByRole('heading', { name: 'Security', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('You have not set up two-step verification yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: /Security/ })).toHaveAttribute(
      'href',
      '/account/security',
    );
  });

  it('adds an authenticator app: password, QR code and key, then the first code', async () => {
    const { fake, calls } = securityApi();
    renderApp('/account/security', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    const password = (await mfaSection()).getByLabelText('Current password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('link', { name: 'Enter your current password' })).toBeInTheDocument();

    await userEvent.type(password, 'wrong password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('link', { name: 'The current password is not right' }),
    ).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'my current password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const qr = await screen.findByRole('img', { name: 'QR code to add Vigilo to your authenticator app' });
    expect(qr).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    const code = screen.getByLabelText('Verification code');
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('link', { name: /The code is not right/ })).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Your authenticator app is set up/)).toBeInTheDocument();
    expect(await screen.findByText('Authenticator app')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/v1/setup/totp/verify').at(-1)?.body).toEqual({
      factorSid: totpMethod.factorSid,
      code: '123456',
    });
  });

  it('adds a phone for text messages', async () => {
    const { fake, calls } = securityApi();
    renderApp('/account/security', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a phone for text messages' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(screen.getByRole('link', { name: 'Enter your mobile phone number' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Mobile phone number'), '+44 7700 900123');
    await userEvent.type((await mfaSection()).getByLabelText('Current password'), 'my current password');
    await userEvent.click(screen.getByRole('button', { name: 'Send a code' }));
    expect(await screen.findByText('We sent a code to +447700900123.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Verification code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText(/Text-message codes are set up/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      factorSid: '00000000-0000-4000-8000-00000000bbbb',
      code: '654321',
    });
  });

  it('removes a method after the current password', async () => {
    const { fake, calls } = securityApi([totpMethod]);
    renderApp('/account/security', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Authenticator app' }));
    await userEvent.type((await mfaSection()).getByLabelText('Current password'), 'my current password');
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('The verification method has been removed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({
      query: { factorSid: totpMethod.factorSid, method: 'totp' },
      body: { currentPassword: 'my current password' },
    });
    expect(await screen.findByText('You have not set up two-step verification yet.')).toBeInTheDocument();
  });

  it('changes the password with the rules checked first', async () => {
    const { fake, changePassword } = securityApi();
    changePassword.mockRejectedValueOnce(
      validationError('body/currentPassword', 'The current password is not right'),
    );
    changePassword.mockResolvedValueOnce(undefined);
    renderApp('/account/security', fake);
    const form = (await screen.findByRole('heading', { name: 'Change your password' })).closest('section')!;
    const scope = within(form as HTMLElement);
    await userEvent.click(scope.getByRole('button', { name: 'Change password' }));
    expect(scope.getByRole('link', { name: 'Enter your current password' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Error: Security – Vigilo'));

    await userEvent.type(scope.getByLabelText('Current password'), 'old one');
    await userEvent.type(scope.getByLabelText('New password'), 'short');
    await userEvent.click(scope.getByRole('button', { name: 'Change password' }));
    expect(
      scope.getByRole('link', { name: 'Your password must be at least 12 characters' }),
    ).toBeInTheDocument();

    await userEvent.clear(scope.getByLabelText('New password'));
    await userEvent.type(scope.getByLabelText('New password'), 'a long new passphrase');
    await userEvent.type(scope.getByLabelText('Type the new password again'), 'a long new passphrase');
    await userEvent.click(scope.getByRole('button', { name: 'Change password' }));
    expect(await scope.findByRole('link', { name: 'The current password is not right' })).toBeInTheDocument();
    await userEvent.click(scope.getByRole('button', { name: 'Change password' }));
    expect(await scope.findByText(/Your other devices have been signed out/)).toBeInTheDocument();
    expect(changePassword).toHaveBeenLastCalledWith({
      currentPassword: 'old one',
      password: 'a long new passphrase',
    });
  });

  it('lists linked sign-in providers, unlinks one, and links one after password and code', async () => {
    const provider = { id: agencyLink.providerId!, name: 'Agency ID', startUrl: '/v1/sso/x/start' };
    const { fake, calls } = securityApi([totpMethod], { links: [agencyLink], providers: [provider] });
    const assign = vi.spyOn(browser, 'go').mockImplementation(() => undefined);
    try {
      renderApp('/account/security', fake);
      const section = within(
        (await screen.findByRole('heading', { name: 'Sign-in providers' })).closest('section') as HTMLElement,
      );
      expect(await section.findByText('Agency ID')).toBeInTheDocument();
      expect(section.getByText(/ada@agency.test/)).toBeInTheDocument();
      expect(calls).toContainEqual(
        expect.objectContaining({ path: '/v1/sso-providers', query: { platformId: testSession.platformId } }),
      );

      await userEvent.click(section.getByRole('button', { name: 'Unlink Agency ID' }));
      expect(await section.findByRole('status')).toHaveTextContent('The sign-in provider was unlinked.');
      expect(await section.findByText('No sign-in provider is linked to your account.')).toBeInTheDocument();

      await userEvent.click(section.getByRole('button', { name: 'Link a sign-in provider' }));
      await userEvent.click(section.getByRole('button', { name: 'Continue to the provider' }));
      expect(section.getByRole('link', { name: 'Enter your current password' })).toBeInTheDocument();
      expect(section.getByRole('link', { name: 'Enter the verification code' })).toBeInTheDocument();
      await userEvent.type(section.getByLabelText('Current password'), 'my current password');
      await userEvent.type(section.getByLabelText('Verification code'), '123 456');
      await userEvent.click(section.getByRole('button', { name: 'Continue to the provider' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.agency.test/auth?state=s'));
      expect(calls).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: '/v1/sso/link',
          body: {
            providerId: provider.id,
            currentPassword: 'my current password',
            code: '123456',
            method: 'totp',
          },
        }),
      );
    } finally {
      assign.mockRestore();
    }
  });

  it('shows no sign-in provider section on a platform without providers', async () => {
    const { fake, calls } = securityApi();
    renderApp('/account/security', fake);
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/v1/sso-providers'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Sign-in providers' })).not.toBeInTheDocument();
  });

  it('shows the recovery codes once when the first factor is turned on, and makes new ones after the password', async () => {
    const { fake, calls } = securityApi();
    renderApp('/account/security', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add an authenticator app' }));
    await userEvent.type((await mfaSection()).getByLabelText('Current password'), 'my current password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tenCodes('a'));
    expect(screen.getByText('Save your recovery codes now')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    // Gone for good from the page: only the count stays.
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(await screen.findByText('You have 10 unused recovery codes.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Make new recovery codes' }));
    const section = screen.getByRole('region', { name: 'Recovery codes' });
    await userEvent.type(within(section).getByLabelText('Current password'), 'my current password');
    await userEvent.click(within(section).getByRole('button', { name: 'Make new recovery codes' }));
    const fresh = await screen.findByTestId('recovery-codes');
    expect(
      within(fresh)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(tenCodes('n'));
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/v1/users/@me/mfa-recovery-codes',
      body: { currentPassword: 'my current password' },
      query: undefined,
    });
  });

  it('lists where you are signed in and signs one session out', async () => {
    const { fake, calls } = securityApi([totpMethod]);
    renderApp('/account/security', fake);
    const table = await screen.findByRole('table', { name: 'Where you are signed in' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    expect(rows[1]).toHaveTextContent('This device');
    expect(rows[1]).toHaveTextContent('192.0.2.10');
    expect(rows[2]).toHaveTextContent('Safari on iPhone');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    expect(await screen.findByText('That session has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByText('Safari on iPhone')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'DELETE /v1/users/@me/sessions/00000000-0000-4000-8000-0000000000f2',
    );
    expect(fake.api.session.token).toBe(testSession.token);
  });

  it('"sign out everywhere" asks first, then ends every session and this one', async () => {
    const { fake, calls } = securityApi([totpMethod]);
    const { router } = renderApp('/account/security', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(screen.getByText(/this one too/)).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).not.toContain('DELETE /v1/users/@me/sessions');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /v1/users/@me/sessions');
    expect(fake.api.session.token).toBeNull();
  });
});
