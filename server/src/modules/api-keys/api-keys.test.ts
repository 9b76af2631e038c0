import { createHash } from 'node:crypto';
import type { ApiKey, Application, CreatedApiKey, RoleName } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  cachedSessions,
  createTenant,
  eventually,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { signedIn, signedInToTwo } from '../../../test/sessions.ts';

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

const sessionFor = cachedSessions(() => app);
const tokenFor = async (tenant: TestTenant, role: RoleName, organisation: 0 | 1 = 0) =>
  (await sessionFor(tenant, role, organisation)).token;

async function createKey(
  tenant: TestTenant,
  body: Record<string, unknown> = {},
  organisation: 0 | 1 = 0,
): Promise<CreatedApiKey> {
  const res = await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', {
    token: await tokenFor(tenant, 'organisation_admin', organisation),
    body: { name: 'Integration', ...body },
  });
  if (res.status !== 201) throw new Error(`create key: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('API keys for a platform administrator (no organisation in the session)', () => {
  it('names the organisation: lists and creates there; without one, 400 naming the field; another platform, 404', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'platform_admin');
    const org = tenant.organisationIds[1]!;
    const missing = await http(app.url, 'POST', '/v1/api-keys', { token, body: { name: 'No org' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', meta: { fields: [{ field: 'body/organisationId' }] } },
    });
    const made = await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', {
      token,
      body: { name: 'Picked', organisationId: org },
    });
    expect(made.status).toBe(201);
    expect(made.body.organisationId).toBe(org);
    const listed = await http<ApiKey[]>(app.url, 'GET', `/v1/api-keys?organisationId=${org}`, { token });
    expect(listed.body.map((k) => k.id)).toEqual([made.body.id]);
    const other = await http<ApiKey[]>(
      app.url,
      'GET',
      `/v1/api-keys?organisationId=${tenant.organisationIds[0]}`,
      { token },
    );
    expect(other.body).toEqual([]);
    const foreignOrg = await http(app.url, 'POST', '/v1/api-keys', {
      token,
      body: { name: 'Elsewhere', organisationId: foreign.organisationIds[0] },
    });
    expect(foreignOrg.status).toBe(404);
  });
});

describe('API keys', () => {
  it('shows the key once, stores only its SHA-256, and lists it without the secret', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const res = await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', { token, body: { name: 'LIMS' } });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = res.body;
    expect(created.key).toMatch(new RegExp(`^vk_${created.id}_[A-Za-z0-9_-]{43}$`));
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({
      name: 'LIMS',
      organisationId: tenant.organisationIds[0],
      lastUsedAt: null,
    });

    // The first key of an organisation creates its default application.
    const application = await http<Application>(app.url, 'GET', '/v1/applications/default', { token });
    expect(application.body).toMatchObject({ id: created.applicationId, isDefault: true, activeKeys: 1 });

    const row = await app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const secret = created.key.split('_').slice(2).join('_');
    expect(JSON.stringify(row)).not.toContain(secret);
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', created.id)
      .execute();
    expect(JSON.stringify(audit)).not.toContain(secret);

    const list = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('key');
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('authenticates by bearer or X-API-Key where keys are accepted, and records the last use', async () => {
    const created = await createKey(home);
    const byBearer = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token: created.key });
    expect(byBearer.status).toBe(200);
    expect(byBearer.body.map((k) => k.id)).toContain(created.id);
    const byHeader = await http(app.url, 'GET', '/v1/api-keys', { headers: { 'x-api-key': created.key } });
    expect(byHeader.status).toBe(200);
    await eventually(async () => {
      const row = await app.db
        .selectFrom('api_keys')
        .select('last_used_at')
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(row.last_used_at).not.toBeNull();
    });
  });

  it('credential matrix: keys only where an application may act; bad, revoked and tampered keys are token errors', async () => {
    const created = await createKey(home);
    const session = await sessionFor(home, 'organisation_admin');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({
        sub: session.id,
        pid: home.platformId,
        oid: null,
        fam: 'x',
        iss: 'vigilo',
        aud: 'vigilo:access',
      }),
    ).toString('base64url')}.`;
    const tampered = `${created.key.slice(0, -4)}AAAA`;
    const rows: [string, { token?: string; headers?: Record<string, string> }, number, string][] = [
      ['no credentials', {}, 401, 'UNAUTHENTICATED'],
      ['alg none', { token: unsigned }, 403, 'TOKEN_INVALID'],
      ['refresh token as access token', { token: session.refreshToken }, 403, 'TOKEN_INVALID'],
      ['tampered key', { token: tampered }, 403, 'TOKEN_INVALID'],
      ['malformed key', { headers: { 'x-api-key': 'vk_nope' } }, 403, 'TOKEN_INVALID'],
    ];
    for (const [what, credentials, status, code] of rows) {
      const res = await http<{ code: string }>(app.url, 'GET', '/v1/api-keys', credentials);
      expect({ what, status: res.status, code: res.body.code }).toEqual({ what, status, code });
    }
    // A key on routes that do not accept keys: GET /v1/users/@me among them.
    for (const [method, path] of [
      ['GET', '/v1/users/@me'],
      ['POST', '/v1/api-keys'],
      ['DELETE', `/v1/api-keys/${created.id}`],
      ['POST', '/v1/logout'],
    ] as const) {
      for (const credentials of [{ token: created.key }, { headers: { 'x-api-key': created.key } }]) {
        const res = await http<{ code: string }>(app.url, method, path, {
          ...credentials,
          body: method === 'POST' ? { name: 'x' } : undefined,
        });
        expect({ method, path, status: res.status, code: res.body.code }).toEqual({
          method,
          path,
          status: 403,
          code: 'TOKEN_INVALID',
        });
      }
    }
    // The key still exists: nothing above revoked it.
    expect((await http(app.url, 'GET', '/v1/api-keys', { token: created.key })).status).toBe(200);
  });

  it('revokes: the key stops working at once and leaves the list; a second revoke is a 404', async () => {
    const created = await createKey(home);
    const token = await tokenFor(home, 'organisation_admin');
    expect((await http(app.url, 'GET', '/v1/api-keys', { token: created.key })).status).toBe(200);
    const revoked = await http(app.url, 'DELETE', `/v1/api-keys/${created.id}`, { token });
    expect(revoked.status).toBe(204);
    const refused = await http(app.url, 'GET', '/v1/api-keys', { token: created.key });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'TOKEN_INVALID' });
    const list = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token });
    expect(list.body.map((k) => k.id)).not.toContain(created.id);
    expect((await http(app.url, 'DELETE', `/v1/api-keys/${created.id}`, { token })).status).toBe(404);
    const row = await app.db
      .selectFrom('api_keys')
      .select('revoked_at')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('leaves out keys of submission-service applications unless asked for', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    const plain = await createKey(tenant);
    const gateway = await http<Application>(app.url, 'POST', '/v1/applications', {
      token,
      body: { application: 'Gateway', submissionServiceUser: true },
    });
    const service = await createKey(tenant, { applicationId: gateway.body.id });
    expect(service.submissionServiceUser).toBe(true);
    const without = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token });
    expect(without.body.map((k) => k.id)).toEqual([plain.id]);
    const withThem = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys?includeSubmissionServiceUsers=true', {
      token,
    });
    expect(withThem.body.map((k) => k.id).sort()).toEqual([plain.id, service.id].sort());
  });

  // Which role may do what: docs/permissions.csv (test/permissions.test.ts).

  it("cross-tenant: other organisations' users and keys get 404, and lists hold no foreign rows", async () => {
    const target = await createKey(home);
    const outsiders = [
      await tokenFor(home, 'organisation_admin', 1),
      await tokenFor(foreign, 'organisation_admin'),
      await tokenFor(foreign, 'platform_admin'),
    ];
    for (const token of outsiders) {
      expect((await http(app.url, 'DELETE', `/v1/api-keys/${target.id}`, { token })).status).toBe(404);
      const list = await http(app.url, 'GET', `/v1/api-keys?organisationId=${home.organisationIds[0]}`, {
        token,
      });
      expect(list.status).toBe(404);
      const create = await http(app.url, 'POST', '/v1/api-keys', {
        token,
        body: { name: 'intruder', applicationId: target.applicationId },
      });
      expect(create.status).toBe(404);
    }
    // Another organisation's key (same platform, and another platform) on this organisation's objects.
    const otherOrganisationKey = await createKey(home, {}, 1);
    const otherPlatformKey = await createKey(foreign);
    for (const key of [otherOrganisationKey.key, otherPlatformKey.key]) {
      const keys = await http(app.url, 'GET', `/v1/api-keys?organisationId=${home.organisationIds[0]}`, {
        token: key,
      });
      expect(keys.status).toBe(404);
      const applications = await http(
        app.url,
        'GET',
        `/v1/applications?organisationId=${home.organisationIds[0]}`,
        {
          token: key,
        },
      );
      expect(applications.status).toBe(404);
      const own = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token: key });
      expect(own.status).toBe(200);
      expect(own.body.map((k) => k.id)).not.toContain(target.id);
    }
    const foreignList = await http<ApiKey[]>(app.url, 'GET', '/v1/api-keys', { token: outsiders[1] });
    expect(foreignList.body.every((k) => k.organisationId === foreign.organisationIds[0])).toBe(true);
  });

  it('refuses unknown fields (mass assignment), creating nothing', async () => {
    const tenant = await createTenant(app.db);
    const token = await tokenFor(tenant, 'organisation_admin');
    for (const extra of [{ roleIds: [] }, { keyHash: 'x' }]) {
      const res = await http(app.url, 'POST', '/v1/api-keys', { token, body: { name: 'x', ...extra } });
      expect(res.status).toBe(400);
    }
    // organisationId is a field (for platform administrators), but not a way into another tenant.
    const elsewhere = await http(app.url, 'POST', '/v1/api-keys', {
      token,
      body: { name: 'x', organisationId: home.organisationIds[0] },
    });
    expect(elsewhere.status).toBe(404);
    const proto = await http(app.url, 'POST', '/v1/api-keys', {
      token,
      raw: '{"name":"x","__proto__":{"a":1}}',
    });
    expect(proto.status).toBe(400);
    const count = await app.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organisation_id', '=', tenant.organisationIds[0])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('documents where keys are accepted in the OpenAPI document', async () => {
    const res = await http<{ paths: Record<string, Record<string, { security?: unknown[] }>> }>(
      app.url,
      'GET',
      '/v1/openapi.json',
    );
    expect(res.body.paths['/v1/api-keys']!.get!.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(res.body.paths['/v1/applications']!.get!.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(res.body.paths['/v1/api-keys']!.post!.security).toBeUndefined();
    expect(res.body.paths['/v1/sso/exchange']!.post!.security).toEqual([]);
  });

  it("gives a user of two organisations both organisations' keys, and a third organisation's or another platform's as not found (404)", async () => {
    const two = await signedInToTwo(app, home, ['organisation_admin', 'organisation_admin']);
    const inB = await createKey(home, {}, 1);
    // Signed in afresh: the cached sessions are keyed by platform, which C shares with A and B.
    const thirdAdmin = await signedIn(app, two.thirdTenant, 'organisation_admin');
    const third = (
      await http<CreatedApiKey>(app.url, 'POST', '/v1/api-keys', {
        token: thirdAdmin.token,
        body: { name: 'Third' },
      })
    ).body;
    expect(third.organisationId).toBe(two.thirdOrganisationId);
    const elsewhere = await createKey(foreign);
    const token = two.token;
    const listB = await http<ApiKey[]>(
      app.url,
      'GET',
      `/v1/api-keys?organisationId=${home.organisationIds[1]}`,
      {
        token,
      },
    );
    expect(listB.status).toBe(200);
    expect(listB.body.map((k) => k.id)).toContain(inB.id);
    for (const key of [third, elsewhere]) {
      expect((await http(app.url, 'DELETE', `/v1/api-keys/${key.id}`, { token })).status).toBe(404);
      // Still working: nothing was revoked.
      expect((await http(app.url, 'GET', '/v1/applications', { token: key.key })).status).toBe(200);
    }
    const listThird = await http(app.url, 'GET', `/v1/api-keys?organisationId=${two.thirdOrganisationId}`, {
      token,
    });
    expect(listThird.status).toBe(404);
    expect((await http(app.url, 'DELETE', `/v1/api-keys/${inB.id}`, { token })).status).toBe(204);
  });
});
