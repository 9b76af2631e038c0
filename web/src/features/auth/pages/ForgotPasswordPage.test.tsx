import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp } from '../../../test/render.tsx';

vi.setConfig({ testTimeout: 20_000 });

describe('ForgotPasswordPage', () => {
  it('asks for the name, then says a link was sent if the account exists', async () => {
    const fake = createFakeApi();
    const request = fake.api.request as ReturnType<typeof vi.fn>;
    request.mockResolvedValue(undefined);
    renderApp('/forgot-password', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(screen.getByRole('link', { name: 'Enter your email address or username' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Error: Reset your password – Vigilo'));
    expect(request).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email or username'), ' ada@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/reset-password', {
      body: { email: 'ada@example.org' },
      skipRefresh: true,
    });
    expect(await screen.findByRole('heading', { name: 'Check your email', level: 1 })).toBeInTheDocument();
    expect(
      screen.getByText('If an account exists for ada@example.org, we have sent a link to its email address.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('sends a name without "@" as the username', async () => {
    const fake = createFakeApi();
    const request = fake.api.request as ReturnType<typeof vi.fn>;
    request.mockResolvedValue(undefined);
    renderApp('/forgot-password', fake);
    await userEvent.type(await screen.findByLabelText('Email or username'), 'ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(request).toHaveBeenCalledWith('POST', '/v1/reset-password', {
      body: { username: 'ada' },
      skipRefresh: true,
    });
  });
});
