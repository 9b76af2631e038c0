import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../server/test/e2b-receiver.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import {
  axeViolations,
  contextAt,
  DEMO_PASSWORD,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  pageOverflow,
  signIn,
} from '../journey.ts';
import { apiToken, delivered, readyCase } from '../submissions.ts';

/**
 * Receivers in a browser (issue 15, decisions 0185–0186): the organisation's administrator
 * adds a receiver pointing at a real HTTPS receiver started here (its private certificate
 * pasted as the CA to trust, a bearer token), sends a test message and reads the answer;
 * staff then submit a case ready to submit from the case view to it, and it is accepted.
 */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
const ORG_ADMIN = 'orgadmin@demo.vigilo.test';
const PASSWORD = JOURNEY_PASSWORD;
const TOKEN = 'journey-gateway-token-5e2f';

let browser: Browser;
let receiver: TestReceiver;

beforeAll(async () => {
  browser = await connectBrowser();
  receiver = await startTestReceiver();
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await db.end();
});

describe('receivers', () => {
  const name = `Journey gateway ${Date.now().toString(36)}`;
  let receiverPage = '';

  it('an administrator adds a receiver, sends a test message and reads the answer', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, ORG_ADMIN, DEMO_PASSWORD);
    await page.getByRole('link', { name: 'My organisation' }).click();
    await page.getByRole('link', { name: 'Set up receivers and test them' }).click();
    await page.getByRole('heading', { name: 'Receivers', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Add a receiver' }).click();
    await page.getByRole('heading', { name: 'Add a receiver', level: 1 }).waitFor();

    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Batch sender, N.1.3 (optional)').fill('VIGILO-JOURNEY');
    await page.getByRole('radio', { name: 'HTTPS' }).check();
    await page.getByLabel('Address').fill(`${receiver.url}/accept`);
    await page.getByLabel('CA certificate to trust, PEM (optional)').fill(receiver.certificate);
    await page.getByLabel('Authentication').selectOption('bearer');
    await page.getByLabel('Token').fill(TOKEN);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'receivers-new-1280');
    await page.getByRole('button', { name: 'Add the receiver' }).click();

    await page.getByText('The receiver was added.').waitFor();
    receiverPage = new URL(page.url()).pathname;
    // The token is never shown back.
    await page.getByTestId('credentials-set').waitFor();
    expect(await page.content()).not.toContain(TOKEN);

    await page.getByRole('button', { name: 'Send test message' }).click();
    const answer = page.getByTestId('test-answer');
    await answer.getByText('The receiver took the message').waitFor();
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain('200');
    expect(text).toContain('Accepted (CA)');
    const sent = receiver.requests.filter((r) => r.messageId.startsWith('TEST-'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(sent[0]!.body).toContain('VIGILO-JOURNEY');
    expect(text).toContain(sent[0]!.messageId);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'receivers-test-answer-1280');
    // The phone reuses the session: signing in is not what this part looks at.
    const session = await context.storageState();
    await context.close();

    const phone = await contextAt(browser, 390, { storageState: session });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}${receiverPage.replace(/\/[^/]+$/, '')}`);
    await small.getByRole('table', { name: 'Receivers' }).waitFor();
    expect(await pageOverflow(small)).toBe(0);
    expect(await axeViolations(small)).toEqual([]);
    await screenshot(small, 'receivers-list-390');
    await small.goto(`${baseUrl}${receiverPage}`);
    await small.getByRole('button', { name: 'Send test message' }).waitFor();
    expect(await pageOverflow(small)).toBe(0);
    expect(await axeViolations(small)).toEqual([]);
    await screenshot(small, 'receivers-edit-390');
    await phone.close();
  });

  it('staff submit a case ready to submit from the case view; the receiver accepts it', async () => {
    const admin = await apiToken(baseUrl, ORG_ADMIN, DEMO_PASSWORD);
    const ready = await readyCase(baseUrl, admin);
    const staffEmail = await inviteCaseworker(db, 'organisation_staff', 'Robin');
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, staffEmail, PASSWORD);
    await page.goto(`${baseUrl}/cases/${ready.id}`);
    const actions = page.getByRole('region', { name: 'Actions' });
    await actions.getByRole('button', { name: 'Submit to receivers…' }).click();
    const dialog = page.getByRole('dialog', { name: `Submit case ${ready.reference}` });
    const choice = dialog.getByRole('checkbox', { name });
    await choice.waitFor();
    expect(await dialog.textContent()).toContain('The message passes the ICH rules.');
    await choice.check();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'submit-dialog-1280');
    await dialog.getByRole('button', { name: 'Send to 1 receiver' }).click();
    const result = dialog.getByTestId('submit-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`${name} — on its way`);
    await screenshot(page, 'submit-result-1280');
    await dialog.getByRole('button', { name: 'Back to the case' }).click();
    await page.getByTestId('case-status').getByText('Submitted').waitFor();

    const staff = await apiToken(baseUrl, staffEmail, PASSWORD);
    const reports = await fetch(`${baseUrl}/v1/submissions/reports?reportId=${ready.id}`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    const [made] = ((await reports.json()) as { items: { id: string }[] }).items;
    expect(await delivered(baseUrl, staff, made!.id)).toBe('ACCEPTED');

    await page.setViewportSize({ width: 390, height: 900 });
    expect(await pageOverflow(page)).toBe(0);
    await context.close();
  });
});
