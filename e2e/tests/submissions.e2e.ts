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
import { addReceiver, apiToken, delivered, distribute, readyCase } from '../submissions.ts';

/**
 * Issue 15's screens in a browser: staff send two cases to a real HTTPS receiver started
 * here (one accepts, one answers a negative acknowledgement), find them on the submissions
 * dashboard, open the detail with the message, the acknowledgement's errors in words and
 * the history; an assessor signs an approval, after a wrong password is refused.
 */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
const ORG_ADMIN = 'orgadmin@demo.vigilo.test';
const PASSWORD = JOURNEY_PASSWORD;

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

describe('submissions to receivers', () => {
  const stamp = Date.now().toString(36);
  let staffEmail: string;
  let assessorEmail: string;
  let accepted: { reference: string; reportId: string };
  let rejected: { reference: string; reportId: string };

  beforeAll(async () => {
    const admin = await apiToken(baseUrl, ORG_ADMIN, DEMO_PASSWORD);
    staffEmail = await inviteCaseworker(db, 'organisation_staff', 'Sam');
    assessorEmail = await inviteCaseworker(db, 'assessor', 'Alex');
    const staff = await apiToken(baseUrl, staffEmail, PASSWORD);
    const https = (path: string) => ({
      type: 'https',
      url: `${receiver.url}${path}`,
      caCertificate: receiver.certificate,
      auth: 'none',
    });
    const gateway = await addReceiver(baseUrl, admin, `Regulator gateway ${stamp}`, https('/accept'));
    const partner = await addReceiver(baseUrl, admin, `Partner ${stamp}`, https('/reject'));
    const first = await readyCase(baseUrl, admin);
    const second = await readyCase(baseUrl, admin);
    const [a] = await distribute(baseUrl, staff, first.id, [gateway.id]);
    const [b] = await distribute(baseUrl, staff, second.id, [partner.id]);
    expect(await delivered(baseUrl, staff, a!.id)).toBe('ACCEPTED');
    expect(await delivered(baseUrl, staff, b!.id)).toBe('REJECTED');
    accepted = { reference: first.reference, reportId: a!.id };
    rejected = { reference: second.reference, reportId: b!.id };
  });

  it('staff find them on the dashboard and read the acknowledgement, its errors and the history', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, staffEmail, PASSWORD);
    await page.getByRole('link', { name: 'Submissions', exact: true }).click();
    await page.getByRole('heading', { name: 'Submissions', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Submission reports' }).waitFor();
    expect(await page.getByRole('group', { name: 'Counts' }).getByRole('button').count()).toBe(8);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'submissions-dashboard-1280');

    await page.getByLabel('Case reference').fill(rejected.reference.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('One submission report').waitFor();
    expect(new URL(page.url()).searchParams.get('reference')).toBe(rejected.reference.toLowerCase());
    const row = page.getByRole('table', { name: 'Submission reports' }).getByRole('row').nth(1);
    expect(await row.textContent()).toContain('Rejected');
    await row.getByRole('link', { name: rejected.reference }).click();

    await page.getByRole('heading', { name: `Partner ${stamp}: ${rejected.reference}`, level: 1 }).waitFor();
    const ack = page.getByRole('region', { name: 'The receiver’s acknowledgement' });
    await ack.getByText('Rejected (CR)').waitFor();
    const errors = ack.getByRole('list', { name: 'What the receiver found wrong' });
    expect(await errors.getByRole('listitem').allTextContents()).toEqual([
      'Patient age is missing',
      'Drug role is missing',
    ]);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('Distributed by Sam Journey').waitFor();
    expect(await history.getByRole('listitem').count()).toBe(2);
    const message = page.getByRole('region', { name: 'The message sent' });
    await message.getByRole('button', { name: 'Show the XML' }).click();
    const xml = await message.getByLabel('The message sent').textContent();
    expect(xml).toContain('<MCCI_IN200100UV01');
    expect(receiver.requests.some((r) => r.body === xml)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'submissions-detail-rejected-1280');

    // The accepted one, from a link kept in the address.
    await page.goto(`${baseUrl}/submissions?reference=${accepted.reference}&status=ACCEPTED`);
    await page.getByRole('link', { name: accepted.reference }).click();
    await page
      .getByRole('region', { name: 'The receiver’s acknowledgement' })
      .getByText('Accepted (CA)')
      .waitFor();

    // An acknowledgement that came by e-mail, added by hand: this one cannot be read, so it is kept flagged.
    await page.goto(`${baseUrl}/submissions/responses`);
    await page.getByRole('heading', { name: 'Acknowledgements received', level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'ack-by-email.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(`<note>not an acknowledgement ${stamp}</note>`),
    });
    const added = page.getByRole('status').filter({ hasText: 'Added, and flagged to look at' });
    await added.waitFor();
    expect(await added.textContent()).toContain('It cannot be read as an ICH acknowledgement');
    const kept = page.getByRole('table', { name: 'Acknowledgements received' }).getByRole('row').nth(1);
    await kept.getByText('Unreadable').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The phone reuses the session: signing in is not what this part looks at.
    const session = await context.storageState();
    await context.close();

    // A phone's width: the same pages, no sideways scrolling, no violation.
    const phone = await contextAt(browser, 390, { storageState: session });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/submissions`);
    await small.getByRole('table', { name: 'Submission reports' }).waitFor();
    expect(await pageOverflow(small)).toBe(0);
    expect(await axeViolations(small)).toEqual([]);
    await screenshot(small, 'submissions-dashboard-390');
    await small.goto(`${baseUrl}/submissions/reports/${rejected.reportId}`);
    await small.getByRole('region', { name: 'History' }).getByRole('listitem').first().waitFor();
    expect(await pageOverflow(small)).toBe(0);
    expect(await axeViolations(small)).toEqual([]);
    await screenshot(small, 'submissions-detail-390');
    await phone.close();
  });

  it('an assessor signs an approval; a wrong password signs nothing and is audited', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, assessorEmail, PASSWORD, '/login/assessor');
    await page.getByRole('link', { name: 'Review queue' }).click();
    await page.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    const queue = page.getByRole('table', { name: 'Submission reports waiting for review' });
    await queue.getByRole('link', { name: accepted.reference }).click();
    await page
      .getByRole('heading', { name: `Review: ${accepted.reference} to Regulator gateway ${stamp}` })
      .waitFor();
    const form = page.getByRole('form', { name: 'Your decision' });
    expect(await form.getByTestId('signature-meaning').textContent()).toContain('“approved for submission”');
    await form.getByLabel('Comment (optional)').fill('Coding and narrative checked');
    await form.getByLabel('Your password').fill('not the password');
    await form.getByRole('button', { name: 'Sign and approve' }).click();
    const summary = form.getByTestId('error-summary');
    await summary.getByText('That password is not right. Nothing was signed.').waitFor();
    expect(await form.getByLabel('Your password').inputValue()).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'submissions-review-wrong-password-1280');
    const refused = await db.query(
      "SELECT 1 FROM audit_log WHERE action = 'submission_report.signature_refused' AND entity_id = $1",
      [accepted.reportId],
    );
    expect(refused.rowCount).toBe(1);

    await form.getByLabel('Your password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign and approve' }).click();
    const record = page.getByTestId('signature-record');
    await record.waitFor();
    const text = (await record.textContent()) ?? '';
    expect(text).toContain('Signed byAlex Journey');
    expect(text).toContain('Meaningapproved for submission');
    expect(text).toMatch(/Signed at \(UTC\)\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC/);
    expect(text).toContain('Coding and narrative checked');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'submissions-review-signed-1280');
    await page.setViewportSize({ width: 390, height: 900 });
    await screenshot(page, 'submissions-review-signed-390');
    expect(await pageOverflow(page)).toBe(0);
    await context.close();
  });
});
