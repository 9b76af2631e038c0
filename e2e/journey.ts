import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type pg from 'pg';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject } from 'vitest';
import { apiToken } from './submissions.ts';

/**
 * What the journeys share: a browser context with axe in it, axe's serious findings, the
 * page's sideways overflow, a dialog done opening, signing in, the account's language, a call
 * with the page's session, a link read from the outbox, and a caseworker made for one journey.
 */
const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The password of every demo account (server/src/seed). */
export const DEMO_PASSWORD = 'vigilo-demo-2026';
/** The password of every caseworker `inviteCaseworker` makes. */
export const JOURNEY_PASSWORD = 'a long journey password';
const ORG_ADMIN = 'orgadmin@demo.vigilo.test';

/**
 * A context at this width (900 px high unless `height`) in British English with axe loaded by
 * an init script (the CSP refuses an inline one); `more` adds Playwright's other options.
 */
export async function contextAt(
  browser: Browser,
  width: number,
  { height = 900, ...more }: Omit<BrowserContextOptions, 'viewport'> & { height?: number } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'en-GB', ...more });
  await context.addInitScript(axeSource);
  return context;
}

/** Waits until the page's animations and transitions have ended. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().length === 0);
}

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe violations of the page as it is now, once its animations end. */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  await animationsDone(page);
  const results = await page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected by the init script
    const axe = (window as any).axe;
    return axe.run(document, {
      resultTypes: ['violations'],
      // Off by default in axe (experimental): a control's name must contain its visible text.
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  });
  return (results.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
}

/** The same findings as one line each: `rule: target, target`. */
export async function axeViolations(page: Page): Promise<string[]> {
  return (await axeFindings(page)).map((f) => `${f.rule}: ${f.targets.join(', ')}`);
}

/**
 * How far the page itself scrolls sideways once its animations end (0 when it reflows), and
 * the innermost elements that stick out; inside a scrolling box (a table's) sticking out is
 * what scrolling is for.
 */
export async function overflowOf(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  await animationsDone(page);
  return page.evaluate(() => {
    const sticksOut = (e: Element) => e.getBoundingClientRect().right > window.innerWidth + 0.5;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => {
        if (!sticksOut(element)) return false;
        for (
          let parent = element.parentElement;
          parent && parent !== document.body;
          parent = parent.parentElement
        ) {
          const clips = /(auto|scroll|hidden|clip)/.test(getComputedStyle(parent).overflowX);
          if (clips && !sticksOut(parent)) return false;
        }
        return ![...element.children].some(sticksOut);
      })
      .slice(0, 3)
      .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}">${(e.textContent ?? '').slice(0, 40)}`);
    return { overflow: document.documentElement.scrollWidth - window.innerWidth, culprits };
  });
}

/** No sideways scrolling of the page itself at this width: answers the overflow, naming the culprits. */
export async function pageOverflow(page: Page): Promise<number> {
  const { overflow, culprits } = await overflowOf(page);
  if (overflow > 0) console.log('too wide:', culprits.join(' | '));
  return overflow;
}

/**
 * Waits until the open dialog has finished opening: fully opaque, at full size, with the focus
 * inside (a half-faded one fails the contrast check, and a screenshot would show it fading).
 */
export async function dialogShown(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog) return false;
    for (let node: Element | null = dialog; node; node = node.parentElement)
      if (getComputedStyle(node).opacity !== '1' || getComputedStyle(node).transform.startsWith('matrix(0.'))
        return false;
    return dialog.contains(document.activeElement);
  });
}

/**
 * Signs in through the page at `door` (the assessors' door is /login/assessor; a full address
 * for another server) and waits for the page the account's role lands on (the inbox, the review
 * queue, My reports: decision 0287). The fields are found by name: the doors and languages differ.
 */
export async function signIn(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  door = '/login',
): Promise<void> {
  await page.goto(new URL(door, inject('baseUrl')).href);
  await page.locator('input[name="username"]').first().fill(email);
  await page.locator('input[type="password"]').first().fill(password);
  await page.locator('form button[type="submit"]').first().click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/login') && url.pathname !== '/' && url.pathname !== '/home',
  );
  await page.locator('h1').first().waitFor();
}

/** Opens the profile or the security page from the header's account menu (decision 0287). */
export async function fromAccountMenu(page: Page, item: 'My profile' | 'Security'): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await page.getByRole('heading', { name: item, level: 1 }).waitFor();
}

/** A JSON call with the page's own session, as the app makes it. */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(window.localStorage.getItem('vigilo.session') ?? '{}') as { token?: string };
      const response = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
      return response.status === 204 ? null : response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Saves the signed-in account's language, as the account page would (it wins over the browser's). */
export async function setAccountLanguage(page: Page, language: 'en' | 'fr'): Promise<void> {
  await pageApi(page, 'PUT', '/v1/users/@me', { language });
}

/**
 * The first match of `link` in the newest mail to `email`, read from the outbox (the e2e
 * server has no SMTP; the mailer records what it sends), waiting up to 5 s for it.
 */
export async function outboxLink(db: pg.Client, email: string, link: RegExp): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1',
      [email],
    );
    const match = rows[0] && link.exec(rows[0].body_text);
    if (match) return match[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${email} holds ${link}`);
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
  const link = await outboxLink(db, email, /\/invite\/accept\?token=([\w%-]+)/);
  const token = new URL(link, baseUrl).searchParams.get('token');
  const accepted = await fetch(`${baseUrl}/v1/organisation-invite/accept`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password: JOURNEY_PASSWORD, firstName, lastName: 'Journey' }),
  });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status}`);
  return email;
}
