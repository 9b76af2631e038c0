import { randomUUID } from 'node:crypto';
import { ApiRequestError, createApiClient } from '@vigilo/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, type TestTenant, useTestApp } from './index.ts';
import { signedIn } from './sessions.ts';

/**
 * Issue #9 item 1: the specification's client sends `Content-Type: application/json` on
 * every JSON request, with or without a body (G-3). Over every operation of the OpenAPI
 * document, the answer to such a bodiless request must be the answer to the same request
 * without the header: the header alone never changes what happens.
 */
let tenant: TestTenant;
let operations: { method: string; path: string }[];

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
  const doc = (
    await http<{ paths: Record<string, Record<string, unknown>> }>(app.url, 'GET', '/v1/openapi.json')
  ).body;
  const id = randomUUID();
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({
      method: method.toUpperCase(),
      path: path.replace(/\{[^}]+\}/g, id),
    })),
  );
});

/** The status the project's client (G-3 headers) meets, as a platform administrator. */
async function viaSpecClient(token: string, method: string, path: string): Promise<number> {
  const client = createApiClient({
    baseUrl: app.url,
    logger: { error() {}, warn() {} },
    fetch: (input, init) => fetch(input, { ...init, redirect: 'manual' }),
  });
  client.setSession({ token });
  try {
    await client.request(method as 'GET', path, { skipRefresh: true });
    return 200;
  } catch (err) {
    if (err instanceof ApiRequestError) return err.status;
    // A 2xx answer that is not JSON (a CSV export) is still a success.
    if (err instanceof SyntaxError) return 200;
    throw err;
  }
}

// Two requests per operation: grows with the routes.
describe('an empty JSON body is no body', { timeout: 120_000 }, () => {
  it('answers every operation the same with and without Content-Type: application/json', async () => {
    expect(operations.length).toBeGreaterThan(90);
    const mismatches: string[] = [];
    for (const { method, path } of operations) {
      // Two users of the same role, so that one call's effect cannot change the other's answer.
      const plain = await signedIn(app, tenant, 'platform_admin');
      const json = await signedIn(app, tenant, 'platform_admin');
      const expected = (await http(app.url, method, path, { token: plain.token, redirect: 'manual' })).status;
      const actual = await viaSpecClient(json.token, method, path);
      const normalised = expected >= 200 && expected < 300 ? 200 : expected;
      if (actual !== normalised) mismatches.push(`${method} ${path}: ${normalised} without, ${actual} with`);
    }
    expect(mismatches).toEqual([]);
  });

  it('still refuses a body that is not JSON, and reads whitespace as no body', async () => {
    const { token } = await signedIn(app, tenant, 'reporter');
    const broken = await http(app.url, 'POST', '/v1/logout', { token, raw: '{"pushInstanceId":' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'BAD_REQUEST' });
    const blank = await http(app.url, 'POST', '/v1/logout', { token, raw: ' \n' });
    expect(blank.status).toBe(204);
  });

  it('refuses prototype poisoning in a JSON body as before', async () => {
    const { token } = await signedIn(app, tenant, 'reporter');
    const res = await http(app.url, 'PUT', '/v1/users/@me', {
      token,
      raw: '{"firstName":"A","__proto__":{"isAdmin":true}}',
    });
    expect(res.status).toBe(400);
  });
});
