import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import { contextAt, pageOverflow, signIn } from '../journey.ts';

const EXAMPLES = join(repoRoot, 'e2b', 'test', 'examples');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

describe('E2B(R3) import', () => {
  it('a staff member imports an FDA example file through the dialog and sees the created case; a hostile file is refused in words', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'staff@demo.vigilo.test');

    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Import E2B(R3)' })
      .click();
    await page.getByRole('heading', { name: 'Import E2B(R3) files', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Import an E2B(R3) file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import an E2B(R3) file' });
    await dialog.locator('input[type="file"]').setInputFiles(join(EXAMPLES, 'FAERS2022Scenario1.xml'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const summary = dialog.getByTestId('e2b-import-result');
    await summary.getByText('One case was created.').waitFor();
    expect(await summary.textContent()).toContain('US-APHARMA-8744554B');
    expect(await summary.textContent()).toMatch(/Case 1: [A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]/);
    expect(
      await dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    await screenshot(page, 'e2b-import-result');

    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.getByRole('button', { name: 'Import an E2B(R3) file' }).click();
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'xxe.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&x;</MCCI_IN200100UV01>',
      ),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog
      .getByTestId('e2b-refused')
      .getByText('The XML file declares a document type or entities, which E2B(R3) files never do.', {
        exact: false,
      })
      .waitFor();
    await screenshot(page, 'e2b-import-refused');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await context.close();
  });

  it('the created case opens on its E2B(R3) tab: findings per profile, the XML downloads with the session', async () => {
    const context = await contextAt(browser, 1280, { acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, 'staff@demo.vigilo.test');
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Import E2B(R3)' })
      .click();
    await page.getByRole('button', { name: 'Import an E2B(R3) file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import an E2B(R3) file' });
    await dialog.locator('input[type="file"]').setInputFiles(join(EXAMPLES, 'FAERS2022Scenario5-3.xml'));
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('link', { name: 'E2B(R3) of the case' }).click();
    await page.getByRole('heading', { name: /^Case [A-Z0-9-]+$/, level: 1 }).waitFor();
    const tab = page.getByRole('tab', { name: 'E2B(R3)' });
    expect(await tab.getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).search).toBe('?tab=e2b');
    const findings = page.getByTestId('e2b-findings');
    await findings.getByText(/errors? for the ICH profile\.$/).waitFor();
    expect(await findings.textContent()).toContain('Characterisation of Drug Role (G.k.1) is missing');
    await page.getByText('FDA', { exact: true }).click();
    await findings.getByText(/for the FDA profile\.$/).waitFor();
    await screenshot(page, 'e2b-case-findings');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the XML' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^[A-Z0-9-]+\.xml$/);

    // An acknowledgement received outside Vigilo (FDA's positive example) is recorded from the tab.
    await page.getByRole('button', { name: 'Record an acknowledgement' }).click();
    const form = page.getByRole('form', { name: 'Record an acknowledgement' });
    await form.locator('input[type="file"]').setInputFiles(join(EXAMPLES, 'R3ack-positive.ack'));
    await form.getByRole('button', { name: 'Record', exact: true }).click();
    // It names the example's own message, not one Vigilo wrote for this case (decision 0252):
    // the user is told so, and confirms that it is this case's.
    const other = page.getByRole('alert').filter({ hasText: 'This acknowledgement is for another message' });
    await other.waitFor();
    await screenshot(page, 'e2b-case-tab-acknowledgement-other');
    await other.getByRole('button', { name: 'Record it against this case anyway' }).click();
    const recorded = page.getByText('The acknowledgement is recorded.');
    await recorded.waitFor();
    const acks = page.getByRole('table', { name: 'Acknowledgements' });
    expect(await acks.textContent()).toContain('Received');
    await screenshot(page, 'e2b-case-tab-acknowledgement');

    // A reload keeps the tab; the former /cases/{id}/e2b address opens it too.
    await page.reload();
    await page.getByTestId('e2b-findings').waitFor();
    expect(await page.getByRole('tab', { name: 'E2B(R3)' }).getAttribute('aria-selected')).toBe('true');
    const caseUrl = new URL(page.url());
    await page.goto(`${caseUrl.origin}${caseUrl.pathname}/e2b`);
    await page.waitForURL((url) => url.search === '?tab=e2b' && !url.pathname.endsWith('/e2b'));
    await page.getByTestId('e2b-findings').waitFor();
    await screenshot(page, 'e2b-case-tab');
    // Reloaded at the narrow width, so the picture is not of the menu closing.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByTestId('e2b-findings').waitFor();
    await screenshot(page, 'e2b-case-tab-390');

    // At 320 px: the XML shown in the page scrolls in its own box, never the page sideways.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.getByRole('button', { name: 'View the XML' }).click();
    const xml = page.getByLabel('The case as E2B(R3) XML');
    await xml.waitFor();
    expect(await xml.textContent()).toContain('<MCCI_IN200100UV01');
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'e2b-case-tab-xml-320');

    // A finding's field opens the Case tab at that field (here the drug whose role is missing).
    const field = page.getByRole('link', {
      name: /^G\.drugs\[\d+\]\.role: show this field in the Case tab$/,
    });
    await field.first().click();
    await page.waitForURL(
      (url) => url.searchParams.get('tab') === 'case' && url.hash.startsWith('#field-G.drugs.'),
    );
    const focused = page.locator('[data-field-highlight="true"]');
    await focused.waitFor();
    // The case form opens at the field, its input focused, ready to type (decision 0262).
    expect(await focused.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/^cf-G\.drugs\.\d+\.role$/);
    expect(await focused.getAttribute('id')).toMatch(/^field-G\.drugs\.\d+(\.role)?$/);
    expect(await pageOverflow(page)).toBe(0);
    await screenshot(page, 'e2b-finding-field-320');
    await context.close();
  });
});
