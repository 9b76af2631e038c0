import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { contextAt, fromAccountMenu, signIn } from '../journey.ts';

const baseUrl = inject('baseUrl');
// A demo account; the test removes the method it adds, so it can run again.
const email = 'reporter@demo.vigilo.test';
const password = 'vigilo-demo-2026';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

/** The two-step verification section (the password form below has its own "Current password"). */
const mfaSection = (page: Page) =>
  page.locator('section', { has: page.getByRole('heading', { name: 'Two-step verification' }) });

describe('two-step verification with an authenticator app', () => {
  it('a user sets up TOTP on the security page, signs out, and signs in with a code', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, email, password);

    // Security is in the account menu (decision 0287).
    await fromAccountMenu(page, 'Security');
    await page.getByText('You have not set up two-step verification yet.').waitFor();
    await screenshot(page, 'security');

    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    await mfaSection(page).getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('img', { name: 'QR code to add Vigilo to your authenticator app' }).waitFor();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await screenshot(page, 'security-totp-qr');

    await page.getByLabel('Verification code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByText('Your authenticator app is set up').waitFor();
    await page.getByText('Authenticator app', { exact: true }).waitFor();
    await screenshot(page, 'security-totp-on');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email or username').waitFor();

    // The code of the set-up's time step is spent: the app's next code (one step of drift) works.
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const code = page.getByLabel('Authentication code');
    await code.waitFor();
    await screenshot(page, 'login-totp');
    await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/home');

    // Clean up: remove the method (with the password), so the demo account is as before.
    await fromAccountMenu(page, 'Security');
    await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
    await mfaSection(page).getByLabel('Current password').fill(password);
    await mfaSection(page).getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('The verification method has been removed.').waitFor();
    await page.getByText('You have not set up two-step verification yet.').waitFor();
    await context.close();
  });
});
