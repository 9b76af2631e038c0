import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';

const sessionAnswer = {
  token: testSession.token,
  refreshToken: testSession.refreshToken,
  id: testSession.userId,
  platformId: testSession.platformId,
  organisationId: testSession.organisationId,
};

const refusal = (code: string, message: string) =>
  new ApiRequestError(403, { code, statusCode: 403, message, error: 'Forbidden', meta: {} });

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => window.localStorage.clear());

async function signIn(identifier: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email or username'), identifier);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Assessor sign-in', () => {
  it('is linked from the sign-in page and signs in through POST /v1/login/assessor', async () => {
    const fake = createFakeApi();
    fake.loginAssessor.mockImplementation(async () => {
      fake.setSession(testSession);
      return sessionAnswer;
    });
    const { router } = renderApp('/login', fake);
    await userEvent.click(
      await screen.findByRole('link', { name: 'Are you an assessor? Sign in as an assessor' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/assessor'));
    expect(await screen.findByRole('heading', { name: 'Assessor sign-in', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Assessor sign-in – Vigilo'));
    await signIn('assessor@example.org', 'right password');
    expect(fake.loginAssessor).toHaveBeenCalledWith({
      email: 'assessor@example.org',
      password: 'right password',
    });
    expect(fake.login).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: 'My reports', level: 1 })).toBeInTheDocument();
  });

  it('answers /assessor with the assessor sign-in page', async () => {
    const { router } = renderApp('/assessor', createFakeApi());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/assessor'));
    expect(await screen.findByRole('heading', { name: 'Assessor sign-in', level: 1 })).toBeInTheDocument();
  });

  it('sends an assessor refused at the general page to the assessor page, with the reason in words', async () => {
    const fake = createFakeApi();
    fake.login.mockRejectedValue(refusal('ASSESSOR_SIGN_IN_REQUIRED', 'server words'));
    const { router } = renderApp('/login', fake);
    await signIn('assessor@example.org', 'right password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This is an assessor account. Sign in on the assessor sign-in page.');
    await userEvent.click(screen.getByRole('link', { name: 'Go to the assessor sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login/assessor'));
  });

  it('sends a non-assessor refused at the assessor page back to the general page', async () => {
    const fake = createFakeApi();
    fake.loginAssessor.mockRejectedValue(refusal('STANDARD_SIGN_IN_REQUIRED', 'server words'));
    const { router } = renderApp('/login/assessor', fake);
    await signIn('staff@example.org', 'right password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This account is not an assessor account. Sign in on the general sign-in page.',
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go to the general sign-in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in', level: 1 })).toBeInTheDocument();
  });

  it('tells someone whose account request waits that it waits, not that the password is wrong', async () => {
    const fake = createFakeApi();
    fake.login.mockRejectedValue(refusal('ACCOUNT_PENDING_APPROVAL', 'server words'));
    renderApp('/login', fake);
    await signIn('applicant@example.org', 'right password');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your request is waiting for approval.');
    expect(alert).not.toHaveTextContent(/password/i);
  });
});
