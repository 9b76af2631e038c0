import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser } from '../browser.ts';
import { contextAt, DEMO_PASSWORD, setAccountLanguage, signIn } from '../journey.ts';
import { api, apiToken, sendReport } from '../submissions.ts';

/**
 * French complete (issue 25, decision 0292): the main pages, read in French, show no visible
 * text that is one of the interface's English sentences (every `en` text of web/src whose
 * French differs, matched whole) nor one of a few words known to be English only.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
let english: Set<string>;
let ids: { platformId: string; organisationId: string };

/** Words that give an English screen away and are not (or not only) interface texts. */
const ENGLISH_ONLY = ['Loading…', 'Loading...', 'Submit', 'Cancel', 'Close', 'Next', 'Previous', 'Required'];

/** Every text file pair of the interface: `en.json` beside `fr.json`, `x-en.json` beside `x-fr.json`. */
async function textPairs(dir: string): Promise<[string, string][]> {
  const pairs: [string, string][] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) pairs.push(...(await textPairs(path)));
    else if (/(^|-)en\.json$/.test(entry.name)) pairs.push([path, path.replace(/en\.json$/, 'fr.json')]);
  }
  return pairs;
}

/** The leaves of a texts object, by dotted key. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') out.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value))
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  return out;
}

/** The English sentences a French page must not show: whole texts without placeholders, unlike their French. */
async function englishTexts(): Promise<Set<string>> {
  const found = new Set<string>(ENGLISH_ONLY);
  for (const [en, fr] of await textPairs(join(repoRoot, 'web', 'src'))) {
    const english = leaves(JSON.parse(await readFile(en, 'utf8')));
    const french = leaves(JSON.parse(await readFile(fr, 'utf8').catch(() => '{}')));
    for (const [key, text] of english) {
      const trimmed = text.trim();
      // Short words (OK, PDF, E2B) and names are the same in both; a placeholder is matched by no whole text.
      if (trimmed.length < 4 || trimmed.includes('{{') || french.get(key)?.trim() === trimmed) continue;
      found.add(trimmed);
    }
  }
  // The language switcher names each language in its own words (web/src/lib/i18n.ts).
  found.delete('English');
  // Data, not interface: a form's name is one text its administrators give it (the standard
  // vaccine form is named as the English report type; its French title is in its layout).
  found.delete('Adverse event following immunisation');
  // A text the French file also uses somewhere, as it is (a product or language name), is not English.
  for (const [, fr] of await textPairs(join(repoRoot, 'web', 'src')))
    for (const text of leaves(JSON.parse(await readFile(fr, 'utf8').catch(() => '{}'))).values())
      found.delete(text.trim());
  return found;
}

beforeAll(async () => {
  browser = await connectBrowser();
  english = await englishTexts();
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const one = async (sql: string) => (await db.query<{ id: string }>(sql)).rows[0]?.id ?? null;
    ids = {
      platformId: (await one("SELECT id FROM platforms WHERE domain = 'localhost'"))!,
      organisationId: (await one(
        "SELECT id FROM organisations WHERE name = 'National Pharmacovigilance Centre'",
      ))!,
    };
  } finally {
    await db.end();
  }
});
afterAll(() => browser?.close());

/** The visible text nodes of the page (and the values of its buttons), each trimmed. */
async function visibleTexts(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}${path}`);
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(() => {
      throw new Error(`${path}: no heading in 30 s`);
    });
  await page.waitForLoadState('networkidle');
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      // `translate="no"` marks data shown as it was written (a dictionary's terms), not interface text.
      if (!text || !parent || parent.closest('script, style, [aria-hidden="true"], [translate="no"]'))
        continue;
      if (!parent.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      out.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    ))
      if (input.placeholder.trim()) out.push(input.placeholder.trim());
    return out;
  });
  await page.close();
  return texts;
}

/** "path: text" for each visible English text of these pages. */
async function englishOn(context: BrowserContext, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths)
    for (const text of await visibleTexts(context, path))
      if (english.has(text)) found.push(`${path}: ${text}`);
  return [...new Set(found)];
}

async function frenchContext(email: string | null, door = '/login'): Promise<BrowserContext> {
  const context = await contextAt(browser, 1280, { locale: 'fr-FR' });
  await context.addInitScript(() => window.localStorage.setItem('vigilo.language', 'fr'));
  if (email) {
    const page = await context.newPage();
    await signIn(page, email, undefined, door);
    await setAccountLanguage(page, 'fr');
    await page.close();
  }
  return context;
}

/** The demo accounts speak English again for the other journeys. */
async function backToEnglish(context: BrowserContext): Promise<void> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/profile`);
  await setAccountLanguage(page, 'en');
  await context.close();
}

describe('French complete', () => {
  it('the list of English texts is the interface’s', () => {
    // A few texts of the English files, as written there, not in French.
    expect(english.has('Open cases first: overdue, then serious, then the oldest.')).toBe(true);
    expect(english.has('Texts not translated yet')).toBe(true);
    expect(english.size).toBeGreaterThan(1000);
  });

  it('signed out: the landing, the public form, sign-in', async () => {
    const context = await frenchContext(null);
    const found = await englishOn(context, [
      `/?platformId=${ids.platformId}`,
      `/report?platformId=${ids.platformId}&organisation=${ids.organisationId}`,
      '/login',
    ]);
    await context.close();
    expect(found).toEqual([]);
  }, 120_000);

  it('staff: the inbox, submissions, drugs', async () => {
    const context = await frenchContext('staff@demo.vigilo.test');
    try {
      // Not yet the case view and its History tab: opened here in French, the case page showed
      // no heading within 30 s (decision 0292 says what is left).
      const paths = ['/cases', '/submissions', '/admin/drugs'];
      expect((await englishOn(context, paths)).join('\n')).toBe('');
    } finally {
      await backToEnglish(context);
    }
  }, 180_000);

  it('assessor: the review queue', async () => {
    const context = await frenchContext('assessor@demo.vigilo.test', '/login/assessor');
    try {
      expect(await englishOn(context, ['/submissions/review'])).toEqual([]);
    } finally {
      await backToEnglish(context);
    }
  }, 120_000);

  it('organisation administrator: users, invites, forms, dictionaries, a case, its history and its form', async () => {
    // A case to read (sent as a partner's system would, then triaged: two lines of history). The
    // administrator reads it: no user group narrows what an administrator sees (decision 0050).
    const admin = await apiToken(baseUrl, 'orgadmin@demo.vigilo.test', DEMO_PASSWORD);
    const sent = await sendReport(baseUrl, admin, {
      schemaVersion: 1,
      C: { reportType: '1', primarySources: [{ givenName: 'Léa', familyName: 'Martin', country: 'FR' }] },
      D: { name: 'L.M.', sex: '2' },
      E: { reactions: [{ id: crypto.randomUUID(), nativeTerm: 'Éruption sur les bras', country: 'FR' }] },
      G: { drugs: [{ id: crypto.randomUUID(), role: '1', name: 'Amoxicilline 500 mg' }] },
    });
    await api(baseUrl, admin, 'PUT', `/v1/reports/${sent.id}/status`, { status: 'in_triage' });
    const context = await frenchContext('orgadmin@demo.vigilo.test');
    try {
      expect(
        (
          await englishOn(context, [
            '/admin/users',
            '/admin/invites',
            '/admin/forms',
            '/admin/dictionaries',
            `/cases/${sent.id}`,
            `/cases/${sent.id}?tab=history`,
            // The case form, as "Edit the case" opens it (issue 24).
            `/cases/${sent.id}?edit=1`,
          ])
        ).join('\n'),
      ).toBe('');
    } finally {
      await backToEnglish(context);
    }
  }, 180_000);
});
