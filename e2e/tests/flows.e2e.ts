import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../browser.ts';

// Journeys of issue 10 (items 1, 2, 11): the assessor door, recovery codes, sessions, deletion.
const baseUrl = inject('baseUrl');
const password = 'vigilo-demo-2026';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

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
    await page.getByText('The email, username or password is not right').waitFor();
    await fillSignIn(page, 'assessor@demo.vigilo.test');
    await page.getByText('This is an assessor account. Sign in on the assessor sign-in page.').waitFor();
    await screenshot(page, 'flows-assessor-refused');
    await page.getByRole('link', { name: 'Go to the assessor sign-in' }).click();
    await page.getByRole('heading', { name: 'Assessor sign-in', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login/assessor');
    await fillSignIn(page, 'assessor@demo.vigilo.test');
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
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
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
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
