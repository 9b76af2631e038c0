import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { areas, auditCatalogue } from '../src/areas.ts';
import { changesBetween } from '../src/platform/audit.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { auditCases, type Case, type Probe } from './audit-operations.ts';
import { createTenant, http, signedIn, startTestApp, type TestApp, type TestTenant } from './index.ts';
import { startOidcProvider, type TestOidcProvider } from './oidc.ts';
import { SSO_PUBLIC_URL, ssoJourney, ssoRedirectUri } from './sso-journey.ts';

/**
 * Issue 7 item 3: every mutating operation of the OpenAPI document is called once,
 * successfully, and must leave the audit row written by hand in test/audit-operations.ts,
 * in the transaction of its change: the row it changed carries the audit row's xmin, and a
 * removal survives when the audit write is made to fail. Figures are printed at the end.
 */
let app: TestApp;
let owner: Db;
let tenant: TestTenant;
let idp: TestOidcProvider;
let providerId = '';
let documented: string[] = [];
const asserted = new Set<string>();
const covered = new Set<string>();

const world = {
  get app() {
    return app;
  },
  get tenant() {
    return tenant;
  },
  get idp() {
    return idp;
  },
  providerId: () => providerId,
};
const { operations, paths } = auditCases(world);

// Fails the audit insert of one request: proof that a removal rolls back without its record.
const REFUSE = 'audit-refuse-';

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: SSO_PUBLIC_URL, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' });
  owner = createDb(inject('ownerDatabaseUrl'), 1);
  await sql`
    CREATE OR REPLACE FUNCTION audit_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.request_id LIKE ${sql.lit(`${REFUSE}%`)} OR NEW.client_request_id LIKE ${sql.lit(`${REFUSE}%`)} THEN RAISE EXCEPTION 'audit write refused by test/audit.test.ts'; END IF;
      RETURN NEW;
    END $$`.execute(owner);
  await sql`DROP TRIGGER IF EXISTS audit_test_refuse ON audit_log`.execute(owner);
  await sql`CREATE TRIGGER audit_test_refuse BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_test_refuse()`.execute(
    owner,
  );
  tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp', 'sms'] })
    .where('id', '=', tenant.platformId)
    .execute();
  await app.db
    .updateTable('organisations')
    .set({ accepts_account_requests: true })
    .where('id', '=', tenant.organisationIds[0])
    .execute();
  idp = await startOidcProvider({
    redirectUri: ssoRedirectUri,
    accounts: [{ sub: 'exchange', email: 'exchange@idp.example', email_verified: true }],
  });
  const { token } = await signedIn(app, tenant, 'platform_admin');
  providerId = (await ssoJourney(() => app).createProvider(token, tenant.platformId, idp)).id;
  const doc = (
    await http<{ paths: Record<string, Record<string, unknown>> }>(app.url, 'GET', '/v1/openapi.json')
  ).body;
  documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['post', 'put', 'patch', 'delete'].includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
});
afterAll(async () => {
  if (owner) {
    await sql`DROP TRIGGER IF EXISTS audit_test_refuse ON audit_log`.execute(owner);
    await owner.destroy();
  }
  await app?.close();
  await idp?.close();
});

const where = ([table, ...pairs]: Probe, extra = sql``) => {
  const conditions = [];
  for (let i = 0; i < pairs.length; i += 2)
    conditions.push(sql`${sql.ref(pairs[i]!)}::text = ${pairs[i + 1]!}`);
  return sql`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE ${sql.join(conditions, sql` AND `)} ${extra}`;
};
const count = async (probe: Probe, extra = sql``) =>
  (await where(probe, extra).execute(app.db)).rows[0] as { n: number };

// A call sends its id as X-Request-Id, which the audit keeps as client_request_id (decision
// 0027); a job run directly records it as its request_id.
const auditRows = (requestId: string) =>
  sql<{ action: string; reason: string | null; xmin: string }>`
    SELECT action, reason, xmin::text AS xmin FROM audit_log
    WHERE client_request_id = ${requestId} OR request_id = ${requestId}`
    .execute(app.db)
    .then((r) => r.rows);

/** Runs one case and checks its record; `operation` cases must also answer 2xx. */
async function check(name: string, c: Case, operation: boolean) {
  const id = `audit-${randomUUID()}`;
  const done = await c.run(id);
  if (operation) expect(done.res.status, `${name}: ${JSON.stringify(done.res.body)}`).toBeLessThan(300);
  const rows = await auditRows(id);
  if (c.action === null) {
    expect(rows, `${name} writes no audit row`).toEqual([]);
    return;
  }
  const row = rows.find((r) => r.action === c.action);
  expect(row, `${name}: ${c.action} among ${JSON.stringify(rows.map((r) => r.action))}`).toBeDefined();
  if (auditCatalogue()[c.action]?.reason === 'required')
    expect(row!.reason, `${name}: a reason`).toBeTruthy();
  // The transaction: a row the call wrote carries the audit row's xmin; a row it removed
  // is still there when the audit write fails. A case without either says why.
  if (!c.why) expect(done.wrote ?? done.removed, `${name}: names the rows it changes`).toBeDefined();
  if (done.wrote) {
    const same = await count(done.wrote, sql`AND xmin::text = ${row!.xmin}`);
    expect(same.n, `${name}: written in the audit row's transaction`).toBeGreaterThan(0);
  }
  if (done.removed) {
    expect((await count(done.removed)).n, `${name}: removed`).toBe(0);
    const refused = await c.run(`${REFUSE}${randomUUID()}`);
    expect(refused.res.status, `${name}: fails when its audit write fails`).toBeGreaterThanOrEqual(500);
    expect((await count(refused.removed!)).n, `${name}: nothing removed without its record`).toBeGreaterThan(
      0,
    );
  }
  asserted.add(c.action);
}

describe('every mutating operation writes its audit record, in its transaction', () => {
  it('has a hand-written expectation for every mutating operation of the OpenAPI document, and no stale one', () => {
    expect(documented.length).toBeGreaterThan(50);
    expect(
      documented.filter((op) => !operations[op]),
      'operations without an expected audit record',
    ).toEqual([]);
    expect(
      Object.keys(operations).filter((op) => !documented.includes(op)),
      'stale expectations',
    ).toEqual([]);
  });

  for (const [name, c] of Object.entries(operations)) {
    it(name, async () => {
      await check(name, c, true);
      covered.add(name);
    });
  }
  for (const [name, c] of Object.entries(paths)) {
    it(name, () => check(name, c, false));
  }

  it('asserts every catalogued action, each named in the past tense', () => {
    const catalogued = Object.keys(auditCatalogue()).sort();
    // Each action belongs to one area: a second declaration would silently replace the first.
    const declared = areas.flatMap((area) => Object.keys(area.audit ?? {}));
    expect(declared.length, 'actions declared by two areas').toBe(catalogued.length);
    // A past participle among the words after the dot: regular (-ed) or one of these.
    const irregular = new Set(['sent', 'resent', 'reset', 'made', 'withdrawn', 'set', 'done', 'begun']);
    for (const action of catalogued) {
      const words = action.split('.')[1]!.split('_');
      expect(
        words.some((w) => w.endsWith('ed') || irregular.has(w)),
        `${action} is in the past tense`,
      ).toBe(true);
    }
    const figures = [
      `audit actions asserted / catalogued: ${asserted.size} / ${catalogued.length}`,
      `mutating operations covered: ${covered.size} / ${documented.length}`,
    ];
    console.log(figures.join('\n'));
    expect(
      catalogued.filter((a) => !asserted.has(a)),
      'catalogued actions never asserted',
    ).toEqual([]);
    expect(covered.size).toBe(documented.length);
  });
});

describe('changesBetween: the field-level change an audit row records', () => {
  it('keeps only the fields that differ, nested ones by path, arrays whole', () => {
    const before = { name: 'A', address: { city: 'Lyon', zip: '69001' }, tags: ['x', 'y'], same: 1 };
    const after = { name: 'B', address: { city: 'Lyon', zip: '69002' }, tags: ['x'], same: 1 };
    expect(changesBetween(before, after)).toEqual([
      { path: 'address.zip', old: '69001', new: '69002' },
      { path: 'name', old: 'A', new: 'B' },
      { path: 'tags', old: ['x', 'y'], new: ['x'] },
    ]);
  });

  it('reads a creation and a removal as every field appearing or going; absent is null', () => {
    expect(changesBetween(null, { a: 1, b: { c: true } })).toEqual([
      { path: 'a', old: null, new: 1 },
      { path: 'b.c', old: null, new: true },
    ]);
    expect(changesBetween({ a: 1 }, null)).toEqual([{ path: 'a', old: 1, new: null }]);
    expect(changesBetween({ a: 1, b: 2 }, { a: 1 })).toEqual([{ path: 'b', old: 2, new: null }]);
    expect(changesBetween({ a: null }, {})).toEqual([]);
  });

  it('compares dates as their instant and skips version bookkeeping', () => {
    const at = '2026-11-24T08:00:00.000Z';
    expect(changesBetween({ at: new Date(at), version: 1 }, { at, version: 2, updatedAt: at })).toEqual([]);
  });

  it('never records a secret or hash: only that it changed, was set or was cleared', () => {
    const changes = changesBetween(
      { passwordHash: 'h1', clientSecret: null, sso: { token: 't1' }, apiKey: { key: 'vk_1' } },
      { passwordHash: 'h2', clientSecret: 's', sso: { token: null }, apiKey: { key: 'vk_1' } },
    );
    expect(changes).toEqual([
      { path: 'clientSecret', old: null, new: '[redacted]' },
      { path: 'passwordHash', old: '[redacted]', new: '[redacted]' },
      { path: 'sso.token', old: '[redacted]', new: null },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/h1|h2|t1|vk_1|"s"/);
  });
});
