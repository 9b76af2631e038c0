import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from '../browser.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Another administrator, working through the API at the same time. */
async function signInByApi(email: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'vigilo-demo-2026' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
}

describe('two administrators edit one organisation', () => {
  it('the later save is shown the earlier one, and saving keeps both changes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email or username').fill('orgadmin@demo.vigilo.test');
    await page.getByLabel('Password', { exact: true }).fill('vigilo-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();

    await page.goto(`${baseUrl}/admin/organisation`);
    await page.getByRole('button', { name: 'Edit details' }).click();
    const stamp = Date.now();
    // Other journeys find the organisation by name: change its description, not its name.
    await page.getByLabel('Description').fill(`Reviews every report within a day (${stamp})`);

    // Meanwhile a colleague saves a new telephone number.
    const token = await signInByApi('orgadmin@demo.vigilo.test');
    const me = (await (
      await fetch(`${baseUrl}/v1/users/@me`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { organisationId: string };
    const phone = `+44 20 7946 ${String(stamp).slice(-4)}`;
    const theirs = await fetch(`${baseUrl}/v1/organisation/${me.organisationId}`, {
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
    await page.close();
  });
});
