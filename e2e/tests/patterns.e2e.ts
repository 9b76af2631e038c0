import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../../server/test/spawn.ts';
import { connectBrowser, screenshot } from '../browser.ts';
import { contextAt, DEMO_PASSWORD, signIn } from '../journey.ts';

// The shared patterns of issue 10 (items 8, 10, 13, 14; decision 0038), in the real browser.
const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What has focus: tag, id and text, enough to say where it landed. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return { tag: e?.tagName ?? null, id: e?.id ?? '', text: (e?.textContent ?? '').trim().slice(0, 80) };
  });

/** Waits until focus is where `check` says (Mantine's transitions end a little after the click). */
async function focusLandsOn(page: Page, check: (f: Awaited<ReturnType<typeof focused>>) => boolean) {
  const deadline = Date.now() + 3000;
  let last = await focused(page);
  while (!check(last) && Date.now() < deadline) {
    await page.waitForTimeout(50);
    last = await focused(page);
  }
  return last;
}

describe('focus moves into what opens and back to what opened it (item 13)', () => {
  it('every inline panel and dialog of the administration and security pages', async () => {
    const page = await (await contextAt(browser, 1280)).newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');

    // Security: add an authenticator, then cancel.
    await page.goto(`${baseUrl}/account/security`);
    await page.locator('#security-add-totp').click();
    let at = await focusLandsOn(page, (f) => f.tag === 'H3');
    expect(at).toMatchObject({ tag: 'H3', text: 'Add an authenticator app' });
    await page.getByRole('button', { name: 'Cancel' }).click();
    at = await focusLandsOn(page, (f) => f.id === 'security-add-totp');
    expect(at.id).toBe('security-add-totp');

    // Own organisation: edit details, add contact.
    await page.goto(`${baseUrl}/admin/organisation`);
    await page.locator('#organisation-edit-details').click();
    at = await focusLandsOn(page, (f) => f.tag === 'H2');
    expect(at).toMatchObject({ tag: 'H2', text: 'Edit details' });
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    at = await focusLandsOn(page, (f) => f.id === 'organisation-edit-details');
    expect(at.id).toBe('organisation-edit-details');
    await page.locator('#contacts-add').click();
    at = await focusLandsOn(page, (f) => f.id === 'contact-name');
    expect(at.id).toBe('contact-name');
    await screenshot(page, 'patterns-focus-add-contact');
    await page.getByRole('button', { name: 'Cancel' }).last().click();
    at = await focusLandsOn(page, (f) => f.id === 'contacts-add');
    expect(at.id).toBe('contacts-add');

    // A user's roles.
    await page.goto(`${baseUrl}/admin/users?query=staff%40demo`);
    await page
      .getByRole('link', { name: /Staff|staff@demo/ })
      .first()
      .click();
    await page.locator('#user-roles-edit').click();
    at = await focusLandsOn(page, (f) => f.tag !== 'BODY' && f.id !== 'user-roles-edit');
    expect(at.tag).not.toBe('BODY');
    await page.getByRole('button', { name: 'Cancel' }).first().click();
    at = await focusLandsOn(page, (f) => f.id === 'user-roles-edit');
    expect(at.id).toBe('user-roles-edit');

    // API keys: the create dialog, then the new key shown once, then back to "New API key".
    await page.goto(`${baseUrl}/admin/api-keys`);
    await page.locator('#api-keys-new-key').click();
    at = await focusLandsOn(page, (f) => f.tag === 'INPUT');
    expect(at.tag).toBe('INPUT');
    await page.keyboard.type(`Patterns key ${Date.now()}`);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Create key|Create/ })
      .click();
    await page
      .getByText('Copy the key now')
      .or(page.getByRole('button', { name: 'Copy key' }))
      .first()
      .waitFor();
    at = await focusLandsOn(page, (f) => f.tag !== 'BODY');
    expect(at.tag).not.toBe('BODY');
    await page.getByRole('button', { name: 'I have stored the key' }).click();
    at = await focusLandsOn(page, (f) => f.id === 'api-keys-new-key');
    expect(at.id).toBe('api-keys-new-key');
  });
});

describe('a focus ring of at least 2 px and 3:1 on every control (item 14)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`in the ${scheme} scheme`, async () => {
      const context = await contextAt(browser, 1280, { colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel('Email or username').waitFor();
      const rings: { name: string; width: number; ratio: number }[] = [];
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press('Tab');
        rings.push(
          await page.evaluate(() => {
            const luminance = (css: string) => {
              const [r, g, b] = (css.match(/[\d.]+/g) ?? ['0', '0', '0']).slice(0, 3).map(Number);
              const lin = (c: number) => {
                const s = c / 255;
                return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
              };
              return 0.2126 * lin(r ?? 0) + 0.7152 * lin(g ?? 0) + 0.0722 * lin(b ?? 0);
            };
            const e = document.activeElement as HTMLElement;
            const style = getComputedStyle(e);
            // A switch or checkbox draws its ring on the visible part next to the hidden input.
            const ringStyle =
              style.outlineStyle === 'none' && e.nextElementSibling
                ? getComputedStyle(e.nextElementSibling)
                : style;
            const page = getComputedStyle(document.body).backgroundColor;
            const a = luminance(ringStyle.outlineColor);
            const b = luminance(page);
            return {
              name: `${e.tagName} ${e.getAttribute('aria-label') ?? e.textContent?.trim().slice(0, 30) ?? ''}`,
              width: Number.parseFloat(ringStyle.outlineWidth),
              ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05),
            };
          }),
        );
      }
      await screenshot(page, `patterns-focus-ring-${scheme}`);
      for (const ring of rings) {
        expect(ring.width, ring.name).toBeGreaterThanOrEqual(2);
        expect(ring.ratio, ring.name).toBeGreaterThanOrEqual(3);
      }
      await context.close();
    });
  }
});

describe('filters in the address (item 10)', () => {
  it('the user list keeps its filters through a reload and Back', async () => {
    const page = await (await contextAt(browser, 1280)).newPage();
    await signIn(page, 'orgadmin@demo.vigilo.test');
    await page.goto(`${baseUrl}/admin/users`);
    await page.getByLabel('Name, email or username').fill('staff');
    await page.getByRole('checkbox', { name: 'Include deactivated accounts' }).check();
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/query=staff/);
    expect(new URL(page.url()).searchParams.get('includeDeactivated')).toBe('true');
    await page.reload();
    await expect.poll(() => page.getByLabel('Name, email or username').inputValue()).toBe('staff');
    expect(await page.getByRole('checkbox', { name: 'Include deactivated accounts' }).isChecked()).toBe(true);
    await page.getByLabel('Name, email or username').fill('hospital');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/query=hospital/);
    await page.goBack();
    await page.waitForURL(/query=staff/);
    await expect.poll(() => page.getByLabel('Name, email or username').inputValue()).toBe('staff');
  });
});

describe('a session that is about to end says so (item 8)', () => {
  it('warns, "Stay signed in" renews it; left alone it ends and the sign-in page says why, keeping the draft', async () => {
    // A server of its own on the same database (and data folder, so the same secrets), with
    // sessions of 16 seconds' idle time.
    const server = await startServer({
      DATABASE_URL: inject('databaseUrl'),
      REFRESH_IDLE_TTL: '16',
    });
    try {
      const page = await (await contextAt(browser, 1280)).newPage();
      await signIn(page, 'reporter@demo.vigilo.test', DEMO_PASSWORD, `${server.url}/login`);
      const warning = page.getByRole('dialog', { name: 'You will be signed out soon' });
      await warning.waitFor({ timeout: 15_000 });
      await screenshot(page, 'patterns-session-warning');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Stay signed in');
      await page.getByRole('button', { name: 'Stay signed in' }).click();
      await warning.waitFor({ state: 'hidden' });

      // Typing on a form, then leaving it alone until the session ends.
      await page.goto(`${server.url}/account`);
      const first = page.getByLabel('First name');
      await first.fill('Draftina');
      await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor({ timeout: 25_000 });
      await page.getByText(/You were signed out because you had not used Vigilo for a while/).waitFor();
      await screenshot(page, 'patterns-session-ended');
      await page.getByLabel('Email or username').fill('reporter@demo.vigilo.test');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account$/);
      await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Draftina');
      await page
        .getByText('We kept what you had typed before you were signed out. Check it, then save.')
        .waitFor();
    } finally {
      await server.stop();
    }
  }, 90_000);
});
