import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { axeViolations, contextAt, DEMO_PASSWORD, signIn } from '../journey.ts';
import { installSyntheticRelease } from '../meddra.ts';
import { apiToken } from '../submissions.ts';

/** Public reporting (issue 11): the journey as a member of the public and as a professional. */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;
let ids: { platformId: string; organisationId: string };

beforeAll(async () => {
  browser = await connectBrowser();
  await db.connect();
  // The demo seed lets the public report without an account (decision 0078's setting, 0121).
  const one = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]!.id;
  ids = {
    platformId: await one("SELECT id FROM platforms WHERE domain = 'localhost'"),
    organisationId: await one(
      "SELECT id FROM organisations WHERE name = 'National Pharmacovigilance Centre'",
    ),
  };
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

/** A real 8×8 PNG (an orange square), built here: signature, IHDR, IDAT, IEND with their CRCs. */
function smallPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: 8 }, () => [255, 140, 0]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: 8 }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();
const step = (page: Page, n: number) =>
  page
    .getByTestId('step-progress')
    .filter({ hasText: new RegExp(`^Step ${n} of \\d+`) })
    .waitFor();

describe('public reporting', () => {
  it('a member of the public, signed out on a phone, reports a side effect with a photo and gets a reference', async () => {
    const started = new Date();
    // A small phone, touch: 375 × 667 (an iPhone SE).
    const context = await contextAt(browser, 375, { height: 667, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    // Where a visitor starts: the site's address (the demo platform is the one served on
    // localhost). The landing's main action is reporting; signing in comes second.
    const local = new URL(baseUrl);
    local.hostname = 'localhost';
    await page.goto(`${local.origin}/`);
    await page
      .getByRole('heading', { name: 'Report a side effect of a medicine or vaccine', level: 1 })
      .waitFor();
    await page.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    await screenshot(page, 'reporting-landing-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Report a side effect' }).click();
    await page.getByRole('heading', { name: 'Report a side effect', level: 1 }).waitFor();
    await screenshot(page, 'reporting-start-375');
    // The demo has one regulator: the report goes to it without asking (decision 0275).
    const form = page.getByRole('link', { name: 'Report a side effect of a medicine' });
    expect(
      new URL((await form.getAttribute('href')) ?? '', local.origin).searchParams.get('organisation'),
    ).toBe(ids.organisationId);
    await form.click();

    // 1. About you.
    await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
    await step(page, 1);
    await page.getByText('Your answers are kept on this device only').waitFor();
    // One of the reporter's details is needed, said up front; no "I don't know" about oneself;
    // the country is a list of names.
    expect(await page.getByTestId('one-of').textContent()).toMatch(
      /^Answer at least one of these: First name, /,
    );
    expect(await page.getByText('I don’t know').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Country (optional)' }).selectOption({ label: 'France' });
    await page.getByLabel('First name', { exact: true }).fill('Jo');
    await page.getByLabel('Email address', { exact: true }).fill('jo@example.test');
    await screenshot(page, 'reporting-about-you-375');
    await next(page);

    // 2. The patient: the step says one detail is needed, and Continue checks it (not only
    // Check answers); then a year alone for the date of birth.
    await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
    await page.getByText(/^Answer at least one of these: Initials, Sex, Date of birth/).waitFor();
    await next(page);
    const patientProblem = page.getByTestId('error-summary');
    await patientProblem.waitFor();
    expect(await patientProblem.getByRole('link').allTextContents()).toEqual([
      'Enter at least one detail about the person who had the reaction: initials, sex, date of birth, age or age group',
    ]);
    await screenshot(page, 'reporting-patient-needed-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('textbox', { name: 'Year' }).fill('1984');
    await next(page);

    // 3. The reaction: Continue with nothing answered shows the error summary, focused.
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    await next(page);
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual(['Describe what happened']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'error-summary',
    );
    await screenshot(page, 'reporting-error-summary-375');
    expect(await axeViolations(page)).toEqual([]);
    // Its link puts the keyboard in the field.
    await summary.getByRole('link', { name: 'Describe what happened' }).click();
    await page.keyboard.type('Itchy rash on both arms');
    await page.getByRole('textbox', { name: 'Day' }).first().fill('20');
    await page.getByRole('textbox', { name: 'Month' }).first().fill('11');
    await page.getByRole('textbox', { name: 'Year' }).first().fill('2026');
    await page.getByRole('radio', { name: 'Recovering' }).check();
    await next(page);

    // 4. The medicine: the network is cut here, mid-way, and the journey goes on without it.
    await page.getByRole('heading', { name: 'The medicine', level: 1 }).waitFor();
    await context.setOffline(true);
    await page.getByLabel('Name of the medicine').fill('Amoxicillin 500 mg');
    await next(page);

    // 5. Anything else.
    await page.getByRole('heading', { name: 'Anything else', level: 1 }).waitFor();
    await next(page);

    // 6. A photo.
    await page.getByRole('heading', { name: 'Photos and documents', level: 1 }).waitFor();
    await page.getByTestId('no-files').waitFor();
    const photo = { name: 'rash.png', mimeType: 'image/png', buffer: smallPng() };
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByText(/^rash\.png \(\d+ KB\)$/).waitFor();
    await screenshot(page, 'reporting-files-375');
    await next(page);

    // 7. Check your answers: the focus is on the page's heading; a "Change" link per row opens
    // its page at the field, and Continue comes straight back here.
    const check = page.getByRole('heading', { name: 'Check your answers before sending', level: 1 });
    await check.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Check your answers before sending',
    );
    await page.getByText('Itchy rash on both arms').waitFor();
    await page.getByText('20 November 2026').waitFor();
    const row = (label: string) =>
      page.locator('dl > div').filter({ has: page.getByText(label, { exact: true }) });
    expect(await row('Sex').locator('dd').first().textContent()).toBe('Female');
    expect(await row('Last name').locator('dd').first().textContent()).toBe('Not provided');
    await screenshot(page, 'reporting-check-375');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Change Sex' }).click();
    await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('q-D-sex');
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await next(page);
    await check.waitFor();
    expect(await row('Sex').locator('dd').first().textContent()).toBe('Male');

    // Back online, a reload here keeps the answers but not the photo: the page says so.
    await context.setOffline(false);
    await page.reload();
    await check.waitFor();
    const missing = page.getByTestId('missing-files');
    await missing.waitFor();
    expect(await missing.textContent()).toContain('rash.png is no longer attached');
    await screenshot(page, 'reporting-photo-lost-375');
    expect(await axeViolations(page)).toEqual([]);
    await missing.getByRole('link', { name: 'Add the file again' }).click();
    await page.getByRole('heading', { name: 'Photos and documents', level: 1 }).waitFor();
    await page.locator('input[type="file"]').setInputFiles(photo);
    await page.getByText(/^rash\.png \(\d+ KB\)$/).waitFor();
    expect(await page.getByTestId('missing-files').count()).toBe(0);
    await next(page);
    await check.waitFor();

    // 8. Send with the network cut again (twice: the second click sends nothing more): the page
    // says it will go once back online, and it does, once.
    const answers: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/v1/report')) answers.push(`${r.status()} ${await r.text().catch(() => '')}`);
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Send report' }).dblclick();
    const offline = page.getByTestId('offline');
    await offline.waitFor();
    expect(await offline.textContent()).toContain(
      'You’re offline: your report will be sent when you’re back online; keep this page open.',
    );
    await screenshot(page, 'reporting-offline-375');
    expect(await axeViolations(page)).toEqual([]);
    await offline.getByRole('button', { name: 'Retry' }).click();
    await offline.getByRole('button', { name: 'Retry' }).and(page.locator(':not([data-loading])')).waitFor();
    await context.setOffline(false);
    await page
      .getByRole('heading', { name: 'Report sent', level: 1 })
      .waitFor({ timeout: 15000 })
      .catch(async (error) => {
        await screenshot(page, 'reporting-send-failed');
        throw new Error(`${error}\n${answers.join('\n')}`);
      });
    const reference = (await page.getByTestId('reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
    // Where the confirmation went, who received it, and a copy to print.
    const details = page.getByTestId('sent-details');
    expect(await details.textContent()).toContain('We have sent a confirmation email to jo@example.test.');
    expect(await details.textContent()).toContain(
      'Your report was sent to National Pharmacovigilance Centre.',
    );
    await page.getByTestId('report-copy').getByText('Itchy rash on both arms').waitFor();
    await page.getByRole('button', { name: 'Print or save a copy' }).waitFor();
    await screenshot(page, 'reporting-sent-375');
    expect(await axeViolations(page)).toEqual([]);
    // Nothing is left on the device once sent.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vigilo.report.'))),
    ).toEqual([]);

    // Back from the confirmation: the report was sent, with its reference, not an empty form.
    await page.goBack();
    await page.getByRole('heading', { name: 'You have sent this report', level: 1 }).waitFor();
    expect(await page.getByTestId('sent-already').textContent()).toContain(reference);
    await screenshot(page, 'reporting-back-after-sent-375');
    expect(await axeViolations(page)).toEqual([]);

    const reports = await db.query<{ id: string; anonymous: boolean }>(
      'SELECT id, anonymous FROM reports WHERE reference = $1',
      [reference],
    );
    expect(reports.rows).toHaveLength(1);
    expect(reports.rows[0]!.anonymous).toBe(true);
    const files = await db.query('SELECT id FROM files WHERE report_id = $1', [reports.rows[0]!.id]);
    expect(files.rows).toHaveLength(1);
    // One report for every try (two clicks, Retry, back online): no other arrived meanwhile.
    const since = await db.query(
      'SELECT count(*)::int AS n FROM reports WHERE anonymous AND created_at >= $1',
      [started],
    );
    expect(since.rows[0]).toEqual({ n: 1 });
    await context.close();
  }, 180_000);

  it('a professional, signed in: About you filled from the account, MedDRA and structured tests; a draft resumed where it was saved from My reports, sent, then read back', async () => {
    await installSyntheticRelease(baseUrl);
    const account = (
      await db.query<{ first_name: string; last_name: string }>(
        "SELECT first_name, last_name FROM users WHERE email = 'reporter@demo.vigilo.test'",
      )
    ).rows[0]!;
    const signInFrom = async (from: 'form' | 'my-reports', reference = '') => {
      const context = await contextAt(browser, 1280);
      const page = await context.newPage();
      await signIn(page, 'reporter@demo.vigilo.test');
      if (from === 'form') {
        await page.goto(`${baseUrl}/report`);
        await page.getByRole('link', { name: 'Adverse drug reaction report' }).click();
        await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
      } else {
        // My reports lists the draft (newest change first) and continues it in the journey.
        await page
          .getByRole('navigation', { name: 'Main navigation' })
          .getByRole('link', { name: 'My reports' })
          .click();
        const table = page.getByRole('table', { name: 'Your reports' });
        const row = table.getByRole('row').filter({ hasText: reference });
        expect(await row.textContent()).toContain('Draft, not sent yet');
        await row.waitFor();
        expect(await row.textContent()).toContain('Adverse drug reaction (health professionals)');
        await screenshot(page, 'reporting-my-reports');
        await row.getByRole('link', { name: /^Continue the draft / }).click();
        await page.waitForURL((url) => url.searchParams.has('draft'));
      }
      return { context, page };
    };
    const first = await signInFrom('form');
    let page = first.page;
    // The reporter (C.2) from the account, said on the page; a health professional's professions only.
    await page.getByTestId('prefilled').waitFor();
    expect(await page.getByLabel('First name', { exact: true }).inputValue()).toBe(account.first_name);
    expect(await page.getByLabel('Last name', { exact: true }).inputValue()).toBe(account.last_name);
    expect(await page.getByLabel('Email address', { exact: true }).inputValue()).toBe(
      'reporter@demo.vigilo.test',
    );
    expect(
      await page
        .getByRole('radiogroup', { name: /profession/ })
        .getByRole('radio')
        .count(),
    ).toBe(3);
    expect(await page.getByRole('radio', { name: 'Lawyer' }).count()).toBe(0);
    await screenshot(page, 'reporting-professional-prefilled');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('First name', { exact: true }).fill('Rita');
    await page.getByRole('radio', { name: 'Physician' }).check();
    await next(page);
    await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await next(page);
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    await page.getByLabel('What happened?').fill('Hives after the first dose');
    // The MedDRA picker, from the words as reported.
    const term = page.getByRole('combobox', { name: /^Medical term \(MedDRA\) \(optional\) · MedDRA / });
    await term.fill('');
    await term.pressSequentially('itchy');
    await page.getByRole('option', { name: /Itchy red skin patch/ }).waitFor();
    await screenshot(page, 'reporting-professional-meddra');
    await term.press('ArrowDown');
    await term.press('Enter');
    await page.getByRole('button', { name: 'Save and come back later' }).click();
    await page.getByText(/^Saved\. You can come back to it from any device/).waitFor();
    await screenshot(page, 'reporting-draft-saved');
    await first.context.close();
    const saved = await db.query<{ reference: string; form_view_version_id: string }>(
      `SELECT r.reference, r.form_view_version_id FROM reports r JOIN users u ON u.id = r.reporter_user_id
        WHERE u.email = 'reporter@demo.vigilo.test' AND r.status = 'draft' ORDER BY r.updated_at DESC LIMIT 1`,
    );
    const draft = saved.rows[0]!;
    // A newer draft of the same form, from another device: My reports still continues the one chosen.
    const token = await apiToken(baseUrl, 'reporter@demo.vigilo.test', DEMO_PASSWORD);
    const newer = await fetch(`${baseUrl}/v1/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        status: 'draft',
        formViewVersionId: draft.form_view_version_id,
        report: { schemaVersion: 1, C: {} },
      }),
    });
    expect(newer.status).toBe(201);

    // Another browser: the draft comes back from the server, through My reports.
    const second = await signInFrom('my-reports', draft.reference);
    page = second.page;
    // It opens at the step it was saved on, the reporter's own details kept as typed.
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    expect(await page.getByLabel('What happened?').inputValue()).toBe('Hives after the first dose');
    await next(page);
    await page.getByRole('heading', { name: 'The medicine', level: 1 }).waitFor();
    await page.getByLabel('Name of the medicine').fill('Ibuprofen 400 mg');
    await page.getByRole('radio', { name: 'Suspected' }).check();
    await page.getByRole('radio', { name: 'Stopped' }).check();
    await next(page);
    // Structured test results: a unit without its number is refused on the step, in words.
    await page.getByRole('heading', { name: 'Tests', level: 1 }).waitFor();
    await page.getByLabel('Test (optional)').fill('ALT');
    await page.getByRole('textbox', { name: 'Year' }).fill('2026');
    await page.getByLabel('Unit (optional)').fill('U/L');
    await next(page);
    await page
      .getByTestId('error-summary')
      .getByRole('link', { name: 'Enter the result as a number' })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Result (a number)', { exact: true }).fill('112');
    await page.getByLabel('Lowest normal value (optional)').fill('7');
    await page.getByLabel('Highest normal value (optional)').fill('56');
    await screenshot(page, 'reporting-professional-tests');
    await next(page);
    await page.getByRole('heading', { name: 'Anything else', level: 1 }).waitFor();
    await next(page);
    await page.getByRole('heading', { name: 'Photos and documents', level: 1 }).waitFor();
    await next(page);
    await page.getByRole('heading', { name: 'Check your answers before sending', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('heading', { name: 'Report sent', level: 1 }).waitFor();
    const reference = (await page.getByTestId('reference').textContent())?.trim() ?? '';
    await screenshot(page, 'reporting-professional-sent');
    const reports = await db.query<{ status: string; anonymous: boolean }>(
      'SELECT status, anonymous FROM reports WHERE reference = $1',
      [reference],
    );
    // A sent report enters the case lifecycle as received (decision 0100).
    expect(reports.rows).toEqual([{ status: 'received', anonymous: false }]);
    const sent = await db.query<{ document: { F: unknown; E: { reactions: { term?: unknown }[] } } }>(
      `SELECT v.document FROM report_versions v JOIN reports r ON r.id = v.report_id
        WHERE r.reference = $1 ORDER BY v.version DESC LIMIT 1`,
      [reference],
    );
    expect(sent.rows[0]!.document.F).toEqual({
      tests: [
        {
          name: 'ALT',
          date: '2026',
          result: { value: '112', unit: 'U/L' },
          normalLow: '7',
          normalLowUnit: 'U/L',
          normalHigh: '56',
          normalHighUnit: 'U/L',
        },
      ],
    });
    expect(sent.rows[0]!.document.E.reactions[0]!.term).toEqual({ version: '90.0', code: '90400003' });
    // My reports: the sent report opens, read only, as it was sent.
    await page.goto(`${baseUrl}/my-reports`);
    await page
      .getByRole('table', { name: 'Your reports' })
      .getByRole('link', { name: `View the report ${reference}` })
      .click();
    await page.getByRole('heading', { name: `Report ${reference}`, level: 1 }).waitFor();
    await page.getByTestId('sent-answers').getByText('Hives after the first dose').waitFor();
    // The MedDRA answer by its term's name, its code and release beside it (issue 25 item 4).
    const coded = page.getByTestId('sent-answers').getByTestId('meddra-answer');
    await coded.getByText('Itchy red skin patch').waitFor();
    expect(await coded.textContent()).toBe('Itchy red skin patchMedDRA 90.0, code 90400003');
    expect(await page.getByTestId('sent-summary').textContent()).toContain(
      'to National Pharmacovigilance Centre.',
    );
    await screenshot(page, 'reporting-my-report-sent');
    expect(await axeViolations(page)).toEqual([]);
    await second.context.close();
  }, 180_000);
});
