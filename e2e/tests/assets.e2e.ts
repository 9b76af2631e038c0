import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { connectBrowser } from '../browser.ts';

const baseUrl = inject('baseUrl');
const dist = join(repoRoot, 'web', 'dist');
let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

/** The size of a file as the server sends it to a client that accepts gzip only. */
function gzipSize(url: string): Promise<{ bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (part: Buffer) => {
        bytes += part.length;
      });
      response.on('end', () => resolve({ bytes, encoding: response.headers['content-encoding'] }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The scripts a page fetches, and the cache header of its document. */
function watchScripts(page: Page) {
  const list: { url: string; encoding?: string; cache?: string }[] = [];
  let documentCache: string | undefined;
  page.on('response', (response) => {
    const headers = response.headers();
    if (response.request().resourceType() === 'document') documentCache = headers['cache-control'];
    if (response.request().resourceType() === 'script')
      list.push({
        url: response.url(),
        encoding: headers['content-encoding'],
        cache: headers['cache-control'],
      });
  });
  return { list, documentCache: () => documentCache };
}

/** Checks each script is a cached, compressed asset and answers their gzip total in bytes. */
async function checkedGzipTotal(scripts: { url: string; encoding?: string; cache?: string }[]) {
  expect(scripts.length).toBeGreaterThan(1);
  let total = 0;
  for (const script of scripts) {
    expect(new URL(script.url).pathname, script.url).toMatch(/^\/assets\/.+\.js$/);
    expect(script.cache, script.url).toBe('public, max-age=31536000, immutable');
    const gzip = await gzipSize(script.url);
    total += gzip.bytes;
    // Chromium accepts brotli; only files too small for compression to shrink go as they are.
    if (gzip.bytes < 300 && gzip.encoding === undefined) continue;
    expect(script.encoding, script.url).toBe('br');
    expect(gzip.encoding, script.url).toBe('gzip');
  }
  return total;
}

/** The demo regulator's id, from the e2e server's database (a fresh seed fixes it; an older one keeps its own). */
async function demoOrganisation(): Promise<string> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM organisations WHERE name = 'National Pharmacovigilance Centre'",
    );
    return rows[0]!.id;
  } finally {
    await db.end();
  }
}

// Decision 0039: the sign-in page loads at most 200 KB of gzip JavaScript, compressed and cached.
describe('the built web app as a browser gets it', () => {
  it('the sign-in page fetches ≤ 200 KB of gzip JavaScript, each file compressed and cached for a year', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(scripts.documentCache()).toBe('no-cache');
    const total = await checkedGzipTotal(scripts.list);
    console.log(`sign-in page: ${scripts.list.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(200 * 1024);
    await context.close();
  });

  // Issue 25: the public landing is where a visitor on a phone starts: the public pages' budget,
  // and none of the signed-in shell (decision 0275).
  it('the public landing (/ signed out) fetches ≤ 200 KB of gzip JavaScript, without the signed-in shell', async () => {
    const local = new URL(baseUrl);
    local.hostname = 'localhost';
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${local.origin}/`);
    await page.getByRole('link', { name: 'Report a side effect' }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = await checkedGzipTotal(scripts.list);
    console.log(`public landing: ${scripts.list.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(200 * 1024);
    expect(scripts.list.map((s) => new URL(s.url).pathname).filter((path) => /AppLayout/.test(path))).toEqual(
      [],
    );
    await context.close();
  });

  // Issue 11: the public form must not pay for the administration screens. Its first step,
  // opened directly (a link to the form, a reload), signed out, as the journey's phone user.
  it('the public form, opened at its first step, fetches ≤ 200 KB of gzip JavaScript', async () => {
    const local = new URL(baseUrl);
    local.hostname = 'localhost'; // the demo platform is the one served on localhost
    const start = await browser.newContext();
    const startPage = await start.newPage();
    const organisation = await demoOrganisation();
    await startPage.goto(`${local.origin}/report?organisation=${organisation}`);
    const link = startPage.getByRole('link', { name: 'Report a side effect of a medicine' });
    const href = await link.getAttribute('href');
    await start.close();
    expect(href).toMatch(/^\/report\/[0-9a-f-]{36}/);

    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const scripts = watchScripts(page);
    await page.goto(`${local.origin}${href}`);
    await page.getByRole('heading', { name: 'About you', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const total = await checkedGzipTotal(scripts.list);
    console.log(
      `public form, first step: ${scripts.list.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`,
    );
    expect(total).toBeLessThanOrEqual(200 * 1024);
    // None of the administration screens came with it.
    expect(
      scripts.list
        .map((s) => new URL(s.url).pathname)
        .filter((path) => /Form(Editor|s)Page|Cases?|Users/.test(path)),
    ).toEqual([]);
    await context.close();
  });

  it('publishes no source maps', async () => {
    const files = (await readdir(dist, { recursive: true })).map(String);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      expect(await readFile(join(dist, file), 'utf8'), file).not.toContain('sourceMappingURL');
    }
  });
});
