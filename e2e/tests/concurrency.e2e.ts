import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectBrowser, screenshot } from '../browser.ts';
import { contextAt, DEMO_PASSWORD, signIn } from '../journey.ts';
import { apiToken, organisationOf } from '../submissions.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('two administrators edit one organisation', () => {
  it('the later save is shown the earlier one, and saving keeps both changes', async () => {
    const context = await contextAt(browser, 1280);
    const page = await context.newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');

    await page.goto(`${baseUrl}/admin/organisation`);
    await page.getByRole('button', { name: 'Edit details' }).click();
    const stamp = Date.now();
    // Other journeys find the organisation by name: change its description, not its name.
    await page.getByLabel('Description').fill(`Reviews every report within a day (${stamp})`);

    // Meanwhile a colleague, another administrator working through the API, saves a new telephone number.
    const token = await apiToken(baseUrl, 'orgadmin@demo.vigilo.test', DEMO_PASSWORD);
    const phone = `+44 20 7946 ${String(stamp).slice(-4)}`;
    const theirs = await fetch(`${baseUrl}/v1/organisation/${await organisationOf(baseUrl, token)}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    expect(theirs.status).toBe(200);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'Someone else changed this while you were editing' });
    await notice.waitFor();
    expect(await notice.getByRole('row', { name: /Telephone/ }).textContent()).toContain(phone);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(
      'Someone else changed this',
    );
    await screenshot(page, 'concurrency-someone-else-changed-this');

    await notice.getByRole('button', { name: 'Save my version' }).click();
    await page.getByText('The organisation has been saved.').waitFor();
    await page.getByText(`Reviews every report within a day (${stamp})`).first().waitFor();
    expect(await page.getByText(phone).count()).toBe(1);
    await context.close();
  });
});
