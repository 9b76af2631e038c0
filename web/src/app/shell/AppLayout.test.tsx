import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../test/render.tsx';

describe('AppLayout', () => {
  it('starts with a skip link to the main region', async () => {
    renderApp('/profile', createFakeApi(testSession));
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
  });

  it('switches the interface to French, sets <html lang> and remembers the choice', async () => {
    renderApp('/profile', createFakeApi(testSession));
    await userEvent.click(await screen.findByRole('button', { name: 'Language: English' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Français' }));

    expect(await screen.findByRole('heading', { name: 'Mon profil', level: 1 })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
    expect(window.localStorage.getItem('vigilo.language')).toBe('fr');
    await waitFor(() => expect(document.title).toBe('Mon profil – Vigilo'));
    expect(screen.getByRole('button', { name: 'Menu du compte' })).toBeInTheDocument();
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
});
