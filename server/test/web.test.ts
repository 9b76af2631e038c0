import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './index.ts';

/** A raw GET (no automatic decompression), so the test sees the bytes the browser gets. */
function get(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

// A build as `vite build` leaves it: hashed assets with a .br and a .gz copy beside each.
const script = `export function hello() { return ${JSON.stringify('a Vigilo page. '.repeat(200))}; }\n`;
const html = `<!doctype html><html><head><title>Vigilo</title><script type="module" src="/assets/index-Bx9k2LmQ.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(50)}</body></html>`;

let app: TestApp;
let limited: TestApp;
beforeAll(async () => {
  const dist = await mkdtemp(join(tmpdir(), 'vigilo-web-'));
  await mkdir(join(dist, 'assets'));
  for (const [file, content] of [
    ['index.html', html],
    ['assets/index-Bx9k2LmQ.js', script],
  ] as const) {
    await writeFile(join(dist, file), content);
    await writeFile(join(dist, `${file}.br`), brotliCompressSync(content));
    await writeFile(join(dist, `${file}.gz`), gzipSync(content));
  }
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = await startTestApp({ WEB_DIST: dist });
  limited = await startTestApp({ WEB_DIST: dist, RATE_LIMIT_PER_MINUTE: '3' });
});
afterAll(() => Promise.all([app?.close(), limited?.close()]));

const year = 'public, max-age=31536000, immutable';

describe('the built web app over HTTP', () => {
  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const res = await get(app.url, '/assets/index-Bx9k2LmQ.js', {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(year);
    expect(res.body.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends the gzip copy when brotli is not accepted, and the file as it is when nothing is', async () => {
    const gz = await get(app.url, '/assets/index-Bx9k2LmQ.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe(year);

    const plain = await get(app.url, '/assets/index-Bx9k2LmQ.js', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(year);
  });

  it('never lets a browser keep index.html without asking, at / and on client-side routes', async () => {
    for (const path of ['/', '/login', '/admin/users/123']) {
      const res = await get(app.url, path, { accept: 'text/html', 'accept-encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(brotliDecompressSync(res.body).toString(), path).toBe(html);
    }
    const direct = await get(app.url, '/index.html', { 'accept-encoding': 'gzip' });
    expect(direct.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(direct.body).toString()).toBe(html);
  });

  it('keeps files that are not hashed for an hour, and a missing asset is a JSON 404, not the page', async () => {
    const icon = await get(app.url, '/favicon.svg', { 'accept-encoding': 'br' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');

    const missing = await get(app.url, '/assets/index-Bx9k2LmQ.js.map', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('does not count the hashed assets against the per-address limit, only API calls', async () => {
    // Limit 3 a minute: 10 asset loads all pass, then the 4th counted request is refused.
    for (let i = 0; i < 10; i++) {
      const res = await get(limited.url, '/assets/index-Bx9k2LmQ.js', { 'accept-encoding': 'gzip' });
      expect(res.status).toBe(200);
    }
    const counted: number[] = [];
    for (let i = 0; i < 4; i++) counted.push((await get(limited.url, '/v1/health-check', {})).status);
    expect(counted).toEqual([200, 200, 200, 429]);
    // A path that only pretends to be an asset is counted like any other.
    const sneaky = await get(limited.url, '/assets/../v1/health-check', {});
    expect(sneaky.status).toBe(429);
  });
});
