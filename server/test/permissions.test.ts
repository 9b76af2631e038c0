import type { RoleName } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type HttpResult, http, signedIn, startTestApp } from './index.ts';
import { startOidcProvider } from './oidc.ts';
import { type Cell, COLUMNS, type Column, header, type Row, rows } from './permissions/csv.ts';
import { type Call, type Caller, fixtures, type World } from './permissions/fixtures.ts';

/**
 * The permissions matrix (docs/permissions.csv, written by hand from what each role is
 * for, docs/permissions.md) against the live API: every row is called as every role, with
 * an application's API key and anonymously, and each answer is compared with the cell.
 * Nothing here reads a policy table: widening or narrowing a rule fails this test.
 */

/** What an answer means, in the matrix's words; anything else is shown as it is. */
function observed(res: HttpResult<{ code?: string }>, expected: Cell): string {
  const code = res.body?.code;
  if (expected === 'public') return code === 'UNAUTHENTICATED' ? 'unauthenticated' : 'public';
  if (res.status < 400) return 'allowed';
  if (res.status === 404 && code === 'NOT_FOUND') return 'hidden';
  if (res.status === 403 && code === 'FORBIDDEN') return 'forbidden';
  if (res.status === 403 && code === 'TOKEN_INVALID') return 'refused';
  if (res.status === 401) return 'unauthenticated';
  return `${res.status} ${code ?? ''}: ${JSON.stringify(res.body).slice(0, 200)}`;
}

let world: World;
let apiKey: string;

beforeAll(async () => {
  const app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  const tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', tenant.platformId)
    .execute();
  const workspace = await app.db
    .insertInto('workspaces')
    .values({ platform_id: tenant.platformId, name: 'Workspace' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await app.db
    .updateTable('organisations')
    .set({ workspace_id: workspace.id })
    .where('id', '=', tenant.organisationIds[0])
    .execute();
  const idp = await startOidcProvider({ redirectUri: `${app.url}/v1/sso/callback`, accounts: [] });
  world = {
    app,
    tenant,
    orgAdmin: (await signedIn(app, tenant, 'organisation_admin', 0)).token,
    platformAdmin: (await signedIn(app, tenant, 'platform_admin')).token,
    idp,
    workspaceId: workspace.id,
  };
  const created = await http<{ id: string }>(app.url, 'POST', '/v1/applications', {
    token: world.orgAdmin,
    body: { organisationId: tenant.organisationIds[0], application: 'Matrix integration' },
  });
  const key = await http<{ key: string }>(app.url, 'POST', '/v1/api-keys', {
    token: world.orgAdmin,
    body: { name: 'Matrix key', applicationId: created.body.id },
  });
  apiKey = key.body.key;
}, 60_000);
afterAll(async () => {
  await world?.app.close();
  await world?.idp.close();
});

async function callerFor(column: Column): Promise<Caller> {
  if (column === 'anonymous') return { column };
  if (column === 'api_key') return { column, token: apiKey };
  const { user, token } = await signedIn(world.app, world.tenant, column as RoleName, 0);
  return { column, token, user };
}

function request(row: Row, call: Call, caller: Caller) {
  const path = row.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
  const query = call.query
    ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  return http<{ code?: string }>(world.app.url, row.method, path + query, {
    token: caller.token,
    body: call.body,
    raw: call.raw,
    headers: call.headers,
    form: call.form,
    redirect: 'manual',
  });
}

describe('docs/permissions.csv', () => {
  it('has a row for every operation of the OpenAPI document, and no row for an operation it lacks', async () => {
    const doc = (
      await http<{ paths: Record<string, Record<string, unknown>> }>(world.app.url, 'GET', '/v1/openapi.json')
    ).body;
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const listed = new Set(rows.map((r) => r.operation));
    expect(operations.filter((op) => !listed.has(op))).toEqual([]);
    expect([...listed].filter((op) => !operations.includes(op))).toEqual([]);
    expect([...header].sort()).toEqual(['operation', 'target', ...COLUMNS].sort());
  });

  for (const row of rows) {
    it(`${row.operation} — ${row.target}`, async () => {
      const isPublic = Object.values(row.cells).every((c) => c === 'public');
      const fixture = fixtures[`${row.operation}|${row.target}`];
      if (!isPublic && !fixture) throw new Error(`no fixture for ${row.operation}|${row.target}`);
      const columns = isPublic ? (['anonymous'] as const) : COLUMNS;
      const actual: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const column of columns) {
        const caller = await callerFor(column);
        const call = fixture ? await fixture(world, caller) : {};
        actual[column] = observed(await request(row, call, caller), row.cells[column]);
        expected[column] = row.cells[column];
      }
      expect(actual).toEqual(expected);
    });
  }
});
