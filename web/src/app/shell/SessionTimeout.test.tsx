import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../test/render.tsx';
import { warningLead } from './SessionTimeout.tsx';

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('session end (decision 0038)', { timeout: 30_000 }, () => {
  it('warns two minutes before the end, or half-way through a short session', () => {
    expect(warningLead(30 * 60_000)).toBe(120_000);
    expect(warningLead(60_000)).toBe(30_000);
  });

  it('warns before the session times out; "Stay signed in" renews it and the warning goes', async () => {
    const fake = createFakeApi({ ...testSession, expiresAt: inSeconds(4), endsAt: inSeconds(3600) });
    const refresh = vi.fn(async () => {
      fake.setSession({ ...fake.api.session, expiresAt: inSeconds(3600) });
    });
    Object.assign(fake.api, { refresh });
    renderApp('/profile', fake);
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'You will be signed out soon' },
      { timeout: 5000 },
    );
    expect(dialog).toHaveTextContent(/you will be signed out in \d+ seconds? because you have not used it/);
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    expect(refresh).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.api.session.token).toBe(testSession.token);
  });

  it('at the end the session closes, and the sign-in page says why; what was typed comes back', async () => {
    const fake = createFakeApi({ ...testSession, expiresAt: inSeconds(3), endsAt: inSeconds(3600) });
    Object.assign(fake.api, { refresh: vi.fn() });
    const { router } = renderApp('/profile', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 6000 });
    expect(
      await screen.findByText(/You were signed out because you had not used Vigilo for a while/),
    ).toBeInTheDocument();
    expect(fake.api.session.token).toBeNull();
  });

  it('a session ended by the server (refresh refused) is also explained', async () => {
    const fake = createFakeApi({ ...testSession, expiresAt: inSeconds(3600) });
    const { router } = renderApp('/profile', fake);
    await screen.findByRole('heading', { name: 'My profile', level: 1 });
    fake.api.clearSession();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your session has ended. Sign in again to continue.')).toBeInTheDocument();
  });

  it('signing out yourself says nothing and forgets the drafts', async () => {
    window.sessionStorage.setItem(`vigilo.draft.${testSession.userId}.account`, '{"firstName":"x"}');
    const fake = createFakeApi(testSession);
    const { router } = renderApp('/profile', fake);
    await screen.findByRole('heading', { name: 'My profile', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByText(/session has ended|signed out because/)).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(`vigilo.draft.${testSession.userId}.account`)).toBeNull();
  });
});
