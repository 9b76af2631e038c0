import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, signedInToTwo, useTestApp } from './index.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc.ts';
import { type Column, rows } from './permissions/csv.ts';
import { type Call, type Caller, fixtures, type World } from './permissions/fixtures.ts';
import { Foreign } from './tenancy/id-makers.ts';
import { type IdParam, idParams, keyOf } from './tenancy/id-params.ts';
import { type IdRow, idRows } from './tenancy/id-rows.ts';
import { changed, type Owner, snapshot } from './tenancy/snapshot.ts';
import { worldOf } from './tenancy/world.ts';

/**
 * Ids named in a query or a body (issue 27, decision 0313): the path's ids have their matrix
 * (tenancy-matrix.test.ts); here every query parameter and body property of the OpenAPI
 * document whose name or format says "id" is sent, one at a time, with the id of an object
 * of a foreign organisation F of the same platform (or of another platform P, for the
 * platform's own objects), in an otherwise valid request of organisation H made by the
 * permission matrix's fixture. Callers: H's administrator, and a user who administers H and
 * H2, signed in to H. The answer must say nothing: 404 NOT_FOUND, a 400 VALIDATION_FAILED
 * naming that field, or (search filters, bulk answers per case, properties not read) a 2xx
 * holding none of the foreign tenant's ids; and it must be the answer an id that names
 * nothing gets. Nothing F (or P) owns may change. Last, a user who administers H and is only
 * a reporter in H2 sends H2's id as the organisation acted in, where docs/permissions.csv
 * says a reporter is forbidden: refused as well (403 too).
 */
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
let idp: TestOidcProvider;
let params: IdParam[] = [];
let home: World;
let f: Foreign;
let p: Foreign;
let h2: Foreign;
/** The home organisation's own objects, for the requests that need one beside the id tried. */
let mine: Foreign;
let actors: { name: string; caller: Caller }[] = [];
let platformAdmin: Caller;
let narrowed: Caller;

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${app.url}/v1/sso/callback`, accounts: [] });
  params = idParams((await http<Parameters<typeof idParams>[0]>(app.url, 'GET', '/v1/openapi.json')).body);

  const tenant = await createTenant(app.db);
  const [orgH, orgF] = tenant.organisationIds;
  const other = await createTenant(app.db);
  const orgH2 = await app.db
    .insertInto('organisations')
    .values({ platform_id: tenant.platformId, name: `Org H2 ${orgH.slice(0, 8)}`, kind: 'other' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const of = (o: string) => ({ platformId: tenant.platformId, organisationIds: [o, o] as [string, string] });
  const foreignOf = async (world: World, shared = false) => {
    const maker = await signedIn(app, world.tenant, 'organisation_admin', 0);
    const foreign = new Foreign(
      world,
      { column: 'organisation_admin', token: maker.token, user: maker.user },
      shared,
    );
    // A user and a case of its own from the start, so a list that leaks shows them.
    await Promise.all([foreign.id('user'), foreign.id('report')]);
    return foreign;
  };
  home = await worldOf(app, idp, { platformId: tenant.platformId, organisationIds: [orgH, orgH2.id] });
  mine = new Foreign(home, { column: 'organisation_admin', token: home.orgAdmin });
  f = await foreignOf(await worldOf(app, idp, of(orgF)));
  p = await foreignOf(await worldOf(app, idp, other));
  h2 = await foreignOf(await worldOf(app, idp, of(orgH2.id)), true);

  const caller = async (column: 'organisation_admin' | 'platform_admin'): Promise<Caller> => {
    const s = await signedIn(app, home.tenant, column, 0);
    return { column, token: s.token, user: s.user };
  };
  const both = await signedInToTwo(
    app,
    { platformId: tenant.platformId, organisationIds: [orgH, orgH2.id] },
    ['organisation_admin', 'organisation_admin'],
  );
  const half = await signedInToTwo(
    app,
    { platformId: tenant.platformId, organisationIds: [orgH, orgH2.id] },
    ['organisation_admin', 'reporter'],
  );
  actors = [
    { name: 'administrator of H', caller: await caller('organisation_admin') },
    {
      name: 'administrator of H and H2, signed in to H',
      caller: { column: 'organisation_admin', token: both.token, user: both.user },
    },
  ];
  platformAdmin = await caller('platform_admin');
  narrowed = { column: 'organisation_admin', token: half.token, user: half.user };
}, 120_000);
afterAll(async () => {
  await idp?.close();
});

const adminRow = (operation: string) =>
  rows.find((r) => r.operation === operation && r.cells.organisation_admin === 'allowed');

/** The permission fixture's valid request of the home organisation, for this row and caller. */
async function validCall(
  param: IdParam,
  row: Exclude<IdRow, { exempt: string }>,
  caller: Caller,
): Promise<Call> {
  if (row.call) return row.call(home, caller, (kind) => mine.id(kind));
  const target =
    row.target ??
    (row.as
      ? rows.find((r) => r.operation === param.operation && r.cells[row.as as Column] === 'allowed')
      : adminRow(param.operation)
    )?.target;
  const fixture = fixtures[`${param.operation}|${target}`];
  if (!fixture) throw new Error(`no fixture for ${param.operation}|${target}`);
  const call = await fixture(home, caller);
  return row.adjust ? row.adjust(call) : call;
}

/**
 * Puts `value` at the parameter's place: `a.b`, or `a[].b` in every item of list `a` (one if
 * none), with `fill`'s properties beside it when the object is new.
 */
function place(call: Call, param: IdParam, value: string, fill: Record<string, unknown> = {}): Call {
  const id = param.list ? [value] : value;
  if (param.in === 'query') return { ...call, query: { ...call.query, [param.name]: id as string } };
  const body = structuredClone((call.body ?? {}) as Record<string, unknown>);
  const set = (into: Record<string, unknown>, parts: string[]) => {
    const [head = '', ...rest] = parts;
    if (rest.length === 0) {
      into[head] = id;
      return;
    }
    const list = head.endsWith('[]');
    const key = list ? head.slice(0, -2) : head;
    const found = into[key];
    const items = list
      ? Array.isArray(found) && found.length
        ? (found as Record<string, unknown>[])
        : [{ ...fill }]
      : [typeof found === 'object' && found ? (found as Record<string, unknown>) : { ...fill }];
    for (const item of items) set(item, rest);
    into[key] = list ? items : items[0];
  };
  set(body, param.name.split('.'));
  return { ...call, body };
}

function request(operation: string, call: Call, token: string) {
  const [method = '', template = ''] = operation.split(' ');
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(call.params?.[name] ?? '00000000-0000-4000-8000-000000000000'),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(call.query ?? {}))
    for (const item of Array.isArray(v) ? v : [v]) search.append(k, String(item));
  const query = search.size ? `?${search}` : '';
  return http<{ code?: string; meta?: { fields?: { field: string; reason: string }[] } }>(
    app.url,
    method,
    path + query,
    { token, body: call.body, raw: call.raw, headers: call.headers, form: call.form, redirect: 'manual' },
  );
}

type Answer = Awaited<ReturnType<typeof request>>;

/** The fields a 400 names, as `name` or `list[].name`, without their place (`body/`, `query/`). */
const fieldsOf = (res: Answer) =>
  (res.body?.meta?.fields ?? []).map((f) => ({
    name: f.field
      .replace(/^[a-z]+\//, '')
      .replace(/\/\d+/g, '[]')
      .replace(/\//g, '.'),
    reason: f.reason,
  }));

/**
 * 404, or a 400 that names this very field: the answers of an id that names nothing. Only
 * the field's name is compared, not its place (assigning names `params/userId` for the
 * body's `userId`).
 */
function refused(res: Answer, param: IdParam): boolean {
  if (res.status === 404 && res.body?.code === 'NOT_FOUND') return true;
  if (res.status !== 400 || res.body?.code !== 'VALIDATION_FAILED') return false;
  return fieldsOf(res).some((f) => [param.name, `${param.name}[]`].includes(f.name));
}

/** Two answers that tell the same: status, code and the fields named with their reasons. */
const same = (a: Answer, b: Answer) =>
  a.status === b.status &&
  a.body?.code === b.body?.code &&
  JSON.stringify(fieldsOf(a)) === JSON.stringify(fieldsOf(b));

const owner = (t: Foreign): Owner =>
  t === p ? { platformId: t.world.tenant.platformId } : { organisationId: t.world.tenant.organisationIds[0] };

/** An id of the same kind that names nothing at all: the answer a foreign id must match. */
const ghost = (row: Exclude<IdRow, { exempt: string }>) =>
  row.kind === 'caseReference' ? `EXT-${randomUUID().slice(0, 8)}` : randomUUID();

/**
 * Sends one foreign id, then an id that names nothing, and judges the answers; answers a
 * failure's description, or nothing. `alsoForbidden`: a role gate's 403 is a refusal too
 * (the narrowed user's pass: a member of the foreign organisation may know it exists).
 */
async function attempt(
  param: IdParam,
  row: Exclude<IdRow, { exempt: string }>,
  caller: Caller,
  foreign: Foreign,
  alsoForbidden = false,
) {
  const id = await foreign.id(row.kind);
  const call = await validCall(param, row, caller);
  const before = await snapshot(app.db, owner(foreign));
  const res = await request(param.operation, place(call, param, id, row.fill), caller.token!);
  const moved = changed(before, await snapshot(app.db, owner(foreign)));
  const none = await request(param.operation, place(call, param, ghost(row), row.fill), caller.token!);
  const text = JSON.stringify(res.body);
  // The id sent may come back (a bulk answer names each case it refused); any other is the tenant's data.
  const leaked = (await foreign.ids()).some((x) => x !== id && text.includes(x));
  const gate = alsoForbidden && res.status === 403 && res.body?.code === 'FORBIDDEN';
  const ok =
    row.answer === 'none' ? res.status >= 200 && res.status < 300 && !leaked : refused(res, param) || gate;
  const problems = [
    ...(ok ? [] : [`${res.status}${leaked ? " WITH THE FOREIGN TENANT'S DATA" : ''} ${text.slice(0, 200)}`]),
    ...(gate || same(res, none)
      ? []
      : [`answered unlike an id that names nothing (${none.status} ${none.body?.code})`]),
    ...(moved.length ? [`changed ${moved.join(', ')}`] : []),
  ];
  return problems.length ? problems.join('; ') : undefined;
}

const tried = (row: IdRow): row is Exclude<IdRow, { exempt: string }> => !('exempt' in row);
const foreignFor = (row: Exclude<IdRow, { exempt: string }>) =>
  row.otherPlatform || row.as || row.kind === 'platform' ? p : f;

/**
 * Runs the attempts a few at a time (each waits on HTTP and the database, not the CPU), every
 * foreign id made first: made during another attempt, it would show as that one's change. Two
 * attempts on one tenant overlap, so a change is charged to both; nothing may change at all.
 */
async function runAll<T extends { row: Exclude<IdRow, { exempt: string }>; foreign?: Foreign }>(
  jobs: T[],
  run: (job: T) => Promise<string | undefined>,
): Promise<string[]> {
  for (const job of jobs) await (job.foreign ?? h2).id(job.row.kind);
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const failure = await run(jobs[next++]!);
      if (failure) failures.push(failure);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures.sort();
}

describe('ids named in a query or a body', { timeout: 120_000 }, () => {
  it('has a row (a foreign id, or a reason) for every id-like parameter, and none for one that is gone', () => {
    const keys = params.map(keyOf);
    expect(keys.filter((k) => !(k in idRows))).toEqual([]);
    expect(Object.keys(idRows).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('refuses every foreign id (or matches nothing with it) and changes nothing of its tenant', async () => {
    const jobs = params.flatMap((param) => {
      const row = idRows[keyOf(param)];
      if (!row || !tried(row)) return [];
      const callers = row.as ? [{ name: 'platform administrator of H', caller: platformAdmin }] : actors;
      return callers.map((actor) => ({ param, row, actor, foreign: foreignFor(row) }));
    });
    const failures = await runAll(jobs, async ({ param, row, actor, foreign }) => {
      const failure = await attempt(param, row, actor.caller, foreign).catch(String);
      return failure && `${keyOf(param)} by ${actor.name}: ${failure}`;
    });
    const exempt = Object.values(idRows).filter((r) => !tried(r)).length;
    console.log(
      `ids in a query or a body: ${params.length} parameters of ${new Set(params.map((x) => x.operation)).size} operations, ` +
        `${exempt} exempt; ${jobs.length} calls`,
    );
    expect(failures).toEqual([]);
  });

  it("refuses H2's ids to a user who is only a reporter in H2, where a reporter may not act", async () => {
    const jobs = params.flatMap((param) => {
      const row = idRows[keyOf(param)];
      // The organisation the operation acts in or for; H2's objects a member may read are its own (0050).
      if (!row || !tried(row) || row.kind !== 'organisation' || foreignFor(row) === p) return [];
      const reporter = rows.find((r) => r.operation === param.operation)?.cells.reporter;
      return reporter === 'forbidden' ? [{ param, row }] : [];
    });
    const failures = await runAll(jobs, async ({ param, row }) => {
      const failure = await attempt(param, row, narrowed, h2, true).catch(String);
      return failure && `${keyOf(param)}: ${failure}`;
    });
    console.log(`ids of H2 to an administrator of H who is a reporter in H2: ${jobs.length} calls`);
    expect(failures).toEqual([]);
  });
});
