import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/render.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('ResetPasswordPage', () => {
  it('shows the rules, checks both fields, sets the password and offers to sign in', async () => {
    const fake = createFakeApi();
    const request = fake.api.request as ReturnType<typeof vi.fn>;
    request.mockResolvedValue(undefined);
    renderApp('/reset-password?token=abc123', fake);
    expect(await screen.findByText('be at least 12 characters long')).toBeInTheDocument();
    expect(screen.getByText('not be your email address')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password'), 'too short');
    await userEvent.type(screen.getByLabelText('Type the new password again'), 'something else');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      screen.getByRole('link', { name: 'Your password must be at least 12 characters' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The two passwords are not the same' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Error: Choose a new password – Vigilo'));
    expect(request).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.clear(screen.getByLabelText('Type the new password again'));
    await userEvent.type(screen.getByLabelText('New password'), 'a long new passphrase');
    await userEvent.type(screen.getByLabelText('Type the new password again'), 'a long new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/change-password', {
      body: { resetToken: 'abc123', password: 'a long new passphrase' },
      skipRefresh: true,
    });
    expect(
      await screen.findByRole('heading', { name: 'Your password has been changed', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('explains a used or expired link and offers a new one', async () => {
    const fake = createFakeApi();
    (fake.api.request as ReturnType<typeof vi.fn>).mockRejectedValue(
      new ApiRequestError(400, {
        code: 'RESET_TOKEN_INVALID',
        statusCode: 400,
        message: 'This reset link is not valid any more: ask for a new one',
        error: 'Bad Request',
        meta: {},
      }),
    );
    renderApp('/reset-password?token=used', fake);
    await userEvent.type(await screen.findByLabelText('New password'), 'a long new passphrase');
    await userEvent.type(screen.getByLabelText('Type the new password again'), 'a long new passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('This link has expired or has already been used. Ask for a new one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('without a token, points to the forgotten-password page', async () => {
    renderApp('/reset-password', createFakeApi());
    expect(
      await screen.findByText('This page needs the link from the password reset email.'),
    ).toBeInTheDocument();
  });
});
