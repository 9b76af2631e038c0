import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import {
  pageApi as api,
  axeViolations,
  contextAt,
  DEMO_PASSWORD,
  dialogShown,
  pageOverflow,
  signIn,
} from '../journey.ts';
import { apiToken, sendReport } from '../submissions.ts';

const baseUrl = inject('baseUrl');
const MEDDRA = join(repoRoot, 'server', 'test', 'fixtures', 'meddra-synthetic');
const DRUGS = join(repoRoot, 'server', 'src', 'seed', 'drugs-synthetic');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

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
  expect(await pageOverflow(phone)).toBe(0);
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
    const context = await contextAt(browser, 1280);
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

  it('an organisation administrator reorders an arrangement with the keyboard alone, and the order is kept; dragging a row by its handle moves it too', async () => {
    const context = await contextAt(browser, 1280);
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

    // With the mouse: Topical dragged by its handle onto the upper half of Oral goes before it.
    const oralRow = page.locator(`li[data-entry="${ids.PO}"]`);
    await page
      .locator(`li[data-entry="${ids.TOP}"] [data-drag-handle]`)
      .dragTo(oralRow, { targetPosition: { x: 200, y: 4 } });
    expect(await treeRows(page)).toEqual([
      'Topical (TOP)',
      'Oral (PO)',
      '  Intramuscular (IM)',
      '  Intravenous (IV)',
    ]);
    await page.getByRole('button', { name: 'Discard changes' }).click();
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
    expect(await pageOverflow(phone)).toBe(0);
    await context.close();
  });

  it('an organisation administrator uploads a product list with one bad line and reads why, then a good one, and opens a product’s IDAPS page', async () => {
    // A report of the organisation naming a product of this run's own, with two coded
    // reactions of the synthetic release (imported by the first journey): one serious
    // (hospitalisation), one fatal.
    const run = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    const product = { code: `E2E-${run}`, name: `Testolan ${run} 5 mg tablets`, authorisation: `E2E/${run}` };
    const token = await apiToken(baseUrl, 'staff@demo.vigilo.test', DEMO_PASSWORD);
    await sendReport(baseUrl, token, {
      schemaVersion: 1,
      C: { reportType: '1', primarySources: [{ givenName: 'Ada', familyName: 'Reed', country: 'GB' }] },
      D: { name: 'T.R.', sex: '2' },
      E: {
        reactions: [
          {
            id: crypto.randomUUID(),
            nativeTerm: 'Headache like a band',
            term: { version: '90.0', code: '90400001' },
            hospitalisation: true,
          },
          {
            id: crypto.randomUUID(),
            nativeTerm: 'Red itchy patch',
            term: { version: '90.0', code: '90400003' },
            resultsInDeath: true,
          },
        ],
      },
      G: {
        drugs: [
          {
            id: crypto.randomUUID(),
            role: '1',
            name: product.name,
            authorisationNumber: product.authorisation,
          },
        ],
      },
      H: { narrative: 'Invented for the reference-data journey.' },
    });

    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    await page.getByRole('link', { name: 'Drugs' }).click();
    await page.getByRole('heading', { name: 'Drugs', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Products' }).waitFor();

    const seed = (await readFile(join(DRUGS, 'drugs.csv'), 'utf8')).trimEnd();
    const extra = `${product.code},${product.name},Zelpramine,5 mg,Tablet,${product.authorisation},Borealis Pharma,GB`;
    const bad = `${seed}\n${extra}\nE2E-BAD,Broken product,Zelpramine,5 mg,Tablet,E2E/BAD,Borealis Pharma,GBR\n`;
    const badLine = bad.trimEnd().split('\n').length;
    const section = page.getByRole('region', { name: 'Upload a product list' });
    const listInput = section.locator('input[type="file"]').first();
    await listInput.setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await section.getByRole('button', { name: 'Upload list' }).click();
    const refused = page.getByTestId('drugs-refused');
    await section.locator('[data-testid="drugs-refused"], [data-testid="drugs-report"]').first().waitFor();
    expect(await refused.count(), (await section.textContent()) ?? '').toBe(1);
    expect(await refused.textContent()).toContain(
      'Nothing was imported. Correct this line and upload the file again:',
    );
    expect(await refused.getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Line ${badLine}, column country: `)),
    ]);
    await screenshot(page, 'reference-data-drugs-refused-1280');

    await listInput.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${seed}\n${extra}\n`),
    });
    await section.getByRole('button', { name: 'Upload list' }).click();
    const report = page.getByTestId('drugs-report');
    // Products an earlier journey added are not in this file: their removal is asked first.
    await page.locator('[data-testid="drugs-report"], [role="dialog"]').first().waitFor();
    if ((await page.getByRole('dialog').count()) > 0)
      await page.getByRole('button', { name: /^Upload and remove/ }).click();
    await report.waitFor();
    expect(await report.textContent()).toMatch(
      /The list now holds 13 products: 1 added, 0 changed, [0-9]+ removed\./,
    );

    // A file without the new product: the removal is shown before anything changes, and kept.
    await listInput.setInputFiles({
      name: 'products.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${seed}\n`),
    });
    await section.getByRole('button', { name: 'Upload list' }).click();
    const removals = page.getByRole('dialog', { name: 'This list removes one product' });
    await removals.waitFor();
    await dialogShown(page);
    expect(await removals.getByTestId('drug-removals').getByRole('listitem').allTextContents()).toEqual([
      `${product.code}: ${product.name}`,
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'reference-data-drugs-removals');
    await removals.getByRole('button', { name: 'Keep the current list' }).click();
    await page
      .getByTestId('drugs-kept')
      .getByText('Nothing was uploaded: the current list is kept.')
      .waitFor();

    // The upload queued an IDAPS computation; wait for it to be published.
    const started = Date.now();
    for (;;) {
      const snapshots = await api<{ status: string }[]>(page, 'GET', '/v1/idaps/snapshots');
      if (snapshots[0]?.status === 'published') break;
      if (Date.now() - started > 30_000)
        throw new Error(`IDAPS not published: ${JSON.stringify(snapshots[0])}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await page.getByRole('textbox', { name: 'Search products' }).fill(`Testolan ${run}`);
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: `reaction profile of ${product.name}` }).click();
    await page.getByRole('heading', { name: `Reactions reported with ${product.name}`, level: 1 }).waitFor();
    expect(await page.getByTestId('idaps-totals').getByRole('paragraph').allTextContents()).toEqual([
      '1',
      'Reports',
      '2',
      'Reactions',
      '2',
      'Serious',
      '1',
      'Fatal',
    ]);
    const socs = page.getByRole('list', { name: 'Reactions by system organ class' });
    expect((await socs.getByRole('button').allTextContents()).sort()).toEqual([
      'Synthetic nervous disordersone reaction · 1 serious · 0 fatalShow its preferred terms.',
      'Synthetic skin disordersone reaction · 1 serious · 1 fatalShow its preferred terms.',
    ]);
    await screenshot(page, 'reference-data-idaps-1280');
    const idapsUrl = page.url();

    await socs.getByRole('button', { name: /^Synthetic skin disorders/ }).click();
    const pts = page.getByRole('list', { name: 'Preferred terms in Synthetic skin disorders' });
    await pts.waitFor();
    expect(await pts.getByRole('listitem').allTextContents()).toEqual([
      'Pruritic érythemaone reaction · 1 serious · 1 fatal',
    ]);
    await page.getByRole('button', { name: 'All classes' }).click();

    await page.getByText('Table', { exact: true }).click();
    const table = page.getByRole('table', { name: 'Reactions by class and preferred term' });
    await table.waitFor();
    expect((await table.getByRole('row').allTextContents()).slice(0, 1)).toEqual([
      'TermReactionsSeriousFatal',
    ]);
    expect((await table.getByRole('row').allTextContents()).slice(1).sort()).toEqual([
      'Cephalalgia tensive110',
      'Pruritic érythema111',
      'Synthetic nervous disorders110',
      'Synthetic skin disorders111',
    ]);
    await screenshot(page, 'reference-data-idaps-table-1280');

    // Dates after the report was received: nothing to count.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await page.goto(`${idapsUrl}?from=${tomorrow}`);
    await page.getByTestId('idaps-empty').getByText('No report names this product in these dates.').waitFor();

    const phone = await context.newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(idapsUrl);
    await phone.getByRole('list', { name: 'Reactions by system organ class' }).waitFor();
    await screenshot(phone, 'reference-data-idaps-390');
    expect(await pageOverflow(phone)).toBe(0);
    await onPhone(page, '/admin/drugs', 'Drugs', 'reference-data-drugs-390');
    await context.close();
  });

  it('staff search the EDQM terms and their organisation’s hospitals', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    const run = Array.from({ length: 6 }, () =>
      String.fromCharCode(97 + Math.floor(Math.random() * 26)),
    ).join('');
    await api(page, 'POST', '/v1/hospitals', {
      name: `Hôpital Lariboisière ${run}`,
      code: `E2E-${run}`,
      city: 'Paris',
      country: 'FR',
    });
    await context.close();

    const staff = await contextAt(browser, 1280);
    const desk = await staff.newPage();
    await signIn(desk, 'staff@demo.vigilo.test');
    await desk.getByRole('link', { name: 'EDQM terms' }).click();
    await desk.getByRole('heading', { name: 'EDQM standard terms', level: 1 }).waitFor();
    await desk.getByRole('textbox', { name: 'Search terms' }).fill('film coated');
    await desk.keyboard.press('Enter');
    const terms = desk.getByRole('table', { name: 'EDQM terms' });
    await terms.getByRole('cell', { name: 'Film-coated tablet', exact: true }).waitFor();
    await screenshot(desk, 'reference-data-edqm-1280');
    await onPhone(desk, '/admin/edqm?q=oral', 'EDQM standard terms', 'reference-data-edqm-390');

    await desk.getByRole('link', { name: 'Hospitals' }).click();
    await desk.getByRole('heading', { name: 'Hospitals', level: 1 }).waitFor();
    await desk.getByRole('textbox', { name: 'Search hospitals' }).fill(`lariboisiere ${run}`);
    await desk.keyboard.press('Enter');
    const hospitals = desk.getByRole('table', { name: 'Hospitals' });
    await desk.getByRole('status').getByText('One hospital').waitFor();
    expect(await hospitals.getByRole('row').nth(1).textContent()).toBe(
      `Hôpital Lariboisière ${run}E2E-${run}ParisFRActive`,
    );
    await screenshot(desk, 'reference-data-hospitals-1280');
    await onPhone(desk, `/admin/hospitals?q=${run}`, 'Hospitals', 'reference-data-hospitals-390');
    await staff.close();
  });
});
