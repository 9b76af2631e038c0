import { randomUUID } from 'node:crypto';
import { ApiRequestError, createApiClient } from '@vigilo/client';
import type { UserPage } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, startTestApp, type TestApp, type TestTenant } from './index.ts';
import { signedIn } from './sessions.ts';

/**
 * Issue #9: what a client written from the specification alone sends must work. The
 * project's client (`@vigilo/client`) follows the specification's generic behaviour
 * literally (G-1…G-7, S-1…S-6), so these flows run through it.
 */
let app: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await createTenant(app.db);
});
afterAll(() => app?.close());

const clientWith = (token: string) => {
  const client = createApiClient({ baseUrl: app.url });
  client.setSession({ token });
  return client;
};

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (err) => (err instanceof ApiRequestError ? err.status : Promise.reject(err)),
  );

describe('POST /v1/organisation/{id}/invite takes the contract body {invite} and the flat one', () => {
  it('creates an invite from either form, and refuses a wrapper with a bad invite', async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    const client = clientWith(token);
    const path = `/v1/organisation/${tenant.organisationIds[0]}/invite`;
    const wrapped = `wrapped-${randomUUID().slice(0, 8)}@example.test`;
    const flat = `flat-${randomUUID().slice(0, 8)}@example.test`;
    const a = await client.request<{ email: string; role: string }>('POST', path, {
      body: { invite: { email: wrapped, role: 'reporter' } },
    });
    expect(a).toMatchObject({ email: wrapped, role: 'reporter' });
    const b = await client.request<{ email: string }>('POST', path, {
      body: { email: flat, role: 'organisation_staff' },
    });
    expect(b.email).toBe(flat);
    expect(
      await statusOf(
        client.request('POST', path, { body: { invite: { email: 'not-an-email', role: 'reporter' } } }),
      ),
    ).toBe(400);
    expect(
      await statusOf(
        client.request('POST', path, {
          body: { invite: { email: flat, role: 'reporter' }, role: 'reporter' },
        }),
      ),
    ).toBe(400);
  });
});

describe('array filters in every common encoding, and no filter silently dropped', () => {
  const emailsOf = (page: UserPage) => page.items.map((u) => u.email).sort();

  it('filters GET /v1/users by roleIds sent repeated, with brackets, with indexes or comma-joined', async () => {
    const own = await createTenant(app.db);
    const { token } = await signedIn(app, own, 'platform_admin');
    const org = own.organisationIds[0];
    const made = await Promise.all(
      (['reporter', 'organisation_staff', 'assessor'] as const).map((role) =>
        createUser(app.db, { platformId: own.platformId, organisationId: org, role }),
      ),
    );
    const expected = [made[0]!.email, made[1]!.email].sort();
    for (const query of [
      'roleIds=reporter&roleIds=organisation_staff',
      'roleIds[]=reporter&roleIds[]=organisation_staff',
      'roleIds%5B%5D=reporter&roleIds%5B%5D=organisation_staff',
      'roleIds[0]=reporter&roleIds[1]=organisation_staff',
      'roleIds=reporter,organisation_staff',
    ]) {
      const res = await http<UserPage>(app.url, 'GET', `/v1/users?${query}`, { token });
      expect(res.status, query).toBe(200);
      expect(emailsOf(res.body), query).toEqual(expected);
    }
    // One value in brackets is still a list of one.
    const one = await http<UserPage>(app.url, 'GET', '/v1/users?roleIds[]=assessor', { token });
    expect(emailsOf(one.body)).toEqual([made[2]!.email]);
  });

  it('answers 400 for a query parameter a list does not know, on every operation with a query', async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    const doc = (
      await http<{ paths: Record<string, Record<string, { parameters?: { in: string }[] }>> }>(
        app.url,
        'GET',
        '/v1/openapi.json',
      )
    ).body;
    const withQuery = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        // The SSO callback is the provider's redirect, which carries parameters of its own.
        .filter(([method, op]) => method === 'get' && op.parameters?.some((p) => p.in === 'query'))
        .filter(() => path !== '/v1/sso/callback')
        .map(([, _op]) => path.replace(/\{[^}]+\}/g, tenant.organisationIds[0])),
    );
    expect(withQuery.length).toBeGreaterThan(10);
    const dropped: string[] = [];
    for (const path of withQuery) {
      const res = await http<{ code: string }>(app.url, 'GET', `${path}?notAFilter=1`, {
        token,
        redirect: 'manual',
      });
      if (res.status !== 400 || res.body.code !== 'VALIDATION_FAILED') dropped.push(`${path}: ${res.status}`);
    }
    expect(dropped).toEqual([]);
  });
});
