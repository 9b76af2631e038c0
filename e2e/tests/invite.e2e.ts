import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { axeViolations, contextAt, fromAccountMenu, outboxLink, signIn } from '../journey.ts';

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

/** The invitation link of the newest mail to `email`. */
const inviteLink = async (email: string) =>
  `${baseUrl}${await outboxLink(db, email, /\/invite\/accept\?token=[\w%-]+/)}`;

describe('inviting a user', () => {
  it('an organisation admin invites someone, who accepts, lands on the inbox and signs in again', async () => {
    const email = `invitee-${Date.now()}@example.test`;
    const password = 'a new long password';

    const adminContext = await contextAt(browser, 1280, { height: 800 });
    const admin = await adminContext.newPage();
    await signIn(admin, 'orgadmin@demo.vigilo.test');
    await admin.getByRole('link', { name: 'Invites' }).click();
    await admin.getByRole('heading', { name: 'Invites', level: 1 }).waitFor();
    await admin.getByLabel('Email address').fill(email);
    await screenshot(admin, 'invite-form');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${email}.`).waitFor();
    await admin.getByRole('table', { name: 'Pending invites' }).getByText(email).waitFor();
    await screenshot(admin, 'invite-sent');
    // The pending list's Resend and Revoke, light and dark: contrast on a striped row, and names
    // that start with the words shown (axe's label-content-name-mismatch is on).
    expect(await axeViolations(admin)).toEqual([]);
    await admin.emulateMedia({ colorScheme: 'dark' });
    await admin.reload();
    await admin.getByRole('button', { name: `Resend the invitation to ${email}` }).waitFor();
    expect(await axeViolations(admin)).toEqual([]);
    await screenshot(admin, 'invite-sent-dark');
    await adminContext.close();

    // The invitee, in a browser with no session.
    const context = await contextAt(browser, 1280, { height: 800 });
    const page = await context.newPage();
    await page.goto(await inviteLink(email));
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    await page.getByText(/invited to join National Pharmacovigilance Centre/).waitFor();
    await page.getByText(email).waitFor();
    await screenshot(page, 'invite-accept');
    await page.getByRole('button', { name: 'Accept and sign in' }).click();
    await page.getByText('Enter your first name').first().waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    await screenshot(page, 'invite-accept-errors');
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Invitee');
    await page.getByLabel('Create a password').fill(password);
    await page.getByRole('button', { name: 'Accept and sign in' }).click();

    // Invited as staff: the inbox is where their work is (decision 0287); the profile is in the account menu.
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/cases');
    await fromAccountMenu(page, 'My profile');
    await page.getByText('Ivy Invitee').first().waitFor();
    await page.getByRole('cell', { name: 'Organisation staff' }).waitFor();
    await screenshot(page, 'invite-profile');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await fromAccountMenu(page, 'My profile');
    await page.getByText(email).first().waitFor();

    // The link works once.
    await page.goto(await inviteLink(email));
    await page.getByText('This invitation link cannot be used').waitFor();
    await screenshot(page, 'invite-used');
    await context.close();
  });

  it('administrators see organisations and user groups', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'platformadmin@demo.vigilo.test');
    await page.getByRole('link', { name: 'Organisations' }).click();
    await page.getByRole('link', { name: 'National Pharmacovigilance Centre' }).waitFor();
    await screenshot(page, 'organisations');
    await page.getByRole('link', { name: 'National Pharmacovigilance Centre' }).click();
    await page.getByRole('heading', { name: 'National Pharmacovigilance Centre', level: 1 }).waitFor();
    await page.getByText('Pharmacovigilance desk').waitFor();
    await page.getByText('EudraVigilance (EMA)').waitFor();
    await page.getByRole('cell', { name: 'Manchester' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'organisation-detail');

    await page.getByRole('link', { name: 'User groups' }).click();
    await page.getByRole('combobox', { name: 'Organisation' }).click();
    await page.getByRole('option', { name: 'National Pharmacovigilance Centre' }).click();
    await page.getByRole('link', { name: 'Vaccine safety team' }).click();
    await page.getByRole('heading', { name: 'Vaccine safety team', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Remove London' }).waitFor();
    // The users' list pages as accounts are added (other journeys invite theirs): find Sam by name.
    const users = page.getByRole('form', { name: 'Users' });
    await users.getByRole('textbox', { name: 'Search' }).fill('Sam Staff');
    await users.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Add Sam Staff' }).click();
    await page.getByRole('button', { name: 'Remove Sam Staff' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'user-group');
    // And out again: in the group Sam would see only London's vaccine reports, which the later
    // journeys signing in as Sam do not expect.
    await page.getByRole('button', { name: 'Remove Sam Staff' }).click();
    await page.getByRole('button', { name: 'Add Sam Staff' }).waitFor();
    await context.close();
  });
});
