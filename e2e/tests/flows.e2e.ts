import { generate } from 'otplib';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';

// Journeys of issue 10 (items 1, 2, 11): the assessor door, recovery codes, sessions, deletion.
const baseUrl = inject('baseUrl');
const password = 'vigilo-demo-2026';
let browser: Browser;

const db = new pg.Client({ connectionString: inject('databaseUrl') });

beforeAll(async () => {
  browser = await connectBrowser();
  await db.connect();
  // The e2e database may outlive a run: the account these journeys change starts as seeded.
  const hospital = `(SELECT id FROM users WHERE email = 'hospital@demo.vigilo.test')`;
  await db.query(`DELETE FROM mfa_factors WHERE user_id = ${hospital}`);
  await db.query(`DELETE FROM mfa_recovery_codes WHERE user_id = ${hospital}`);
  await db.query(`UPDATE user_settings SET deletion_requested_at = NULL WHERE user_id = ${hospital}`);
  // Earlier runs' deliberate wrong passwords must not throttle this one.
  await db.query(`DELETE FROM login_attempts`);
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

async function fillSignIn(page: Page, email: string, secret = password) {
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(secret);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('the assessor sign-in', () => {
  it('an assessor refused at the general page follows the link to the assessor page and signs in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${baseUrl}/login`);
    // A wrong password says nothing about the account.
    await fillSignIn(page, 'assessor@demo.vigilo.test', 'not the password');
    await page.getByText(/username or password is not right/).waitFor();
    await fillSignIn(page, 'assessor@demo.vigilo.test');
    await page.getByText('This is an assessor account. Sign in on the assessor sign-in page.').waitFor();
    await screenshot(page, 'flows-assessor-refused');
    await page.getByRole('link', { name: 'Go to the assessor sign-in' }).click();
    await page.getByRole('heading', { name: 'Assessor sign-in', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/assessor');
    await fillSignIn(page, 'assessor@demo.vigilo.test');
    // An assessor lands on the review queue (decision 0287).
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await screenshot(page, 'flows-assessor-signed-in');

    // /assessor is the same door.
    const other = await browser.newPage();
    await other.goto(`${baseUrl}/assessor`);
    await other.getByRole('heading', { name: 'Assessor sign-in', level: 1 }).waitFor();
    await other.close();
    await page.close();
  });
});

describe('asking for your account to be deleted', () => {
  it('a user confirms the request in a dialog that says what will happen, then withdraws it', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    // The request is withdrawn at the end: the demo account is as before.
    await fillSignIn(page, 'hospital@demo.vigilo.test');
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/account`);
    await page.getByRole('button', { name: 'Ask for my account to be deleted' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask for your account to be deleted?' });
    await dialog.getByText('This cannot be undone', { exact: false }).waitFor();
    await screenshot(page, 'flows-deletion-confirm');
    await dialog.getByRole('button', { name: 'Yes, ask for deletion' }).click();
    await page.getByText('You asked for your account to be deleted').waitFor();
    // The request holds across a reload (it is the server's), and is withdrawn from there.
    await page.reload();
    await page.getByRole('button', { name: 'Withdraw my request' }).click();
    await page.getByText('Your deletion request has been withdrawn.').waitFor();
    await screenshot(page, 'flows-deletion-withdrawn');
    await page.reload();
    await page.getByRole('button', { name: 'Ask for my account to be deleted' }).waitFor();
    await page.close();
  });
});

describe('recovery codes and sessions', () => {
  it('a lost phone: sign in with a recovery code; then sign out everywhere ends every session', async () => {
    const email = 'hospital@demo.vigilo.test';
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await laptop.newPage();
    await page.goto(`${baseUrl}/login`);
    await fillSignIn(page, email);
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/account/security`);
    await page.getByRole('button', { name: 'Add an authenticator app' }).click();
    const mfa = page.locator('section', {
      has: page.getByRole('heading', { name: 'Two-step verification' }),
    });
    await mfa.getByLabel('Current password').fill(password);
    await page.getByRole('button', { name: 'Continue' }).click();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    await page.getByLabel('Verification code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    // Ten codes, shown this once.
    await page.getByTestId('recovery-codes').waitFor();
    const codes = (await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents()).map(
      (c) => c.trim(),
    );
    expect(codes).toHaveLength(10);
    await screenshot(page, 'flows-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('You have 10 unused recovery codes.').waitFor();

    // Another device, without the phone: password, then a recovery code.
    const phoneless = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await phoneless.newPage();
    await other.goto(`${baseUrl}/login`);
    await fillSignIn(other, email);
    await other.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await other.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
    await screenshot(other, 'flows-recovery-sign-in');
    await other.getByRole('button', { name: 'Sign in' }).click();
    await other.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();

    // The laptop sees both sessions, and signs out everywhere.
    await page.reload();
    const sessions = page.getByRole('table', { name: 'Where you are signed in' });
    await sessions.getByText('This device').waitFor();
    expect(await sessions.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'flows-sessions');
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
    await page.getByLabel('Email or username').waitFor();
    // The other device is out too: its next request finds the session over.
    await other.goto(`${baseUrl}/account`);
    await other.getByLabel('Email or username').waitFor();
    expect(new URL(other.url()).pathname).toBe('/login');

    // A used code does not work twice; another one does. Then the account is put back as it was.
    await fillSignIn(page, email);
    await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[0]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This recovery code is not right, or it has already been used.').waitFor();
    await page.getByRole('textbox', { name: 'Recovery code' }).fill(codes[1]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Back where the session ended.
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    await page.getByText('You have 8 unused recovery codes.').waitFor();
    await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
    await mfa.getByLabel('Current password').fill(password);
    await mfa.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByText('You have not set up two-step verification yet.').waitFor();
    await phoneless.close();
    await laptop.close();
  });
});
