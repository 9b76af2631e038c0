import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { axeViolations, contextAt, DEMO_PASSWORD, signIn } from '../journey.ts';
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
    const context = await contextAt(browser, 390, { height: 844 });
    const page = await context.newPage();
    // The address the README gives: the demo platform is the one served on localhost (its
    // regulator's id is fixed on a fresh seed; a database seeded before keeps its own).
    const local = new URL(baseUrl);
    local.hostname = 'localhost';
    await page.goto(`${local.origin}/report?organisation=${ids.organisationId}`);
    await page.getByRole('heading', { name: 'Report a side effect', level: 1 }).waitFor();
    await screenshot(page, 'reporting-start-390');
    await page.getByRole('link', { name: 'Report a side effect of a medicine' }).click();

    // 1. About you.
    await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
    await step(page, 1);
    await page.getByText('Your answers are kept on this device only').waitFor();
    await page.getByLabel('First name (optional)').fill('Jo');
    await page.getByLabel('Email address (optional)').fill('jo@example.test');
    await screenshot(page, 'reporting-about-you-390');
    await next(page);

    // 2. The patient: a year alone for the date of birth.
    await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('textbox', { name: 'Year' }).fill('1984');
    await next(page);

    // 3. The reaction: Continue with nothing answered shows the error summary, focused.
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    await next(page);
    const summary = page.getByTestId('error-summary');
    await summary.waitFor();
    expect(await summary.getByRole('link').allTextContents()).toEqual(['Answer “What happened?”']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'error-summary',
    );
    await screenshot(page, 'reporting-error-summary-390');
    expect(await axeViolations(page)).toEqual([]);
    // Its link puts the keyboard in the field.
    await summary.getByRole('link', { name: 'Answer “What happened?”' }).click();
    await page.keyboard.type('Itchy rash on both arms');
    await page.getByRole('textbox', { name: 'Day' }).first().fill('20');
    await page.getByRole('textbox', { name: 'Month' }).first().fill('11');
    await page.getByRole('textbox', { name: 'Year' }).first().fill('2026');
    await page.getByRole('radio', { name: 'Recovering' }).check();
    await next(page);

    // 4. The medicine.
    await page.getByRole('heading', { name: 'The medicine', level: 1 }).waitFor();
    await page.getByLabel('Name of the medicine').fill('Amoxicillin 500 mg');
    await next(page);

    // 5. Anything else.
    await page.getByRole('heading', { name: 'Anything else', level: 1 }).waitFor();
    await next(page);

    // 6. A photo.
    await page.getByRole('heading', { name: 'Photos and documents', level: 1 }).waitFor();
    await page.getByTestId('no-files').waitFor();
    await page.locator('input[type="file"]').setInputFiles({
      name: 'rash.png',
      mimeType: 'image/png',
      buffer: smallPng(),
    });
    await page.getByText(/^rash\.png \(\d+ KB\)$/).waitFor();
    await screenshot(page, 'reporting-files-390');
    await next(page);

    // 7. Check your answers, then send (twice: the second click sends nothing more).
    await page.getByRole('heading', { name: 'Check your answers before sending', level: 1 }).waitFor();
    await page.getByText('Itchy rash on both arms').waitFor();
    await page.getByText('20 November 2026').waitFor();
    await screenshot(page, 'reporting-check-390');
    expect(await axeViolations(page)).toEqual([]);
    const send = page.getByRole('button', { name: 'Send report' });
    const answers: string[] = [];
    page.on('response', async (r) => {
      if (r.url().includes('/v1/report')) answers.push(`${r.status()} ${await r.text().catch(() => '')}`);
    });
    await send.dblclick();
    await page
      .getByRole('heading', { name: 'Report sent', level: 1 })
      .waitFor({ timeout: 10000 })
      .catch(async (error) => {
        await screenshot(page, 'reporting-send-failed');
        throw new Error(`${error}\n${answers.join('\n')}`);
      });
    const reference = (await page.getByTestId('reference').textContent())?.trim() ?? '';
    expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]$/);
    await screenshot(page, 'reporting-sent-390');
    // Nothing is left on the device once sent.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('vigilo.report.'))),
    ).toEqual([]);

    const reports = await db.query<{ id: string; anonymous: boolean }>(
      'SELECT id, anonymous FROM reports WHERE reference = $1',
      [reference],
    );
    expect(reports.rows).toHaveLength(1);
    expect(reports.rows[0]!.anonymous).toBe(true);
    const files = await db.query('SELECT id FROM files WHERE report_id = $1', [reports.rows[0]!.id]);
    expect(files.rows).toHaveLength(1);
    await context.close();
  });

  it('a professional saves a draft, signs in again in a fresh browser, resumes it from My reports and sends it', async () => {
    const signInFrom = async (from: 'form' | 'my-reports', reference = '') => {
      const context = await contextAt(browser, 1280);
      const page = await context.newPage();
      await signIn(page, 'reporter@demo.vigilo.test');
      if (from === 'form') {
        await page.goto(`${baseUrl}/report`);
        await page.getByRole('link', { name: 'Adverse drug reaction report' }).click();
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
      await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
      return { context, page };
    };
    const first = await signInFrom('form');
    let page = first.page;
    await page.getByLabel('First name (optional)').fill('Rita');
    await page.getByRole('radio', { name: 'Physician' }).check();
    await next(page);
    await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
    await page.getByRole('radio', { name: 'Male', exact: true }).check();
    await next(page);
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    await page.getByLabel('What happened?').fill('Hives after the first dose');
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
    expect(await page.getByLabel('First name (optional)').inputValue()).toBe('Rita');
    await next(page);
    await next(page);
    await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
    expect(await page.getByLabel('What happened?').inputValue()).toBe('Hives after the first dose');
    await next(page);
    await page.getByRole('heading', { name: 'The medicine', level: 1 }).waitFor();
    await page.getByLabel('Name of the medicine').fill('Ibuprofen 400 mg');
    await page.getByRole('radio', { name: 'Suspected' }).check();
    await page.getByRole('radio', { name: 'Stopped' }).check();
    await next(page);
    await page.getByRole('heading', { name: 'Tests', level: 1 }).waitFor();
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
    await second.context.close();
  });
});
