import type { Browser, Page } from 'playwright-core';
import { contextAt } from './journey.ts';

/**
 * The steps the case journeys share (issue 24): a report sent through the public form on a
 * phone, and the case form completed from the keyboard by its live findings' links.
 */

const next = (page: Page) => page.getByRole('button', { name: 'Continue' }).click();

/** The public form on a phone, as in reporting.e2e.ts: the report's reference. */
export async function publicReport(browser: Browser, baseUrl: string): Promise<string> {
  const context = await contextAt(browser, 390, { height: 844 });
  const page = await context.newPage();
  const local = new URL(baseUrl);
  local.hostname = 'localhost';
  await page.goto(`${local.origin}/`);
  await page.getByRole('link', { name: 'Report a side effect' }).click();
  await page.getByRole('link', { name: 'Report a side effect of a medicine' }).click();
  await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
  await page.getByLabel('First name', { exact: true }).fill('Jo');
  await page.getByLabel('Email address', { exact: true }).fill('jo@example.test');
  await next(page);
  await page.getByRole('heading', { name: 'The person who had the reaction', level: 1 }).waitFor();
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByRole('textbox', { name: 'Year' }).fill('1984');
  await next(page);
  await page.getByRole('heading', { name: 'The reaction', level: 1 }).waitFor();
  await page.getByLabel('What happened?').fill('Swollen lips the morning after the second tablet');
  await page.getByRole('textbox', { name: 'Day' }).first().fill('20');
  await page.getByRole('textbox', { name: 'Month' }).first().fill('11');
  await page.getByRole('textbox', { name: 'Year' }).first().fill('2026');
  await page.getByRole('radio', { name: 'Recovering' }).check();
  await next(page);
  await page.getByRole('heading', { name: 'The medicine', level: 1 }).waitFor();
  await page.getByLabel('Name of the medicine').fill('Lisinopril 10 mg tablets');
  await next(page);
  await page.getByRole('heading', { name: 'Anything else', level: 1 }).waitFor();
  await next(page);
  await page.getByRole('heading', { name: 'Photos and documents', level: 1 }).waitFor();
  await next(page);
  await page.getByRole('heading', { name: 'Check your answers before sending', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Send report' }).click();
  await page.getByRole('heading', { name: 'Report sent', level: 1 }).waitFor({ timeout: 15000 });
  const reference = (await page.getByTestId('reference').textContent())?.trim() ?? '';
  await context.close();
  return reference;
}

/** Staff find a case in the inbox by its reference, as they would, and open it. */
export async function openCase(page: Page, reference: string) {
  await page.getByRole('link', { name: 'Cases', exact: true }).click();
  await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor();
  await page.getByRole('textbox', { name: 'Search' }).fill(reference);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('row').filter({ hasText: reference }).getByRole('link').first().click();
  await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();
}

/** Presses Tab (Shift+Tab when `back`) until the focused element matches, at most `limit` times. */
export async function tabTo(
  page: Page,
  matches: (el: { text: string; label: string; id: string }) => boolean,
  back = false,
  limit = 400,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const el = await page.evaluate(() => {
      const a = document.activeElement as HTMLElement | null;
      return {
        text: a?.textContent?.trim() ?? '',
        label: a?.getAttribute('aria-label') ?? '',
        id: a?.id ?? '',
      };
    });
    if (matches(el)) return;
  }
  throw new Error('the element was not reached by Tab');
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** The findings summary's status line ("3 errors and 1 warning for the ICH profile."). */
export const status = (page: Page) => page.getByTestId('case-form-findings').getByRole('status');
const errorLinks = (page: Page) =>
  page
    .getByTestId('case-form-findings')
    .locator('li')
    .filter({ hasText: /^Error/ })
    .getByRole('link');

/**
 * Follows the case form's error links one by one, from the keyboard (Shift+Tab back to the
 * summary, Enter, the field completed by what it is), until the findings for `profile` say
 * 0 errors; `onTerm` runs after a MedDRA term is chosen (a screenshot).
 */
export async function completeByFindings(page: Page, profile: RegExp, onTerm?: () => Promise<unknown>) {
  await status(page).filter({ hasText: profile }).waitFor({ timeout: 20000 });
  // Each error's link takes the focus to its field; the field is completed from the keyboard.
  for (let round = 0; round < 20; round++) {
    const text = (await status(page).textContent()) ?? '';
    if (/^0 errors/.test(text)) break;
    const first = errorLinks(page).first();
    const target = (await first.getAttribute('href'))?.split('#')[1] ?? '';
    const message = await first.textContent();
    // Back to the summary by keyboard: Shift+Tab from wherever the focus is, to the link.
    await tabTo(page, (el) => el.text === message, true);
    await page.keyboard.press('Enter');
    // The focus is in the field the link names, or the part of it shown (a term's code: the term).
    await page.waitForFunction((t) => {
      for (let e = document.activeElement; e; e = e.parentElement)
        if (e.id && (t === e.id || t.startsWith(`${e.id}.`))) return true;
      return false;
    }, target);
    const id = await focusedId(page);
    await complete(page, id);
    if (id.endsWith('.term')) await onTerm?.();
    await page.waitForFunction(
      (m) =>
        ![...document.querySelectorAll('[data-testid="case-form-findings"] li')].some((li) =>
          li.textContent?.includes(m ?? ''),
        ),
      message,
      { timeout: 20000 },
    );
  }
}

/** What staff type into a text field the findings point at, by its place. */
const TYPED: Record<string, string> = {
  'cf-D.name': 'J.R.',
  'cf-D.medicalHistoryText': 'No relevant medical history known to the reporter.',
  'cf-H.narrative': 'A woman of 42 woke with swollen lips the morning after her second lisinopril tablet.',
};

/**
 * Completes the focused field from the keyboard, by what it is: a yes/no radio moves to "No"
 * (an explicit "not serious"), a list moves to its first choice, a date gets its day and month,
 * the MedDRA picker is searched and its first hit chosen, a text is typed.
 */
async function complete(page: Page, id: string) {
  const kind = await page.evaluate(() => {
    const a = document.activeElement as HTMLInputElement | null;
    return a ? `${a.tagName.toLowerCase()}:${a.type ?? ''}:${a.getAttribute('role') ?? ''}` : '';
  });
  if (kind.startsWith('input:radio')) {
    await page.keyboard.press('ArrowRight');
    return;
  }
  if (kind.startsWith('select')) {
    await page.keyboard.press('ArrowDown');
    return;
  }
  if (id.endsWith('.term')) {
    // The MedDRA picker's search, which starts from the reporter's words.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('itchy red');
    await page.getByRole('option', { name: /Itchy red skin patch 90400003/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    return;
  }
  if (/Date$/.test(id)) {
    // The day box has the field's id; the year the reporter gave stays.
    await page.keyboard.type('14');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    return;
  }
  const typed = TYPED[id];
  if (typed && kind.startsWith('input')) {
    await page.keyboard.type(typed);
    return;
  }
  if (typed && kind.startsWith('textarea')) {
    await page.keyboard.type(typed);
    return;
  }
  throw new Error(`no keyboard recipe for ${id} (${kind})`);
}
