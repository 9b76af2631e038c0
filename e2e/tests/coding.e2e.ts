import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { artifactsDir, connectBrowser, screenshot } from '../browser.ts';
import { contextAt, DEMO_PASSWORD, pageOverflow, signIn } from '../journey.ts';
import { installSyntheticRelease } from '../meddra.ts';
import { apiToken, sendReport } from '../submissions.ts';

const baseUrl = inject('baseUrl');
const STAFF = 'staff@demo.vigilo.test';
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

/** A case with two uncoded reactions, sent by the staff member through the API. */
async function sendCase(): Promise<{ id: string; reference: string }> {
  const token = await apiToken(baseUrl, STAFF, DEMO_PASSWORD);
  return sendReport(baseUrl, token, {
    schemaVersion: 1,
    C: {
      reportType: '1',
      primarySources: [{ givenName: 'Noor', familyName: 'Haddad', qualification: '3', country: 'GB' }],
    },
    D: { name: 'K.L.', sex: '1' },
    E: {
      reactions: [
        { id: crypto.randomUUID(), nativeTerm: 'Tight band round my head', country: 'GB' },
        { id: crypto.randomUUID(), nativeTerm: 'Itchy red patches on both arms', country: 'GB' },
      ],
    },
    G: { drugs: [{ id: crypto.randomUUID(), role: '1', name: 'Sumatriptan 50 mg tablets' }] },
  });
}

describe('MedDRA coding', () => {
  it('staff code one reaction by typing and one by browsing, save each, and see the coded terms and the new versions', async () => {
    await installSyntheticRelease(baseUrl);
    const { id, reference } = await sendCase();
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, STAFF);
    await page.goto(`${baseUrl}/cases/${id}`);
    await page.getByRole('heading', { name: `Case ${reference}`, level: 1 }).waitFor();
    const coding = page.getByRole('region', { name: 'MedDRA coding' });
    await coding.waitFor();

    // By typing: the search starts from the reporter's words; the coder types their own.
    const first = coding.getByRole('region', { name: 'Reaction 1' });
    const box = first.getByRole('combobox', { name: 'MedDRA term (E.i.2.1) · MedDRA 90.0' });
    expect(await box.inputValue()).toBe('Tight band round my head');
    await box.fill('');
    await box.pressSequentially('tension band');
    const hit = first.getByRole('option', { name: /Tension headache band-like 90400001/ });
    await hit.waitFor();
    expect(await hit.textContent()).toContain(
      'Cephalalgia tensive › Headaches of tension type › Headache conditions › Synthetic nervous disorders',
    );
    await screenshot(page, 'coding-typeahead');
    await box.press('ArrowDown');
    await box.press('Enter');
    const firstChosen = first.getByTestId('coding-0-chosen');
    await firstChosen.getByText('Tension headache band-like').waitFor();
    await first.getByRole('button', { name: 'Save coding' }).click();
    await coding.getByText('Coding saved as version 2 of the case.').waitFor();

    // By browsing: SOC → HLGT → HLT → PT → LLT.
    const second = coding.getByRole('region', { name: 'Reaction 2' });
    await second.getByRole('button', { name: 'Browse the hierarchy' }).click();
    await second.getByRole('button', { name: 'Open Synthetic skin disorders 90000002' }).click();
    await second.getByRole('button', { name: 'Open Skin eruptions 90100002' }).click();
    await second.getByRole('button', { name: 'Open Cutaneous rashes and eruptions 90200002' }).click();
    await second.getByRole('button', { name: 'Open Pruritic érythema 90300002' }).click();
    await screenshot(page, 'coding-browse');
    await second.getByRole('button', { name: 'Choose Itchy red skin patch 90400003' }).click();
    await second.getByRole('button', { name: 'Save coding' }).click();
    await coding.getByText('Coding saved as version 3 of the case.').waitFor();

    // The coded terms with their paths and the MedDRA version, beside the reporter's words.
    const secondChosen = second.getByTestId('coding-1-chosen');
    await secondChosen.getByText('Itchy red skin patch').waitFor();
    expect(await secondChosen.textContent()).toBe(
      'Chosen term · MedDRA 90.0LLTItchy red skin patch 90400003PTPruritic érythema 90300002HLTCutaneous rashes and eruptions 90200002HLGTSkin eruptions 90100002SOCSynthetic skin disorders 90000002',
    );
    expect(await second.textContent()).toContain('Itchy red patches on both arms');
    // The new version: the report block says 3.
    const report = page.getByRole('region', { name: 'Report information' });
    expect(await report.textContent()).toContain('Version3');
    // The versions block compares the new last two (2 and 3) at once.
    const versions = page.getByTestId('case-versions');
    // The coded term by its label and in words, where it lies (issue 25), never as JSON.
    await versions.getByText('Reaction (MedDRA)').waitFor();
    await versions.getByText(/LLT Itchy red skin patch 90400003/).waitFor();
    expect(await versions.textContent()).toContain('E. Reactions and events › Reaction 2');
    expect(await versions.textContent()).toContain(
      'LLT Itchy red skin patch 90400003 · PT Pruritic érythema 90300002 · MedDRA 90.0',
    );
    await screenshot(page, 'coding-saved');

    // What was saved is what a reload shows.
    await page.reload();
    await page
      .getByRole('region', { name: 'Reaction 1' })
      .getByTestId('coding-0-chosen')
      .getByText('Tension headache band-like')
      .waitFor();
    // The phone reuses the session: signing in is not what this part looks at.
    const session = await context.storageState();
    await context.close();

    // A phone: nothing scrolls sideways; the picker's hits fit the width.
    const phone = await contextAt(browser, 390, { height: 844, storageState: session });
    const small = await phone.newPage();
    await small.goto(`${baseUrl}/cases/${id}`);
    const reaction = small.getByRole('region', { name: 'Reaction 1', exact: true });
    await reaction.getByRole('button', { name: 'Change' }).click();
    const phoneBox = reaction.getByRole('combobox');
    await phoneBox.fill('');
    await phoneBox.pressSequentially('head');
    await reaction.getByRole('option', { name: /Head pressure feeling/ }).waitFor();
    expect(await pageOverflow(small)).toBe(0);
    await screenshot(small, 'coding-phone');
    await reaction.screenshot({ path: join(artifactsDir, 'coding-phone-reaction.png') });
    await phone.close();
  });
});
