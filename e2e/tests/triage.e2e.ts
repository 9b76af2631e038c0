import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import {
  axeViolations,
  contextAt,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  pageOverflow,
  signIn,
} from '../journey.ts';

/**
 * Triage from the worklist (issue 25 item 3, decisions 0285 and 0286): reports that came in
 * through the public form, read from the inbox's columns without opening them, moved and
 * assigned a few at a time with the bulk bar.
 */
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

interface Sent {
  reference: string;
  product: string;
  reaction: string;
}

/**
 * A report as the public form sends it signed out (multipart POST /v1/report/post with the
 * published public form's version): the reporter, the patient, one reaction, one medicine.
 */
async function reportFromThePublic(product: string, reaction: string): Promise<Sent> {
  const { rows } = await db.query<{ version: string; organisation: string }>(
    `SELECT v.published_version_id AS version, o.id AS organisation
       FROM form_views v JOIN platforms p ON p.id = v.platform_id
       JOIN organisations o ON o.platform_id = p.id AND o.name = 'National Pharmacovigilance Centre'
      WHERE p.domain = 'localhost' AND v.key = 'adr-public' AND v.organisation_id IS NULL`,
  );
  const form = new FormData();
  form.append(
    'report',
    JSON.stringify({
      formViewVersionId: rows[0]!.version,
      organisationId: rows[0]!.organisation,
      status: 'submitted',
      uploadType: 'public',
      attachmentFields: [],
      report: {
        schemaVersion: 1,
        C: {
          primarySources: [
            {
              givenName: 'Robin',
              familyName: 'Marsh',
              email: 'robin.marsh@example.test',
              qualification: '5',
            },
          ],
        },
        D: { name: 'RM', sex: '2', ageAtOnset: { value: '41', unit: 'a' } },
        E: {
          reactions: [{ id: crypto.randomUUID(), nativeTerm: reaction, startDate: '2026-11', outcome: '2' }],
        },
        G: { drugs: [{ id: crypto.randomUUID(), name: product, dosages: [{ dosageText: 'one a day' }] }] },
      },
    }),
  );
  const sent = await fetch(`${baseUrl}/v1/report/post`, {
    method: 'POST',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: form,
  });
  const body = (await sent.json()) as { reference: string };
  expect(sent.status, JSON.stringify(body)).toBe(201);
  return { reference: body.reference, product, reaction };
}

const rowOf = (page: Page, reference: string) => page.getByRole('row').filter({ hasText: reference });

describe('triage from the worklist', () => {
  it('an administrator reads public reports from the inbox columns, moves them to triage and assigns two to a colleague, who finds them', async () => {
    const run = Date.now().toString(36);
    // A colleague of their own: earlier runs of the journey left other Coras in the e2e database.
    const first = `Cora-${run}`;
    const colleague = await inviteCaseworker(db, 'organisation_staff', first);
    const reports = [
      await reportFromThePublic(`Amlotril ${run} 5 mg tablets`, 'Swollen ankles'),
      await reportFromThePublic(`Amlotril ${run} 10 mg tablets`, 'Dizzy when standing up'),
      await reportFromThePublic(`Metforal ${run} 500 mg tablets`, 'Upset stomach and diarrhoea'),
    ];
    const today = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
    }).format(new Date());

    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    await page.getByRole('link', { name: 'Cases', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    // The run's reports: the search reads medicines too.
    await page.getByRole('textbox', { name: 'Search' }).fill(run);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('status').getByText('3 cases', { exact: true }).waitFor();

    // What each case is about, without opening it: product, reaction, source, receipt date.
    const table = page.getByRole('table', { name: 'Cases' });
    const headers = await table.getByRole('columnheader').allTextContents();
    for (const column of ['Suspect product', 'Reaction', 'Source', 'Received'])
      expect(
        headers.some((h) => h.includes(column)),
        `${column} in ${headers.join(' | ')}`,
      ).toBe(true);
    for (const report of reports) {
      const text = (await rowOf(page, report.reference).textContent()) ?? '';
      expect(text).toContain(report.product);
      expect(text).toContain(report.reaction);
      expect(text).toContain('Public');
      expect(text).toContain(today);
    }
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'triage-inbox');

    // All three to triage at once.
    await page.getByRole('checkbox', { name: 'Select every case on this page' }).check();
    const bar = page.getByRole('region', { name: 'Selected cases' });
    await bar.getByText('3 cases selected').waitFor();
    await bar
      .getByRole('textbox', { name: 'Move to' })
      .or(bar.getByRole('combobox', { name: 'Move to' }))
      .click();
    await page.getByRole('option', { name: 'In triage' }).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'triage-bulk-bar');
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    await page.getByText('3 cases moved to “In triage”.').waitFor();
    for (const report of reports) await rowOf(page, report.reference).getByText('In triage').waitFor();

    // The two Amlotril reports to the colleague.
    for (const report of reports.slice(0, 2))
      await page.getByRole('checkbox', { name: `Select case ${report.reference}` }).check();
    await bar.getByText('2 cases selected').waitFor();
    await bar
      .getByRole('textbox', { name: 'Assign to' })
      .or(bar.getByRole('combobox', { name: 'Assign to' }))
      .fill(first);
    await page.getByRole('option', { name: `${first} Journey` }).click();
    await bar.getByRole('button', { name: 'Assign', exact: true }).click();
    await page.getByText('2 cases assigned.').waitFor();
    // Who has each case: a column the administrator adds to the list (kept for them).
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Assigned to', exact: true }).check();
    await page.keyboard.press('Escape');
    for (const report of reports.slice(0, 2)) {
      const row = rowOf(page, report.reference);
      await row.getByText(`${first} Journey`).waitFor();
      await row.getByText('Assigned', { exact: true }).waitFor();
    }
    await rowOf(page, reports[2]!.reference).getByText('In triage').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'triage-assigned');

    // On a phone: the same list, nothing sideways but the table's own scroll.
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await pageOverflow(page)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'triage-assigned-320');
    await context.close();

    // The colleague finds them under "Assigned to me".
    const theirs = await contextAt(browser, 1280);
    const own = await theirs.newPage();
    await signIn(own, colleague, JOURNEY_PASSWORD);
    await own.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await own.getByRole('checkbox', { name: 'Assigned to me' }).check();
    await own.getByRole('status').getByText('2 cases', { exact: true }).waitFor();
    for (const report of reports.slice(0, 2)) await rowOf(own, report.reference).waitFor();
    expect(await rowOf(own, reports[2]!.reference).count()).toBe(0);
    await screenshot(own, 'triage-colleague');
    await theirs.close();
  }, 180_000);
});
