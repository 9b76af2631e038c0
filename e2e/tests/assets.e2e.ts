import { readdir, readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../../server/src/config.ts';
import { launchBrowser } from '../browser.ts';

const baseUrl = inject('baseUrl');
const dist = join(repoRoot, 'web', 'dist');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
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

// Decision 0039: the sign-in page loads at most 200 KB of gzip JavaScript, compressed and cached.
describe('the built web app as a browser gets it', () => {
  it('the sign-in page fetches ≤ 200 KB of gzip JavaScript, each file compressed and cached for a year', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: { url: string; encoding?: string; cache?: string }[] = [];
    let documentCache: string | undefined;
    page.on('response', (response) => {
      const headers = response.headers();
      if (response.request().resourceType() === 'document') documentCache = headers['cache-control'];
      if (response.request().resourceType() === 'script') {
        scripts.push({
          url: response.url(),
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
        });
      }
    });
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');

    expect(documentCache).toBe('no-cache');
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
    console.log(`sign-in page: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`);
    expect(total).toBeLessThanOrEqual(200 * 1024);
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
