import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { contextAt, DEMO_PASSWORD, dialogShown, fromAccountMenu, outboxLink, signIn } from '../journey.ts';

const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

/** The demo platform's id: the register page names it when the host is not the platform's domain. */
async function demoPlatformId(): Promise<string> {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM platforms WHERE domain = 'localhost'");
  if (!rows[0]) throw new Error('the demo platform is not seeded');
  return rows[0].id;
}

describe('user administration', () => {
  it('a visitor requests an account; an admin approves, finds, deactivates and reactivates it; the user signs in', async () => {
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `applicant-${stamp}@example.test`;
    const firstName = 'Rhea';
    const lastName = `Requester${stamp}`;
    const fullName = `${firstName} ${lastName}`;
    const password = 'my chosen long password';

    // The visitor, with no session: from the sign-in page to the request form.
    const visitorContext = await contextAt(browser, 1280);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${baseUrl}/login`);
    await visitor.getByRole('link', { name: 'Request an account' }).click();
    await visitor.getByRole('heading', { name: 'Request an account', level: 1 }).waitFor();
    expect(new URL(visitor.url()).pathname).toBe('/register');
    // This server answers on 127.0.0.1, not the demo platform's domain: the link names the platform.
    await visitor.goto(`${baseUrl}/register?platformId=${await demoPlatformId()}`);
    await visitor.getByRole('heading', { name: 'Request an account', level: 1 }).waitFor();
    await visitor.getByRole('button', { name: 'Send request' }).click();
    await visitor.getByText('Enter your first name').first().waitFor();
    expect(await visitor.title()).toMatch(/^Error: /);
    await screenshot(visitor, 'register-errors');

    await visitor.getByLabel('First name').fill(firstName);
    await visitor.getByLabel('Last name').fill(lastName);
    await visitor.getByLabel(/^Email address/).fill(email);
    await visitor.getByRole('combobox', { name: /^Organisation/ }).click();
    await visitor.getByRole('option', { name: 'National Pharmacovigilance Centre' }).click();
    await visitor.getByLabel(/^Create a password/).fill(password);
    await visitor.getByLabel(/^Confirm your password/).fill(password);
    await visitor.getByLabel(/^Why do you need an account/).fill('I report reactions for our clinic.');
    await screenshot(visitor, 'register-form');
    await visitor.getByRole('button', { name: 'Send request' }).click();
    await visitor.getByRole('heading', { name: 'Check your email', level: 1 }).waitFor();
    await visitor.getByText(`We have sent a link to ${email}.`).waitFor();
    await screenshot(visitor, 'register-sent');

    // The request reaches the administrators only once the visitor opens the link mailed to
    // them (read from the outbox, where the mailer records what it sends).
    const link = new URL(await outboxLink(db, email, /\S+\/verify-email\?token=\S+/));
    await visitor.goto(`${baseUrl}${link.pathname}${link.search}`);
    await visitor.getByRole('button', { name: 'Confirm my email address' }).click();
    await visitor.getByRole('heading', { name: 'Your email address is confirmed', level: 1 }).waitFor();
    await screenshot(visitor, 'register-email-confirmed');

    // The organisation's administrator approves the request.
    const adminContext = await contextAt(browser, 1280);
    const admin = await adminContext.newPage();
    await signIn(admin, 'orgadmin@demo.vigilo.test', DEMO_PASSWORD);
    await admin.getByRole('link', { name: 'Change requests' }).click();
    await admin.getByRole('heading', { name: 'Change requests', level: 1 }).waitFor();
    const card = admin.getByRole('article', { name: `New account: ${fullName}` });
    await card.getByText('I report reactions for our clinic.').waitFor();
    await card.getByRole('cell', { name: email }).first().waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(admin, 'users-change-request');
    await card.getByRole('button', { name: 'Approve' }).click();
    // Approved, it leaves the pending queue and shows under "Approved".
    await card.waitFor({ state: 'detached' });
    await admin.getByText('Approved', { exact: true }).click();
    await card.getByText('Approved', { exact: true }).waitFor();
    await screenshot(admin, 'users-change-request-approved');

    // Finds the new user, deactivates and reactivates the account.
    await admin.getByRole('link', { name: 'Users', exact: true }).click();
    await admin.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await admin.getByLabel('Name, email or username').fill(email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByRole('link', { name: fullName }).waitFor();
    await screenshot(admin, 'users-search');
    await admin.getByRole('link', { name: fullName }).click();
    await admin.getByRole('heading', { name: fullName, level: 1 }).waitFor();
    await admin.getByText(email).first().waitFor();
    await screenshot(admin, 'users-detail');

    await admin.getByRole('main').getByRole('button', { name: 'Deactivate account' }).click();
    const deactivate = admin.getByRole('dialog', { name: 'Deactivate this account?' });
    await deactivate.getByRole('button', { name: 'Deactivate account' }).waitFor();
    await dialogShown(admin);
    await deactivate.getByLabel('Reason (kept in the audit log)').fill('Testing the journey');
    await screenshot(admin, 'users-deactivate-confirm');
    await deactivate.getByRole('button', { name: 'Deactivate account' }).click();
    await admin.getByText('The account has been deactivated.').waitFor();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    await admin.getByRole('main').getByRole('button', { name: 'Reactivate account' }).waitFor();
    await screenshot(admin, 'users-deactivated');

    await admin.getByRole('main').getByRole('button', { name: 'Reactivate account' }).click();
    const reactivate = admin.getByRole('dialog', { name: 'Reactivate this account?' });
    await reactivate.getByRole('button', { name: 'Reactivate account' }).click();
    await admin.getByText('The account has been reactivated.').waitFor();
    await admin.getByRole('dialog').waitFor({ state: 'hidden' });
    await admin.getByRole('main').getByRole('button', { name: 'Deactivate account' }).waitFor();
    await screenshot(admin, 'users-reactivated');
    await adminContext.close();

    // The new user signs in with the password they chose.
    await signIn(visitor, email, password);
    await fromAccountMenu(visitor, 'My profile');
    await visitor.getByText(fullName).first().waitFor();
    await visitor.getByText(email).first().waitFor();
    await screenshot(visitor, 'users-new-user-profile');
    await visitorContext.close();
  });
});
