import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { launchBrowser, screenshot } from '../browser.ts';

const baseUrl = inject('baseUrl');
const MEDDRA = join(repoRoot, 'server', 'test', 'fixtures', 'meddra-synthetic');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or username').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('vigilo-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'My profile' }).waitFor();
}

/** A JSON call with the page's own session, as the app makes it. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(window.localStorage.getItem('vigilo.session') ?? '{}') as { token?: string };
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/**
 * The page at `path` on a phone (390 CSS pixels) in the same signed-in context: a screenshot,
 * and no sideways scroll (WCAG 1.4.10).
 */
async function onPhone(page: Page, path: string, ready: string, name: string): Promise<void> {
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.goto(`${baseUrl}${path}`);
  await phone.getByRole('heading', { name: ready, level: 1 }).waitFor();
  await phone.getByRole('table').first().waitFor();
  await screenshot(phone, name);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
}

/** The labels of the arrangement's rows, indented two spaces a level. */
async function treeRows(page: Page): Promise<string[]> {
  return page
    .getByTestId('arrangement-tree')
    .evaluate((ul) =>
      [...ul.querySelectorAll('li')].map(
        (li) => `${'  '.repeat(Number(li.dataset.depth))}${li.querySelector('p')?.textContent ?? ''}`,
      ),
    );
}

describe('reference data administration', () => {
  it('a system administrator imports the synthetic MedDRA release through the screen and watches it become ready', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'sysadmin@demo.vigilo.test');
    await page.getByRole('link', { name: 'MedDRA' }).click();
    await page.getByRole('heading', { name: 'MedDRA releases', level: 1 }).waitFor();

    // The synthetic release as shipped, but for its release line: a language of this run's own,
    // so a database kept between runs (TEST_DATABASE_URL) never holds this version already.
    const language = `English (run ${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')})`;
    const shipped = (await readdir(MEDDRA)).filter(
      (name) => name.endsWith('.asc') && name !== 'meddra_release.asc',
    );
    const files = [
      ...(await Promise.all(
        shipped.map(async (name) => ({
          name,
          mimeType: 'text/plain',
          buffer: await readFile(join(MEDDRA, name)),
        })),
      )),
      {
        name: 'meddra_release.asc',
        mimeType: 'text/plain',
        buffer: Buffer.from(`90.0$${language}$$\n`, 'latin1'),
      },
    ];
    expect(files).toHaveLength(10);
    const section = page.getByRole('region', { name: 'Import a release' });
    await section.locator('input[type="file"]').setInputFiles(files);
    await section.getByRole('button', { name: 'Import release' }).click();
    await section.locator('[data-testid="meddra-job"], [data-testid="meddra-refused"]').first().waitFor();
    expect(await section.getByTestId('meddra-refused').count(), (await section.textContent()) ?? '').toBe(0);
    expect(
      await section.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await section.getByText(`Release 90.0 (${language}) is ready`).waitFor({ timeout: 30_000 });

    const row = page.getByRole('table', { name: 'MedDRA versions' }).getByRole('row').nth(1);
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 6)).toEqual(['90.0', language, 'Ready', '100%', 'Current', '10 LLTs, 5 PTs']);
    await screenshot(page, 'reference-data-meddra-1280');

    // The same release again is refused in words, and nothing changes.
    await section.locator('input[type="file"]').setInputFiles(files);
    await section.getByRole('button', { name: 'Import release' }).click();
    await page
      .getByTestId('meddra-refused')
      .getByText('This version is already imported in this language.', { exact: false })
      .waitFor();
    await onPhone(page, '/admin/meddra', 'MedDRA releases', 'reference-data-meddra-390');
    await context.close();
  });

  it('an organisation administrator reorders an arrangement with the keyboard alone, and the order is kept', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    const dictionary = `routes-e2e-${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};
    for (const [code, term] of [
      ['PO', 'Oral'],
      ['IV', 'Intravenous'],
      ['IM', 'Intramuscular'],
      ['TOP', 'Topical'],
    ] as const) {
      ids[code] = (
        await api<{ id: string }>(page, 'POST', '/v1/terminology-entries', {
          dictionary,
          code,
          term,
          translations: { fr: `${term} (fr)` },
        })
      ).id;
    }
    await api(page, 'POST', '/v1/terminology-arrangements', {
      name: `Routes ${dictionary}`,
      dictionary,
      description: 'Routes offered in the public form',
      items: [
        { entryId: ids.PO, parentEntryId: null },
        { entryId: ids.IV, parentEntryId: null },
        { entryId: ids.IM, parentEntryId: null },
        { entryId: ids.TOP, parentEntryId: null },
      ],
    });

    await page.getByRole('link', { name: 'Dictionaries' }).click();
    await page.getByRole('heading', { name: 'Dictionaries', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/admin/dictionaries?dictionary=${dictionary}`);
    await page.getByRole('table', { name: `Entries of ${dictionary}` }).waitFor();
    await screenshot(page, 'reference-data-dictionaries-1280');
    await onPhone(
      page,
      `/admin/dictionaries?dictionary=${dictionary}`,
      'Dictionaries',
      'reference-data-dictionaries-390',
    );

    await page.getByRole('link', { name: `Routes ${dictionary}` }).click();
    await page.getByRole('heading', { name: `Routes ${dictionary}`, level: 1 }).waitFor();
    expect(await treeRows(page)).toEqual([
      'Oral (PO)',
      'Intravenous (IV)',
      'Intramuscular (IM)',
      'Topical (TOP)',
    ]);

    // Keyboard only: focus Intramuscular's handle, move it up, then nest it under Oral; nest Intravenous too.
    await page.getByRole('button', { name: 'Intramuscular (IM), level 1, 3 of 4' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.keyboard.press('Alt+ArrowRight');
    expect(await treeRows(page)).toEqual([
      'Oral (PO)',
      '  Intramuscular (IM)',
      'Intravenous (IV)',
      'Topical (TOP)',
    ]);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Alt+ArrowRight');
    expect(await treeRows(page)).toEqual([
      'Oral (PO)',
      '  Intramuscular (IM)',
      '  Intravenous (IV)',
      'Topical (TOP)',
    ]);
    expect(await page.getByTestId('tree-announcement').textContent()).toBe(
      'Intravenous (IV) is now 2 of 2 under Oral (PO)',
    );
    await screenshot(page, 'reference-data-arrangement-1280');
    await page.getByRole('button', { name: 'Save arrangement' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="arrangement-saved"], [data-testid="arrangement-refused"]').waitFor();
    expect(
      await page.getByTestId('arrangement-refused').count(),
      (await page.locator('main').textContent()) ?? '',
    ).toBe(0);

    await page.reload();
    await page.getByText('Topical (TOP)').waitFor();
    expect(await treeRows(page)).toEqual([
      'Oral (PO)',
      '  Intramuscular (IM)',
      '  Intravenous (IV)',
      'Topical (TOP)',
    ]);
    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(page.url());
    await phone.getByText('Topical (TOP)').waitFor();
    await screenshot(phone, 'reference-data-arrangement-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  });
});
