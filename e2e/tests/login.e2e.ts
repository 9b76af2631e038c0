import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

describe('signing in', () => {
  it('a demo user signs in through the web app and sees their profile', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/profile`);
    // Not signed in: the app sends us to the login page.
    await page.getByLabel('Email or username').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login');

    await page.getByLabel('Email or username').fill('staff@demo.vigilo.test');
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(/username or password is not right/).waitFor();
    await screenshot(page, 'login-error');

    await page.getByLabel('Password').fill('vigilo-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByText('staff@demo.vigilo.test').first().waitFor();
    await page.getByText('National Pharmacovigilance Centre').first().waitFor();
    await screenshot(page, 'profile');

    // The session survives a reload, and signing out returns to the login page.
    await page.reload();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email or username').waitFor();
    await page.close();
  });

  it('an unknown page shows the not-found page', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/no/such/page`);
    await page
      .getByText(/not found/i)
      .first()
      .waitFor();
    await screenshot(page, 'not-found');
    await page.close();
  });
});
