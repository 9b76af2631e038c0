import type { RoleName } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, signedInToTwo, type TestTenant, useTestApp } from './index.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc.ts';
import { type Cell, type Column, rows } from './permissions/csv.ts';
import { type Call, type Caller, fixtures, type World } from './permissions/fixtures.ts';
import { makers } from './tenancy/makers.ts';
import { changed, type Owner, snapshot } from './tenancy/snapshot.ts';
import { worldOf } from './tenancy/world.ts';

/**
 * The cross-tenant matrix (issue 27): every operation of the OpenAPI document that names an
 * object in its path is called on an object of another organisation of the same platform
 * and on one of another platform, by organisation A's staff, administrator and assessor,
 * by an API key of A, and by a user of A and B signed in to A. Each must answer 404 and
 * change nothing of the foreign tenant (every row it owns, `version` columns among them,
 * compared before and after). The objects are made by the permission matrix's fixtures,
 * run in the foreign tenant; tenancy/makers.ts says which, by hand, for every operation.
 *
 * A role gate that refuses before the object is looked up (403 where docs/permissions.csv
 * says `forbidden`, or `refused` for API keys) says nothing about the object, so it is
 * accepted beside 404; an answer below 400 never is.
 */
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let idp: TestOidcProvider;
const foreign: { name: string; world: World; owner: Owner; caller: Caller }[] = [];
let actors: { name: string; column: Column; token: string }[] = [];
let operations: string[] = [];

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${app.url}/v1/sso/callback`, accounts: [] });
  const doc = (
    await http<{ paths: Record<string, Record<string, unknown>> }>(app.url, 'GET', '/v1/openapi.json')
  ).body;
  operations = Object.entries(doc.paths)
    .filter(([path]) => path.includes('{'))
    .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();

  // Organisation A and, on its platform, F (the foreign one) and B (the two-organisation user's other).
  const home = await createTenant(app.db);
  const [orgA, orgF] = home.organisationIds;
  const other = await createTenant(app.db);
  const tenants: [string, TestTenant][] = [
    ['organisation of the same platform', { platformId: home.platformId, organisationIds: [orgF, orgA] }],
    ['organisation of another platform', other],
  ];
  for (const [name, tenant] of tenants) {
    const world = await worldOf(app, idp, tenant);
    const maker = await signedIn(app, tenant, 'organisation_admin', 0);
    foreign.push({
      name,
      world,
      owner: tenant === other ? { platformId: other.platformId } : { organisationId: orgF },
      caller: { column: 'organisation_admin', token: maker.token, user: maker.user },
    });
  }

  const admin = await signedIn(app, home, 'organisation_admin', 0);
  const application = await http<{ id: string }>(app.url, 'POST', '/v1/applications', {
    token: admin.token,
    body: { organisationId: orgA, application: 'Tenancy matrix' },
  });
  const key = await http<{ key: string }>(app.url, 'POST', '/v1/api-keys', {
    token: admin.token,
    body: { name: 'Tenancy key', applicationId: application.body.id },
  });
  // Administrator in A and in B, signed in to A: B is theirs, F is not.
  const orgB = await app.db
    .insertInto('organisations')
    .values({ platform_id: home.platformId, name: `Org B ${orgA.slice(0, 8)}`, kind: 'other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const two = await signedInToTwo(app, { platformId: home.platformId, organisationIds: [orgA, orgB.id] }, [
    'organisation_admin',
    'organisation_admin',
  ]);
  const as = async (role: RoleName) => (await signedIn(app, home, role, 0)).token;
  actors = [
    { name: 'staff of A', column: 'organisation_staff', token: await as('organisation_staff') },
    { name: 'administrator of A', column: 'organisation_admin', token: admin.token },
    { name: 'assessor of A', column: 'assessor', token: await as('assessor') },
    { name: 'API key of A', column: 'api_key', token: key.body.key },
    { name: 'user of A and B, signed in to A', column: 'organisation_admin', token: two.token },
  ];
}, 120_000);
afterAll(async () => {
  await idp?.close();
});

function request(operation: string, call: Call, token: string) {
  const [method = '', template = ''] = operation.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
  const query = call.query
    ? `?${new URLSearchParams(Object.entries(call.query).map(([k, v]) => [k, String(v)]))}`
    : '';
  return http<{ code?: string }>(app.url, method, path + query, {
    token,
    body: call.body,
    raw: call.raw,
    headers: call.headers,
    form: call.form,
    redirect: 'manual',
  });
}

/** The answers that say nothing about a foreign object, for a caller whose cell is `cell`. */
function acceptable(status: number, code: string | undefined, cell: Cell): boolean {
  if (status === 404 && code === 'NOT_FOUND') return true;
  if (cell === 'forbidden') return status === 403 && code === 'FORBIDDEN';
  if (cell === 'refused') return status === 403 && code === 'TOKEN_INVALID';
  return false;
}

describe('cross-tenant matrix', { timeout: 600_000 }, () => {
  it('has a maker (or a reason) for every operation with an id, and none for an operation that is gone', () => {
    expect(operations.filter((op) => !(op in makers))).toEqual([]);
    expect(Object.keys(makers).filter((op) => !operations.includes(op))).toEqual([]);
    for (const [op, maker] of Object.entries(makers))
      if ('target' in maker) expect(fixtures[`${op}|${maker.target}`], `${op}|${maker.target}`).toBeDefined();
  });

  it('answers 404 and changes nothing for every operation × foreign object × caller of A', async () => {
    const failures: string[] = [];
    let tried = 0;
    for (const operation of operations) {
      const maker = makers[operation];
      if (!maker || 'exempt' in maker) continue;
      const row = rows.find((r) => r.operation === operation && r.target === maker.target)!;
      for (const f of foreign) {
        if (maker.samePlatform && 'organisationId' in f.owner) continue;
        const call = await fixtures[`${operation}|${maker.target}`]!(f.world, f.caller);
        const before = await snapshot(app.db, f.owner);
        for (const actor of actors) {
          const res = await request(operation, call, actor.token);
          tried++;
          if (!acceptable(res.status, res.body?.code, row.cells[actor.column]))
            failures.push(
              `${operation} on an ${f.name}'s object by ${actor.name}: ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`,
            );
        }
        const moved = changed(before, await snapshot(app.db, f.owner));
        if (moved.length) failures.push(`${operation} on an ${f.name}'s object changed ${moved.join(', ')}`);
      }
    }
    const exempt = Object.values(makers).filter((m) => 'exempt' in m).length;
    const samePlatformOnly = Object.values(makers).filter((m) => 'target' in m && m.samePlatform).length;
    const counted = operations.length - exempt;
    console.log(
      `cross-tenant matrix: ${operations.length} operations with an id, ${exempt} exempt, ` +
        `${samePlatformOnly} platform-level (another platform only); ${tried} calls ` +
        `(${counted} operations × ${actors.length} callers × 2 foreign tenants, less ${samePlatformOnly} × ${actors.length})`,
    );
    expect(failures).toEqual([]);
    expect(tried).toBe((counted * 2 - samePlatformOnly) * actors.length);
  });
});
