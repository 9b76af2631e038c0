import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
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

const ORG_ADMIN = 'orgadmin@demo.vigilo.test';
const PASSWORD = 'a long journey password';

async function apiToken(email: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(login.status).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/**
 * A caseworker of the demo regulator made for this journey alone: invited by the demo
 * organisation administrator and accepted through the API. The demo accounts are shared by
 * every journey, and one of them (invite.e2e) puts `staff@demo` in a user group limited to
 * London, after which that account no longer saw the cases this journey sends (decision 0050).
 */
async function newCaseworker(role: 'organisation_staff' | 'assessor', firstName: string): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@journeys.example.test`;
  const admin = await apiToken(ORG_ADMIN, 'vigilo-demo-2026');
  const invited = await fetch(`${baseUrl}/v1/organisation-invite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  expect(invited.status).toBe(201);
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const { rows } = await db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const match = rows[0] && /\/invite\/accept\?token=([\w%-]+)/.exec(rows[0].body_text);
    if (match) token = decodeURIComponent(match[1]!);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(token).toBeDefined();
  const accepted = await fetch(`${baseUrl}/v1/organisation-invite/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: PASSWORD, firstName, lastName: 'Journey' }),
  });
  expect(accepted.status).toBe(200);
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
}

/** A serious case (a hospitalisation) sent by the staff member through the API, as a partner would. */
async function sendSeriousCase(staff: string): Promise<string> {
  const token = await apiToken(staff, PASSWORD);
  const me = (await (
    await fetch(`${baseUrl}/v1/users/@me`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { organisationId: string };
  const reactionId = crypto.randomUUID();
  const sent = await fetch(`${baseUrl}/v1/report`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      organisationId: me.organisationId,
      report: {
        schemaVersion: 1,
        C: {
          reportType: '1',
          primarySources: [
            {
              givenName: 'Amelia',
              familyName: 'Hart',
              qualification: '1',
              country: 'GB',
              email: 'a.hart@example.test',
            },
          ],
        },
        D: { name: 'J.M.', sex: '2', ageAtOnset: { value: '67', unit: 'a' } },
        E: {
          reactions: [
            {
              id: reactionId,
              nativeTerm: 'Swollen lips and tongue',
              hospitalisation: true,
              startDate: '2026-11-02',
              outcome: '1',
              country: 'GB',
            },
          ],
        },
        G: {
          drugs: [
            {
              id: crypto.randomUUID(),
              role: '1',
              name: 'Lisinopril 10 mg tablets',
              reactionAssessments: [{ reactionId, recurred: '4' }],
            },
          ],
        },
        H: { narrative: 'Angioedema thirteen days after starting lisinopril; kept overnight.' },
      },
    }),
  });
  expect(sent.status).toBe(201);
  const created = (await sent.json()) as { id: string; reference: string; report: Record<string, unknown> };
  // Follow-up information from the reporter: a second version with a longer narrative.
  const followUp = await fetch(`${baseUrl}/v1/report/${created.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      organisationId: me.organisationId,
      report: { ...created.report, H: { narrative: 'Angioedema after lisinopril; settled in 36 hours.' } },
    }),
  });
  expect(followUp.status).toBe(200);
  return created.reference;
}

describe('case management', () => {
  it('staff open the inbox, filter to serious, open a case, assign it to themselves, move it on and read the history', async () => {
    const staff = await newCaseworker('organisation_staff', 'Sasha');
    const reference = await sendSeriousCase(staff);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, staff);

    await page.getByRole('link', { name: 'Cases', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Cases' }).waitFor();
    await screenshot(page, 'cases-inbox');

    await page.getByRole('checkbox', { name: 'Serious only' }).check();
    await page.getByRole('group', { name: 'Active filters' }).getByText('Serious only').waitFor();
    expect(page.url()).toContain('serious=true');
    await page.getByRole('textbox', { name: 'Search' }).fill(reference);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').getByText('One case').waitFor();
    const row = page.getByRole('row').filter({ hasText: reference });
    expect(await row.textContent()).toContain('Serious');
    expect(await row.textContent()).toContain('Received');
    await screenshot(page, 'cases-inbox-serious');

    // The keyboard alone: focus the row, Enter opens the case.
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();
    const actions = page.getByRole('region', { name: 'Actions', exact: true });
    expect(await actions.textContent()).toContain('Assigned to: Nobody');
    expect(await page.getByRole('region', { name: 'Minimum criteria' }).textContent()).toContain(
      'All four minimum criteria are met.',
    );
    expect(await page.getByRole('region', { name: 'Regulatory clock' }).textContent()).toContain(
      '15-day clock',
    );

    await actions.getByRole('button', { name: 'Assign to me' }).click();
    await actions.getByText('The case is assigned to you.').waitFor();
    expect(await page.getByTestId('case-status').textContent()).toBe('Assigned');
    expect(await actions.textContent()).toContain('Assigned to: You');

    await actions.getByRole('button', { name: 'Move to: Coded' }).click();
    await actions.getByText('The case is now Coded.').waitFor();
    // Verification is a reviewer's step (assessors, administrators): greyed out with why.
    expect(await actions.getByRole('button', { name: 'Move to: Verified' }).isDisabled()).toBe(true);
    expect(await actions.textContent()).toContain('Not available: your role cannot take this step');

    const versions = page.getByTestId('case-versions');
    expect(await versions.textContent()).toContain('H.narrative');
    expect(await versions.textContent()).toContain('settled in 36 hours');
    await screenshot(page, 'cases-case-view');

    // The history is its own tab, kept in the URL; arrow keys move between the tabs.
    await page.getByRole('tab', { name: 'Case' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForURL((url) => url.search === '?tab=history');
    const history = page.getByTestId('case-history');
    await history.getByText(/coded/i).first().waitFor();
    const lines = await history.locator('.mantine-Timeline-item').count();
    expect(lines).toBeGreaterThanOrEqual(3);
    await page.reload();
    await history.waitFor();
    expect(await page.getByRole('tab', { name: 'History' }).getAttribute('aria-selected')).toBe('true');
    await screenshot(page, 'cases-case-history');

    // Reloaded at the narrow width, so the picture is not of the menu closing.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await history.waitFor();
    await screenshot(page, 'cases-case-history-390');
    await page.getByRole('tab', { name: 'Case' }).click();
    await page.getByRole('region', { name: 'Actions', exact: true }).waitFor();
    await screenshot(page, 'cases-case-view-390');
    await page.goto(`${baseUrl}/cases?stage=void&query=nothing-matches-${Date.now()}`);
    await page.getByTestId('inbox-empty').waitFor();
    await screenshot(page, 'cases-inbox-empty-390');
    await context.close();
  });
});
