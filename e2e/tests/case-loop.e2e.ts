import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../server/test/e2b-receiver.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import { completeByFindings, openCase, publicReport } from '../case-steps.ts';
import {
  axeViolations,
  contextAt,
  DEMO_PASSWORD,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  pageOverflow,
  signIn,
} from '../journey.ts';
import { installSyntheticRelease } from '../meddra.ts';
import { apiToken, organisationOf, readyThroughApi } from '../submissions.ts';

/**
 * Issue 24's loop, from where a case starts: a member of the public sends a report on a phone;
 * staff triage it, complete it in the case form until the message of the organisation's
 * default receiver (an FDA gateway here) has no error, and code the reaction; an assessor
 * records causality and verifies; the E2B(R3) tab answers 0 errors for the ICH and the FDA
 * profiles; staff submit it to a real local HTTPS receiver, whose positive acknowledgement
 * makes the case submitted. Nothing is imported or seeded for the case itself.
 */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
const ORG_ADMIN = 'orgadmin@demo.vigilo.test';

let browser: Browser;
let receiver: TestReceiver;
let admin: string;
let organisationId: string;
let gatewayId: string;
const gatewayName = `FDA gateway ${Date.now().toString(36)}`;
let approvalId: string;
const approvalName = `Partner with approval ${Date.now().toString(36)}`;
/** The organisation's default receiver before this journey, put back after it (journeys share the demo). */
let previousDefault: string | undefined;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

beforeAll(async () => {
  browser = await connectBrowser();
  receiver = await startTestReceiver();
  await db.connect();
  await installSyntheticRelease(baseUrl);
  admin = await apiToken(baseUrl, ORG_ADMIN, DEMO_PASSWORD);
  organisationId = await organisationOf(baseUrl, admin);
  const receivers = await call<{ id: string; isDefault: boolean }[]>(
    'GET',
    `/v1/organisation/${organisationId}/receivers`,
  );
  previousDefault = receivers.find((r) => r.isDefault)?.id;
  // What an administrator sets up once: the FDA gateway with the sender id FDA approved, as
  // the default receiver, so the case form checks the case against FDA's rules.
  const gateway = await call<{ id: string }>('POST', `/v1/organisation/${organisationId}/receivers`, {
    name: gatewayName,
    profile: 'fda',
    batchSender: 'VIGILO-NPC',
    batchReceiver: 'ZZFDA',
    messageReceiver: 'CDER',
    isDefault: true,
    transport: {
      type: 'https',
      url: `${receiver.url}/accept`,
      caCertificate: receiver.certificate,
      auth: 'none',
    },
  });
  gatewayId = gateway.id;
  // A partner whose messages an assessor must approve first (decisions 0193, 0251); it answers
  // a negative acknowledgement (AE, the message CR) to what it is sent.
  approvalId = (
    await call<{ id: string }>('POST', `/v1/organisation/${organisationId}/receivers`, {
      name: approvalName,
      requiresReview: true,
      transport: {
        type: 'https',
        url: `${receiver.url}/reject`,
        caCertificate: receiver.certificate,
        auth: 'none',
      },
    })
  ).id;
});
afterAll(async () => {
  if (admin && organisationId) {
    if (previousDefault)
      await call('PUT', `/v1/organisation/${organisationId}/receivers/${previousDefault}`, {
        isDefault: true,
      });
    else if (gatewayId)
      await call('PUT', `/v1/organisation/${organisationId}/receivers/${gatewayId}`, { isDefault: false });
  }
  await browser?.close();
  await receiver?.close();
  await db.end();
});

/** The case's status as the case view's badge shows it. */
const statusShown = (page: Page, status: string) =>
  page
    .getByTestId('case-status')
    .filter({ hasText: new RegExp(`^${status}$`, 'i') })
    .waitFor();

/** Takes the lifecycle step when the page offers it (an event may already have taken it), then waits for the status. */
async function moveTo(page: Page, status: string) {
  const button = page.getByRole('button', { name: `Move to: ${status}` });
  if (await button.isVisible()) {
    await button.click();
    await page
      .getByText(`The case is now ${status.toLowerCase()}.`)
      .or(page.getByText(`The case is now ${status}.`))
      .first()
      .waitFor();
  }
  await statusShown(page, status);
}

describe('a report from the public form to an accepted submission', () => {
  it('is triaged, completed, coded, assessed, verified and submitted from the web app', {
    timeout: 420_000,
  }, async () => {
    const reference = await publicReport(browser, baseUrl);
    const staffEmail = await inviteCaseworker(db, 'organisation_staff', 'Noor');
    const assessorEmail = await inviteCaseworker(db, 'assessor', 'Theo');

    // Staff: triage, take the case, complete it in the case form by its findings.
    const staffContext = await contextAt(browser, 1280);
    const staff = await staffContext.newPage();
    await signIn(staff, staffEmail, JOURNEY_PASSWORD);
    await openCase(staff, reference);
    await moveTo(staff, 'In triage');
    await staff.getByRole('button', { name: 'Assign to me' }).click();
    await staff.getByText('The case is assigned to you.').waitFor();
    await moveTo(staff, 'Assigned');
    await staff.getByRole('button', { name: 'Edit the case' }).click();
    await staff.getByRole('heading', { name: 'Edit the case', level: 2 }).waitFor();
    await completeByFindings(staff, /for the FDA profile/);
    await screenshot(staff, 'case-loop-form-complete');
    expect(await axeViolations(staff)).toEqual([]);
    await staff.getByRole('button', { name: 'Save as a new version' }).click();
    await staff.getByText(/^Saved as version \d+ of the case\.$/).waitFor({ timeout: 20_000 });
    await moveTo(staff, 'Coded');

    // The assessor: a WHO-UMC assessment of the suspect drug and the reaction, then verified.
    const assessorContext = await contextAt(browser, 1280);
    const assessor = await assessorContext.newPage();
    await signIn(assessor, assessorEmail, JOURNEY_PASSWORD, '/login/assessor');
    await openCase(assessor, reference);
    const causality = assessor.getByRole('region', { name: 'Causality' });
    await causality
      .getByRole('button', { name: /^Add an assessment of / })
      .first()
      .click();
    const form = causality.getByRole('form', { name: /^New assessment of / }).first();
    await form.getByRole('radio', { name: 'Your organisation' }).check();
    await form.getByRole('radio', { name: 'WHO-UMC system' }).check();
    await form.getByRole('radio', { name: /^Probable \/ likely/ }).check();
    await form.getByRole('button', { name: 'Save assessment' }).click();
    await causality.getByText(/^Assessment saved as version \d+ of the case\.$/).waitFor();
    await moveTo(assessor, 'Verified');
    await screenshot(assessor, 'case-loop-verified');
    await assessorContext.close();

    // Staff: the message passes the ICH and the FDA rules on the E2B(R3) tab.
    await staff.reload();
    await statusShown(staff, 'Verified');
    await moveTo(staff, 'Ready to submit');
    await staff.getByRole('tab', { name: 'E2B(R3)' }).click();
    // The ICH rules alone, then the default receiver's: FDA's rules with the gateway's ids (the
    // FDA profile without a receiver asks for an FDA-approved sender id, decision 0230).
    for (const [choice, profile] of [
      ['ICH', 'ICH'],
      ['Default receiver', 'FDA'],
    ]) {
      await staff.locator('label', { hasText: new RegExp(`^${choice}$`) }).click();
      await staff.getByText(`No error for the ${profile} profile.`).waitFor({ timeout: 30_000 });
    }
    await screenshot(staff, 'case-loop-e2b-valid');
    expect(await axeViolations(staff)).toEqual([]);

    // Submit to the FDA gateway: the receiver answers a positive acknowledgement.
    await staff.getByRole('tab', { name: 'Case' }).click();
    await staff.getByRole('button', { name: 'Submit to receivers…' }).click();
    const dialog = staff.getByRole('dialog', { name: `Submit case ${reference}` });
    // The gateway's own line says its message passes FDA's rules.
    const line = dialog.getByTestId(`receiver-${gatewayId}`);
    await line.getByText('The message passes the FDA rules.').waitFor();
    const choice = line.getByRole('checkbox', { name: gatewayName });
    if (!(await choice.isChecked())) await choice.check();
    await dialog.getByRole('button', { name: 'Send to 1 receiver' }).click();
    await dialog.getByText('Submitted', { exact: true }).waitFor();
    await screenshot(staff, 'case-loop-submitted-dialog');
    await dialog.getByRole('button', { name: 'Back to the case' }).click();

    const messageIds = async () =>
      (
        await db.query<{ status: string }>(
          `SELECT sr.status FROM submission_reports sr JOIN submissions s ON s.id = sr.submission_id
           JOIN reports r ON r.id = s.report_id WHERE r.reference = $1`,
          [reference],
        )
      ).rows.map((r) => r.status);
    for (let i = 0; i < 120 && !(await messageIds()).includes('ACCEPTED'); i++)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await messageIds()).toEqual(['ACCEPTED']);
    // The gateway (this journey's own) took exactly one message.
    expect(receiver.requests.length).toBe(1);

    await staff.reload();
    await statusShown(staff, 'Submitted');
    await screenshot(staff, 'case-loop-case-submitted');
    expect(await axeViolations(staff)).toEqual([]);
    await staff.setViewportSize({ width: 320, height: 800 });
    expect(await pageOverflow(staff)).toBe(0);
    await staffContext.close();
  });
});

/**
 * Issue 25's "Done means": the approval wait with the clock still running, then a rejected
 * acknowledgement back in the inbox (decisions 0251, 0252). A report sent through the public
 * form is taken to "ready to submit" through the API (`readyThroughApi`: the screens of those
 * steps are the journey above, and walking them again would cost minutes of CI), then sent in
 * the web app to a partner whose messages wait for an assessor's approval. The wait, the
 * approval, and the partner's negative acknowledgement (AE, the message CR) bringing the case
 * back to the inbox are seen in the browser. The second test goes on from the first.
 */
describe('a report sent to a receiver that asks for approval', () => {
  let reference: string;
  let staffContext: BrowserContext;
  let staff: Page;

  afterAll(async () => {
    await staffContext?.close();
  });

  // About 75 s with a load average of 14 on the two cores, 90 at 20 (decision 0312): room for a busy CI machine.
  it('waits for the approval with its clock running, and leaves once the assessor signs', {
    timeout: 150_000,
  }, async () => {
    reference = await publicReport(browser, baseUrl);
    const staffEmail = await inviteCaseworker(db, 'organisation_staff', 'Ines');
    const assessorEmail = await inviteCaseworker(db, 'assessor', 'Omar');
    const { rows } = await db.query<{ id: string }>('SELECT id FROM reports WHERE reference = $1', [
      reference,
    ]);
    await readyThroughApi(
      baseUrl,
      await apiToken(baseUrl, staffEmail, JOURNEY_PASSWORD),
      await apiToken(baseUrl, assessorEmail, JOURNEY_PASSWORD, '/v1/login/assessor'),
      rows[0]!.id,
    );

    // Staff submit it to the partner alone.
    staffContext = await contextAt(browser, 1280);
    staff = await staffContext.newPage();
    await signIn(staff, staffEmail, JOURNEY_PASSWORD);
    await openCase(staff, reference);
    await statusShown(staff, 'Ready to submit');
    await staff.getByRole('button', { name: 'Submit to receivers…' }).click();
    const dialog = staff.getByRole('dialog', { name: `Submit case ${reference}` });
    const line = dialog.getByTestId(`receiver-${approvalId}`);
    await line.getByText('The message passes the ICH rules.').waitFor();
    const partner = line.getByRole('checkbox', { name: approvalName });
    const gateway = dialog.getByRole('checkbox', { name: gatewayName });
    if (await gateway.isChecked()) await gateway.uncheck();
    if (!(await partner.isChecked())) await partner.check();
    await dialog.getByRole('button', { name: 'Send to 1 receiver' }).click();
    await dialog.getByText('Waiting for approval', { exact: true }).waitFor();
    expect(await dialog.getByTestId('submit-result').textContent()).toContain(
      'waiting for an assessor’s signed approval',
    );
    await screenshot(staff, 'approval-wait-dialog');
    expect(await axeViolations(staff)).toEqual([]);
    await dialog.getByRole('button', { name: 'Back to the case' }).click();

    // Nothing has left: the case waits for approval, still ready to submit, and its clock runs.
    await statusShown(staff, 'Ready to submit');
    await staff.getByTestId('case-awaiting-approval').filter({ hasText: 'Awaiting approval' }).waitFor();
    const clock = staff.getByRole('region', { name: 'Regulatory clock' });
    expect(await clock.textContent()).toMatch(/\d+-day clock/);
    expect(await clock.textContent()).toMatch(/Due date\d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(await clock.getByText(/^(\d+ days left|One day left|Overdue by .+)$/).count()).toBe(1);
    expect(await clock.textContent()).not.toContain('The clock does not run in this status.');
    expect(receiver.requests.filter((r) => r.path === '/reject')).toEqual([]);
    await screenshot(staff, 'approval-wait-case');
    expect(await axeViolations(staff)).toEqual([]);

    // The assessor approves from the review queue; the message leaves.
    const assessorContext = await contextAt(browser, 1280);
    const assessor = await assessorContext.newPage();
    await signIn(assessor, assessorEmail, JOURNEY_PASSWORD, '/login/assessor');
    await assessor.getByRole('link', { name: 'Review queue' }).click();
    await assessor.getByRole('heading', { name: 'Review queue', level: 1 }).waitFor();
    await assessor
      .getByRole('table', { name: 'Submission reports waiting for review' })
      .getByRole('link', { name: reference })
      .click();
    const decision = assessor.getByRole('form', { name: 'Your decision' });
    await decision.getByLabel('Your password').fill(JOURNEY_PASSWORD);
    await decision.getByRole('button', { name: 'Sign and approve' }).click();
    await assessor.getByTestId('signature-record').waitFor();
    await screenshot(assessor, 'approval-signed');
    await assessorContext.close();
    for (let i = 0; i < 80 && !receiver.requests.some((r) => r.path === '/reject'); i++)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect(receiver.requests.filter((r) => r.path === '/reject').length).toBe(1);
  });

  it('comes back to the inbox marked rejected, the receiver’s reason readable', async () => {
    expect(reference, 'the approval journey sent the case').toBeTruthy();
    // The partner's negative acknowledgement, answered at delivery, moved the case back.
    await staff.getByRole('link', { name: 'Cases', exact: true }).click();
    await staff.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await staff.getByRole('checkbox', { name: 'Needs attention only' }).check();
    await staff.getByRole('textbox', { name: 'Search' }).fill(reference);
    await staff.getByRole('button', { name: 'Search', exact: true }).click();
    const row = staff.getByRole('row').filter({ hasText: reference });
    await row.getByText('Rejected: needs correction').waitFor({ timeout: 20_000 });
    await screenshot(staff, 'rejected-inbox');
    expect(await axeViolations(staff)).toEqual([]);

    await row.getByRole('link').first().click();
    await staff.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();
    await statusShown(staff, 'In triage');
    await staff.locator('[data-attention="rejected"]').waitFor();
    await staff.getByRole('tab', { name: 'History' }).click();
    const history = staff.getByTestId('case-history');
    await history.getByText('Status changed: Submitted → In triage').waitFor();
    await history.getByText('Reason: Rejected by the receiver (CR): needs correction').waitFor();
    await screenshot(staff, 'rejected-case-history');
    expect(await axeViolations(staff)).toEqual([]);

    // The receiver's own words, on the message's page.
    await staff.goto(`${baseUrl}/submissions?reference=${reference}`);
    await staff.getByRole('link', { name: reference }).first().click();
    const ack = staff.getByRole('region', { name: 'The receiver’s acknowledgement' });
    await ack.getByText('Rejected (CR)').waitFor();
    expect(
      await ack
        .getByRole('list', { name: 'What the receiver found wrong' })
        .getByRole('listitem')
        .allTextContents(),
    ).toEqual(['Patient age is missing', 'Drug role is missing']);
    await screenshot(staff, 'rejected-acknowledgement');
    expect(await axeViolations(staff)).toEqual([]);
  });
});
