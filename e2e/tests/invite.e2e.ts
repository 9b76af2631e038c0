import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../browser.ts';

const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

/** The invitation link of the newest mail to `email`, read from the outbox (the e2e server has no SMTP). */
async function inviteLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const match = rows[0] && /\/invite\/accept\?token=[\w%-]+/.exec(rows[0].body_text);
    if (match) return `${baseUrl}${match[0]}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mail to ${email}`);
}

describe('inviting a user', () => {
  it('an organisation admin invites someone, who accepts, lands on the profile and signs in again', async () => {
    const email = `invitee-${Date.now()}@example.test`;
    const password = 'a new long password';

    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await admin.goto(`${baseUrl}/login`);
    await admin.getByLabel('Email or username').fill('orgadmin@demo.vigilo.test');
    await admin.getByLabel('Password').fill('vigilo-demo-2026');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { name: 'My profile' }).waitFor();
    await admin.getByRole('link', { name: 'Invites' }).click();
    await admin.getByRole('heading', { name: 'Invites', level: 1 }).waitFor();
    await admin.getByLabel('Email address').fill(email);
    await screenshot(admin, 'invite-form');
    await admin.getByRole('button', { name: 'Send invitation' }).click();
    await admin.getByText(`Invitation sent to ${email}.`).waitFor();
    await admin.getByRole('table', { name: 'Pending invites' }).getByText(email).waitFor();
    await screenshot(admin, 'invite-sent');
    await admin.close();

    // The invitee, in a browser with no session.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
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

    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await page.getByText('Ivy Invitee').first().waitFor();
    await page.getByRole('cell', { name: 'Organisation staff' }).waitFor();
    await screenshot(page, 'invite-profile');

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByLabel('Email or username').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByText(email).first().waitFor();

    // The link works once.
    await page.goto(await inviteLink(email));
    await page.getByText('This invitation link cannot be used').waitFor();
    await screenshot(page, 'invite-used');
    await context.close();
  });

  it('administrators see organisations and user groups', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email or username').fill('platformadmin@demo.vigilo.test');
    await page.getByLabel('Password').fill('vigilo-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
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
    await page.getByRole('button', { name: 'Add Sam Staff' }).click();
    await page.getByRole('button', { name: 'Remove Sam Staff' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'user-group');
    await page.close();
  });
});
