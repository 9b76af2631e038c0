import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/render.tsx';
import { answerRequests } from '../../invites/testing.ts';

describe('VerifyEmailPage', { timeout: 30_000 }, () => {
  it('confirms on a click (never on load) and says what happened', async () => {
    const fake = createFakeApi();
    const request = fake.api.request as Mock;
    answerRequests(request, { 'POST /v1/verify/email': () => ({ purpose: 'account_request' }) });
    renderApp('/verify-email?token=abc%2Bdef', fake);
    expect(
      await screen.findByRole('heading', { name: 'Confirm your email address', level: 1 }),
    ).toBeInTheDocument();
    expect(request).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(
      await screen.findByRole('heading', { name: 'Your email address is confirmed' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('has gone to an administrator of the organisation');
    expect(request).toHaveBeenCalledWith('POST', '/v1/verify/email', {
      body: { token: 'abc+def' },
      skipRefresh: true,
    });
    expect(document.title).toBe('Your email address is confirmed – Vigilo');
  });

  it('a new sign-in email: says to sign in with it', async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'POST /v1/verify/email': () => ({ purpose: 'email_change' }),
    });
    renderApp('/verify-email?token=t', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    expect(
      await screen.findByRole('heading', { name: 'Your sign-in email has changed' }),
    ).toBeInTheDocument();
  });

  it("shows a used or expired link's refusal, and explains a missing token", async () => {
    const fake = createFakeApi();
    answerRequests(fake.api.request as Mock, {
      'POST /v1/verify/email': () => {
        throw new ApiRequestError(400, {
          code: 'EMAIL_LINK_INVALID',
          statusCode: 400,
          message: 'This link has expired or has already been used',
          error: 'Bad Request',
          meta: {},
        });
      },
    });
    renderApp('/verify-email?token=used', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByText('Your email address could not be confirmed')).toBeInTheDocument();
    expect(screen.getByText('This link has expired or has already been used.')).toBeInTheDocument();

    renderApp('/verify-email', createFakeApi());
    expect(await screen.findByText(/This page needs the link from your email/)).toBeInTheDocument();
  });
});
