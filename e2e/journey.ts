import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { apiToken } from './submissions.ts';

/**
 * What the journeys share: a browser context with axe in it, axe's serious findings, the
 * page's sideways overflow, signing in, and a caseworker made for one journey alone.
 */
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The password of every caseworker `inviteCaseworker` makes. */
export const JOURNEY_PASSWORD = 'a long journey password';
const ORG_ADMIN = 'orgadmin@demo.vigilo.test';
const DEMO_PASSWORD = 'vigilo-demo-2026';

/** A context at this width with axe loaded by an init script (the CSP refuses an inline one). */
export async function contextAt(browser: Browser, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'en-GB' });
  await context.addInitScript(axeSource);
  return context;
}

/** Serious and critical axe violations of the page as it is now, once its animations end. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected by the init script
    const axe = (window as any).axe;
    return axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  });
  return (results.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** No sideways scrolling of the page itself at this width (a table scrolls in its own box). */
export async function pageOverflow(page: Page): Promise<number> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
  const { overflow, culprits } = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - window.innerWidth,
    culprits: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(-3)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}">${(e.textContent ?? '').slice(0, 40)}`),
  }));
  if (overflow > 0) console.log('too wide:', culprits.join(' | '));
  return overflow;
}

/** Signs in through the page at `door` (the assessors' door is /login/assessor). */
export async function signIn(page: Page, email: string, password: string, door = '/login'): Promise<void> {
  await page.goto(`${inject('baseUrl')}${door}`);
  await page.locator('input[name="username"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/**
 * A caseworker of the demo regulator made for one journey alone: invited by the demo
 * organisation administrator and accepted through the API (its password JOURNEY_PASSWORD).
 * The demo accounts are shared by every journey, and one of them (invite.e2e) puts
 * `staff@demo` in a user group limited to London, after which that account no longer sees
 * the cases a journey sends (decision 0050). `db` reads the invitation from the mail outbox.
 */
export async function inviteCaseworker(
  db: pg.Client,
  role: 'organisation_staff' | 'assessor',
  firstName: string,
): Promise<string> {
  const baseUrl = inject('baseUrl');
  const email = `${role}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@journeys.example.test`;
  const admin = await apiToken(baseUrl, ORG_ADMIN, DEMO_PASSWORD);
  const invited = await fetch(`${baseUrl}/v1/organisation-invite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  if (invited.status !== 201) throw new Error(`invite: ${invited.status}`);
  let token: string | undefined;
  for (let i = 0; i < 50 && !token; i++) {
    const { rows } = await db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const match = rows[0] && /\/invite\/accept\?token=([\w%-]+)/.exec(rows[0].body_text);
    if (match) token = decodeURIComponent(match[1]!);
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!token) throw new Error(`no invitation reached ${email}`);
  const accepted = await fetch(`${baseUrl}/v1/organisation-invite/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: JOURNEY_PASSWORD, firstName, lastName: 'Journey' }),
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  return email;
}
