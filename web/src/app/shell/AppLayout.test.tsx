import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, renderApp, testSession } from '../../test/render.tsx';

describe('AppLayout', () => {
  it('starts with a skip link to the main region', async () => {
    renderApp('/profile', createFakeApi(testSession));
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('switches the interface to French, sets <html lang>, remembers the choice and saves it to the account', async () => {
    const fake = createFakeApi(testSession);
    // The account as the server keeps it: the PUT changes what GET answers next.
    let saved = makeUser({ language: 'en' });
    fake.getUser.mockImplementation(async () => saved);
    const request = fake.api.request as Mock;
    request.mockImplementation(async (_method: string, _path: string, { body }: { body: object }) => {
      saved = { ...saved, ...body };
      return saved;
    });
    renderApp('/profile', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Français' }));

    expect(await screen.findByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('vigilo.language')).toBe('fr');
    await waitFor(() => expect(document.title).toBe('Mon profil – Vigilo'));
    expect(screen.getByRole('button', { name: 'Menu du compte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('lang', 'en');
    expect(request).toHaveBeenCalledWith('PUT', '/v1/users/@me', { body: { language: 'fr' } });
    await waitFor(() => expect(fake.getUser).toHaveBeenCalledTimes(2));
    expect(screen.getByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
  });

  it("speaks the account's saved language after signing in on a browser that never chose one", async () => {
    window.localStorage.removeItem('vigilo.language');
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ language: 'fr' }));
    renderApp('/profile', fake);
    expect(await screen.findByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('vigilo.language')).toBe('fr');
    // Applying the account's own language saves nothing back.
    expect(fake.api.request).not.toHaveBeenCalledWith('PUT', '/v1/users/@me', expect.anything());
  });

  it('toggles the colour scheme', async () => {
    renderApp('/profile', createFakeApi(testSession));
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(await screen.findByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  it('shows unknown addresses as "Page not found" inside the shell when signed in', async () => {
    renderApp('/no/such/page', createFakeApi(testSession));
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });

  it('shows unknown addresses plainly when signed out', async () => {
    renderApp('/no/such/page', createFakeApi());
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' })).toHaveAttribute('href', '/login');
  });

  it('opens the account menu from the keyboard (its code loads on the press) and gives the focus back on Escape', async () => {
    renderApp('/profile', createFakeApi(testSession));
    const button = await screen.findByRole('button', { name: 'Account menu' });
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Account menu' }));
  });
});
