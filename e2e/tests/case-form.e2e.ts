import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, connectBrowser, screenshot } from '../browser.ts';
import { completeByFindings, openCase, publicReport, status, tabTo } from '../case-steps.ts';
import {
  axeViolations,
  contextAt,
  inviteCaseworker,
  JOURNEY_PASSWORD,
  overflowOf,
  signIn,
} from '../journey.ts';
import { installSyntheticRelease } from '../meddra.ts';

/**
 * The case form (issue 24 §2, decision 0262) from where its cases come from: a member of the
 * public sends a report through Vigilo's public form on a phone; staff open the case from the
 * inbox and complete it with the keyboard only (Tab, Enter, Space, arrows and typing), guided by
 * the live findings for the ICH profile, until the message has no error; they save and see the
 * new version. Axe on the form; screenshots at 320 px and on a desktop.
 */
const baseUrl = inject('baseUrl');
const db = new pg.Client({ connectionString: inject('databaseUrl') });
let browser: Browser;
// A caseworker of this journey alone: the demo's staff account may be limited to London by
// another journey's user group (invite.e2e), and would not see the case sent here.
let staff: string;

beforeAll(async () => {
  browser = await connectBrowser();
  await db.connect();
  staff = await inviteCaseworker(db, 'organisation_staff', 'Rosa');
});
afterAll(async () => {
  await browser?.close();
  await db.end();
});

/** What the viewport shows (a full page of the form is some 12,000 px high). */
const view = (page: Page, name: string) => page.screenshot({ path: join(artifactsDir, `${name}.png`) });

describe('the case form', () => {
  it('staff complete a publicly sent case by keyboard until its message has no ICH error, save it and see the new version', async () => {
    await installSyntheticRelease(baseUrl);
    const reference = await publicReport(browser, baseUrl);
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, staff, JOURNEY_PASSWORD);
    await openCase(page, reference);
    const version = async () =>
      (await page.getByRole('region', { name: 'Report information' }).textContent())?.match(
        /Version(\d+)/,
      )?.[1];
    const before = Number(await version());

    // Keyboard only from here: Tab to "Edit the case", Enter.
    await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).click();
    await tabTo(page, (el) => el.text === 'Edit the case');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Edit the case', level: 2 }).waitFor();
    await status(page)
      .filter({ hasText: /for the ICH profile/ })
      .waitFor({ timeout: 20000 });
    const findings = await page.getByTestId('case-form-findings').textContent();
    expect(findings).toMatch(/errors? and \d+ warnings? for the ICH profile/);
    await screenshot(page, 'case-form-open');
    await view(page, 'case-form-open-top');

    await completeByFindings(page, /for the ICH profile/, () => view(page, 'case-form-meddra'));
    expect(await status(page).textContent()).toMatch(/^0 errors and \d+ warnings? for the ICH profile\.$/);
    await screenshot(page, 'case-form-desktop');
    await page.locator('[id="field-E"]').scrollIntoViewIfNeeded();
    await view(page, 'case-form-reactions');
    expect(await axeViolations(page)).toEqual([]);

    // Save: Tab to the button, Enter; the new version is shown.
    await tabTo(page, (el) => el.text === 'Save as a new version');
    await page.keyboard.press('Enter');
    await page.getByText(`Saved as version ${before + 1} of the case.`).waitFor({ timeout: 20000 });
    expect(Number(await version())).toBe(before + 1);
    await page.getByRole('region', { name: 'Versions' }).waitFor();
    await screenshot(page, 'case-form-saved');

    // At 320 px: the form reflows without sideways scroll.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.getByRole('button', { name: 'Edit the case' }).click();
    await page.getByRole('heading', { name: 'Edit the case', level: 2 }).waitFor();
    const { overflow, culprits } = await overflowOf(page);
    expect(overflow, culprits.join('\n')).toBe(0);
    await screenshot(page, 'case-form-320');
    await view(page, 'case-form-320-top');
    await page.locator('[id="field-C.primarySources"]').scrollIntoViewIfNeeded();
    await view(page, 'case-form-320-sources');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 300_000);
});
