import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artifactsDir, connectBrowser, screenshot } from '../browser.ts';
import {
  axeViolations,
  contextAt,
  dialogShown,
  pageOverflow,
  setAccountLanguage,
  signIn,
} from '../journey.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

describe('form administration', () => {
  it('the demo platform administrator relabels a question, adds a condition, publishes, exports and imports the zip', async () => {
    const context = await contextAt(browser, 1440, { height: 1000, acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, 'platformadmin@demo.vigilo.test');
    // The account's language follows it everywhere: English for this journey, whatever a run left.
    await setAccountLanguage(page, 'en');
    await page.reload();
    await page.getByRole('heading', { name: 'Organisations', level: 1 }).waitFor();

    // The list, from the side navigation.
    await page.getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: /Report a side effect \(public\)/ });
    // The e2e database may hold earlier runs: the journey reads where the form stands.
    const status = row.getByText(/^Published: version \d+$/);
    await status.waitFor();
    const before = Number((await status.textContent())?.match(/\d+$/)?.[0]);
    await screenshot(page, 'forms-admin-list');

    // The standard ADR form (public variant).
    await row.getByRole('link', { name: 'Report a side effect (public)' }).click();
    await page.getByRole('heading', { name: 'Report a side effect (public)', level: 1 }).waitFor();
    const preview = page.getByTestId('form-preview');

    // Relabel a question, in its folded section.
    await page.screenshot({ path: join(artifactsDir, 'forms-admin-editor-top.png') });
    const patient = page.getByRole('region', { name: /^Section \d+: The person who had the reaction/ });
    await patient.getByRole('button', { name: /^Show its \d+ questions$/ }).click();
    const height = page.locator('#question-D-heightCm-label');
    const original = await height.inputValue();
    const relabelled = original === 'Height in centimetres' ? 'Height (cm)' : 'Height in centimetres';
    await height.fill(relabelled);
    await page.getByTestId('unsaved').waitFor();
    // The preview, drawn by the public form's renderer, follows at once.
    await preview.getByLabel(`${relabelled} (optional)`).waitFor();
    await expect(preview.getByLabel(`${original} (optional)`).count()).resolves.toBe(0);

    // Add a condition: a parse error in words while typing, then a correct one.
    await page.getByRole('tab', { name: /^Conditions/ }).click();
    await page.getByRole('button', { name: 'Add a condition' }).click();
    const index = (await page.locator('fieldset[aria-labelledby$="-legend"]').count()) - 1;
    await page.locator(`#condition-${index}-targets`).click();
    await page.getByRole('option', { name: /\(D\.heightCm\)$/ }).click();
    await page.keyboard.press('Escape');
    const when = page.locator(`#condition-${index}-when`);
    await when.fill('answered(D.weightKg');
    await page.getByText('At character 20: “)” is missing at the end').waitFor();
    await screenshot(page, 'forms-admin-condition-error');
    await when.fill('answered(D.weightKg)');
    await page.getByText('The expression is correct.').last().waitFor();
    // Height is now asked once a weight is given: gone from the preview, back when answered there.
    await preview.getByLabel(`${relabelled} (optional)`).waitFor({ state: 'detached' });
    await preview.getByLabel('Weight (kg) (optional)').fill('71');
    await preview.getByLabel(`${relabelled} (optional)`).waitFor();
    await page.screenshot({ path: join(artifactsDir, 'forms-admin-preview.png') });
    await screenshot(page, 'forms-admin-editor');

    // Save, then publish: the dialog lists the changes in words.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText('Your changes have been saved. Reporters see them once you publish a version.')
      .waitFor();
    await page.getByTestId('unpublished').getByText('Saved, not published yet').waitFor();
    await page.getByRole('button', { name: 'Publish a version…' }).click();
    const changes = page.getByTestId('publish-changes');
    await changes.waitFor();
    await dialogShown(page);
    expect(await changes.locator('li').allTextContents()).toEqual([
      `Condition added: Show “${relabelled}” when answered(D.weightKg)`,
      `Question “${original}” relabelled “${relabelled}” (English)`,
    ]);
    await screenshot(page, 'forms-admin-publish-dialog');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(`Version ${before + 1} is published: reporters now fill it in.`).waitFor();
    await page.getByTestId('unpublished').waitFor({ state: 'detached' });

    // The versions: who published, what changed.
    await page.getByRole('tab', { name: 'Versions' }).click();
    const versions = page.getByTestId('versions');
    const latest = versions.getByRole('row').nth(1);
    await latest.getByRole('cell', { name: String(before + 1), exact: true }).waitFor();
    await latest.getByRole('cell', { name: 'Pat Platform' }).waitFor();
    await latest.getByText(`Question “${relabelled}” relabelled (English)`).waitFor();
    await screenshot(page, 'forms-admin-versions');

    // Export the zip, then import it back into the same form.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('adr-public.zip');
    const zipPath = join(artifactsDir, 'adr-public.zip');
    await download.saveAs(zipPath);
    const zip = await readFile(zipPath);
    expect(zip.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    // A file that is not a form is refused in words.
    const notForm = join(artifactsDir, 'not-a-form.zip');
    await writeFile(notForm, 'this is not a zip archive');
    await page.getByRole('button', { name: 'Import a zip…' }).click();
    await dialogShown(page);
    await page.locator('.mantine-Modal-content input[type="file"]').setInputFiles(notForm);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByTestId('zip-refused')
      .getByText(
        "This file is not a Vigilo form: choose a zip downloaded with “Download as zip” from a form's page.",
      )
      .waitFor();
    await screenshot(page, 'forms-admin-import-refused');

    await page.locator('.mantine-Modal-content input[type="file"]').setInputFiles(zipPath);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page
      .getByText('The zip has been imported into the draft. Check it, then publish a version.')
      .waitFor();
    // What came back is what was published: the relabelled question and the condition.
    await page.getByRole('tab', { name: 'Sections and questions' }).click();
    await patient.getByRole('button', { name: /^Show its \d+ questions$/ }).click();
    await expect(height.inputValue()).resolves.toBe(relabelled);
    await page.getByRole('button', { name: 'Publish a version…' }).click();
    await page.getByText(`Nothing has changed since version ${before + 1}.`).waitFor();
    await dialogShown(page);
    await screenshot(page, 'forms-admin-after-import');
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Put the form back as it was (other journeys report with it): a third version.
    await height.fill(original);
    await page.getByRole('tab', { name: /^Conditions/ }).click();
    await page.getByRole('button', { name: `Remove condition ${index + 1}` }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByText('Your changes have been saved. Reporters see them once you publish a version.')
      .waitFor();
    await page.getByRole('button', { name: 'Publish a version…' }).click();
    await changes.waitFor();
    expect(await changes.locator('li').allTextContents()).toEqual([
      `Condition removed: Show “${original}” when answered(D.weightKg)`,
      `Question “${relabelled}” relabelled “${original}” (English)`,
    ]);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText(`Version ${before + 2} is published: reporters now fill it in.`).waitFor();

    // In French, the editor and its preview (then back to English: the account keeps the choice).
    await page.getByRole('button', { name: 'Français' }).click();
    await page.getByRole('tab', { name: 'Sections et questions' }).waitFor();
    await page.getByText(`Publié : version ${before + 2}`).waitFor();
    // The language edited (and previewed): French texts in the form's own language names.
    await page.locator('.mantine-SegmentedControl-root label', { hasText: /^français$/ }).click();
    await preview.getByText('La personne qui a eu l’effet', { exact: true }).first().waitFor();
    await page.screenshot({ path: join(artifactsDir, 'forms-admin-editor-fr.png') });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('tab', { name: 'Sections and questions' }).waitFor();
    await context.close();
  });

  it("an organisation's administrator creates a form from the standard one, in English and Spanish, and edits it", async () => {
    const context = await contextAt(browser, 1280, { height: 900 });
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    await setAccountLanguage(page, 'en');
    await page.getByRole('link', { name: 'Forms' }).click();
    await page.getByRole('heading', { name: 'Forms', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'New form' }).click();
    await dialogShown(page);
    // Nothing filled in: each missing answer says what to do, beside its field.
    await page.getByRole('button', { name: 'Create the form' }).click();
    await page.getByText('Enter a name for the form').waitFor();
    await page.getByText('Choose the form to start from').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'forms-new-errors');

    const name = `Ward 7 side effects ${Date.now()}`;
    await page.getByLabel('Name of the form').fill(name);
    await page.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'Report a side effect (public) (Adverse drug reaction)' }).click();
    // The template's languages are ticked; Spanish is added, French left out.
    const languages = page.getByRole('group', { name: /^Languages/ });
    await expect(languages.getByRole('checkbox', { name: 'French' }).isChecked()).resolves.toBe(true);
    await languages.getByRole('checkbox', { name: 'French' }).uncheck();
    await languages.getByRole('checkbox', { name: 'Spanish' }).check();
    await page.getByRole('radio', { name: 'Health professionals' }).check();
    await screenshot(page, 'forms-new-dialog');
    await page.getByRole('button', { name: 'Create the form' }).click();

    // The editor opens on the new draft: never published, Spanish not translated yet.
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText('Texts not translated yet').waitFor();
    await page
      .getByText(/Health professionals/)
      .first()
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'forms-new-editor');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByText('Texts not translated yet').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'forms-new-editor-dark');
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await pageOverflow(page)).toBe(0);
    await page.emulateMedia({ colorScheme: 'light' });

    // Listed as the organisation's draft; the same name again is refused in words.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(new URL('/admin/forms', page.url()).href);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('Not published yet').waitFor();
    await row.getByText('National Pharmacovigilance Centre').waitFor();
    await page.getByRole('button', { name: 'New form' }).click();
    await dialogShown(page);
    await page.getByLabel('Name of the form').fill(name);
    await page.getByRole('combobox', { name: 'Start from' }).click();
    await page.getByRole('option', { name: 'Report a side effect (public) (Adverse drug reaction)' }).click();
    await page.getByRole('button', { name: 'Create the form' }).click();
    await page.getByText('A form of this name already exists here: choose another name').waitFor();
    await context.close();
  });
});
