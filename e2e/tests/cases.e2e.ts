import { join } from 'node:path';
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, launchDesktopBrowser, screenshot } from '../browser.ts';
import { letter, picture } from '../files.ts';
import {
  axeViolations,
  contextAt,
  dialogShown,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  signIn,
} from '../journey.ts';
import { apiToken, organisationOf } from '../submissions.ts';

const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;

beforeAll(async () => {
  // The letter is previewed in the browser's own PDF viewer, which only the desktop Chromium has.
  browser = await launchDesktopBrowser();
  await db.connect();
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

const PASSWORD = JOURNEY_PASSWORD;

interface SentCase {
  id: string;
  reference: string;
  name: string;
}

/**
 * A serious case (a hospitalisation) sent by the staff member through the API, as a partner
 * would, with a photo and a letter attached (multipart POST /v1/report/post), then follow-up
 * information from the reporter: a second version with a longer narrative.
 */
async function sendSeriousCase(staff: string): Promise<SentCase> {
  const token = await apiToken(baseUrl, staff, PASSWORD);
  const organisationId = await organisationOf(baseUrl, token);
  const reactionId = crypto.randomUUID();
  const name = `Angioedema on lisinopril ${Date.now()}`;
  const report = {
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
  };
  const form = new FormData();
  form.append(
    'report',
    JSON.stringify({
      organisationId,
      name,
      report,
      attachmentFields: [
        { id: 'photo', attachmentcomments: 'Photo taken by the patient on day 1' },
        { id: 'letter' },
      ],
    }),
  );
  form.append('photo', new Blob([new Uint8Array(picture())], { type: 'image/png' }), 'swollen-lips.png');
  form.append(
    'letter',
    new Blob([new Uint8Array(letter('Discharge letter: angioedema, lisinopril stopped'))], {
      type: 'application/pdf',
    }),
    'discharge-letter.pdf',
  );
  const sent = await fetch(`${baseUrl}/v1/report/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(sent.status).toBe(201);
  const created = (await sent.json()) as {
    id: string;
    reference: string;
    report: Record<string, unknown>;
    attachmentFields: unknown[];
  };
  const followUp = await fetch(`${baseUrl}/v1/report/${created.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      organisationId,
      report: { ...created.report, H: { narrative: 'Angioedema after lisinopril; settled in 36 hours.' } },
      attachmentFields: created.attachmentFields,
    }),
  });
  expect(followUp.status).toBe(200);
  return { id: created.id, reference: created.reference, name };
}

/** The inbox narrowed to serious cases and to `reference`, as a person would type it. */
async function searchSerious(page: Page, reference: string): Promise<void> {
  await page.getByRole('checkbox', { name: 'Serious only' }).check();
  await page.getByRole('group', { name: 'Active filters' }).getByText('Serious only').waitFor();
  expect(page.url()).toContain('serious=true');
  await page.getByRole('textbox', { name: 'Search' }).fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('status').getByText('One case', { exact: true }).waitFor();
}

describe('case management', () => {
  it('staff filter to serious, assign a case to themselves, code it, preview its attachments, compare versions, export the search as XLSX; an assessor verifies it', async () => {
    const staff = await inviteCaseworker(db, 'organisation_staff', 'Sasha');
    const assessor = await inviteCaseworker(db, 'assessor', 'Ines');
    const sentCase = await sendSeriousCase(staff);
    const { reference } = sentCase;
    const context = await contextAt(browser, 1280, { acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, staff, PASSWORD);

    await page.getByRole('link', { name: 'Cases', exact: true }).click();
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Cases' }).waitFor();
    await screenshot(page, 'cases-inbox');

    await searchSerious(page, reference);
    const row = page.getByRole('row').filter({ hasText: reference });
    expect(await row.textContent()).toContain('Serious');
    expect(await row.textContent()).toContain('Received');
    await screenshot(page, 'cases-inbox-serious');

    // Bulk selection: Space on the focused row selects it; the bar assigns it to me.
    await row.focus();
    await page.keyboard.press('Space');
    const bar = page.getByRole('region', { name: 'Selected cases' });
    await bar.getByText('One case selected').waitFor();
    await screenshot(page, 'cases-inbox-selected');
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByText('One case assigned.').waitFor();
    await row.getByText('Assigned', { exact: true }).waitFor();

    // Saved search: the filters under a name, shared with the organisation, applied again later.
    await page.getByRole('button', { name: 'Save this search' }).click();
    const save = page.getByRole('dialog', { name: 'Save this search' });
    await save.getByRole('textbox', { name: 'Name' }).fill(`Serious ${reference}`);
    await save.getByRole('checkbox', { name: /Share with my organisation/ }).check();
    await save.getByRole('button', { name: 'Save search' }).click();
    await save.waitFor({ state: 'hidden' });
    const saved = page.getByRole('region', { name: 'Saved searches' });
    await saved.getByRole('button', { name: `Serious ${reference} (shared)` }).waitFor();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await saved.getByRole('button', { name: `Serious ${reference} (shared)` }).click();
    await page.getByRole('status').getByText('One case', { exact: true }).waitFor();
    expect(page.url()).toContain('serious=true');

    // The keyboard alone: focus the row, Enter opens the case.
    await row.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();
    const actions = page.getByRole('region', { name: 'Actions', exact: true });
    expect(await actions.textContent()).toContain('Assigned to: You');
    expect(await page.getByTestId('case-status').textContent()).toBe('Assigned');
    expect(await page.getByRole('region', { name: 'Minimum criteria' }).textContent()).toContain(
      'All four minimum criteria are met.',
    );
    expect(await page.getByRole('region', { name: 'Regulatory clock' }).textContent()).toContain(
      '15-day clock',
    );

    await actions.getByRole('button', { name: 'Move to: Coded' }).click();
    await actions.getByText('The case is now Coded.').waitFor();
    // Verification is a reviewer's step (assessors, administrators): greyed out with why.
    expect(await actions.getByRole('button', { name: 'Move to: Verified' }).isDisabled()).toBe(true);
    expect(await actions.textContent()).toContain(
      'Not available to you: this step is for Assessor, Organisation administrator, or Platform administrator.',
    );

    // Attachments: the photo inline, the letter in a frame, each with name, type and size.
    const attachments = page.getByRole('region', { name: 'Attachments' });
    await attachments.getByText('swollen-lips.png').waitFor();
    expect(await attachments.textContent()).toContain('image/png');
    expect(await attachments.textContent()).toContain('Photo taken by the patient on day 1');
    expect(await attachments.textContent()).toContain('application/pdf');
    await attachments.getByRole('button', { name: 'Preview swollen-lips.png' }).click();
    const photo = attachments.getByRole('img', { name: 'Preview of swollen-lips.png' });
    await photo.waitFor();
    await page.waitForFunction(
      () =>
        (document.querySelector('img[alt="Preview of swollen-lips.png"]') as HTMLImageElement)
          ?.naturalWidth === 240,
    );
    await attachments.getByRole('button', { name: 'Preview discharge-letter.pdf' }).click();
    const frame = attachments.locator('iframe[title="Preview of discharge-letter.pdf"]');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);

    const versions = page.getByTestId('case-versions');
    expect(await versions.textContent()).toContain('H. Narrative and assessmentCase narrative');
    expect(await versions.textContent()).toContain('settled in 36 hours');
    await page.evaluate(() => window.scrollTo(0, 0));
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

    // Export the search as XLSX through the dialog, and open the file.
    await page.goto(`${baseUrl}/cases?serious=true&stage=all&query=${encodeURIComponent(reference)}`);
    await page.getByRole('status').getByText('One case', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Export this search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export cases' });
    await dialog.getByText('The one case of this search will be exported.').waitFor();
    await dialogShown(page);
    expect(await dialog.getByRole('radio', { name: 'Excel workbook (XLSX)' }).isChecked()).toBe(true);
    await screenshot(page, 'cases-export-dialog');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Start export' }).click();
    await dialog.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    await dialog.getByText(/The file cases-.*\.xlsx is ready\./).waitFor({ timeout: 30_000 });
    await screenshot(page, 'cases-export-ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^cases-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = join(artifactsDir, 'cases-export.xlsx');
    await download.saveAs(workbook);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(workbook);
    const sheet = book.getWorksheet('Cases')!;
    const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
    expect(rows).toHaveLength(2); // the header and the one case of the search
    const header = rows[0] as string[];
    const found = rows[1]!;
    expect(found[header.indexOf('reference')]).toBe(reference);
    expect(found[header.indexOf('name')]).toBe(sentCase.name);
    expect(found[header.indexOf('status')]).toBe('coded');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Reloaded at the narrow width, so the picture is not of the menu closing.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('status').getByText('One case', { exact: true }).waitFor();
    await page.getByRole('checkbox', { name: `Select case ${reference}` }).check();
    await page.getByRole('region', { name: 'Selected cases' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'cases-inbox-selected-390');
    await page
      .getByRole('region', { name: 'Selected cases' })
      .getByRole('button', { name: 'Export selected' })
      .click();
    await page
      .getByRole('dialog', { name: 'Export cases' })
      .getByText('The selected case will be exported.')
      .waitFor();
    await dialogShown(page);
    await screenshot(page, 'cases-export-dialog-390');
    await page.keyboard.press('Escape');
    await page.goto(`${baseUrl}/cases/${sentCase.id}?tab=history`);
    await history.waitFor();
    await screenshot(page, 'cases-case-history-390');
    await page.getByRole('tab', { name: 'Case' }).click();
    await page.getByRole('region', { name: 'Actions', exact: true }).waitFor();
    await page
      .getByRole('region', { name: 'Attachments' })
      .getByRole('button', { name: 'Preview swollen-lips.png' })
      .click();
    await page.getByRole('img', { name: 'Preview of swollen-lips.png' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'cases-case-view-390');
    await page.goto(`${baseUrl}/cases?stage=void&query=nothing-matches-${Date.now()}`);
    await page.getByTestId('inbox-empty').waitFor();
    await screenshot(page, 'cases-inbox-empty-390');
    await context.close();

    // The assessor verifies the coded case.
    const review = await contextAt(browser, 1280);
    const reviewer = await review.newPage();
    await signIn(reviewer, assessor, PASSWORD, '/login/assessor');
    await reviewer.goto(`${baseUrl}/cases/${sentCase.id}`);
    const reviewActions = reviewer.getByRole('region', { name: 'Actions', exact: true });
    await reviewActions.getByRole('button', { name: 'Move to: Verified' }).click();
    await reviewActions.getByText('The case is now Verified.').waitFor();
    expect(await reviewer.getByTestId('case-status').textContent()).toBe('Verified');
    await screenshot(reviewer, 'cases-case-verified');
    await review.close();
  });
});
