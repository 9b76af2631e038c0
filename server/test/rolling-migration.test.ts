import { randomUUID } from 'node:crypto';
import type { Session } from '@vigilo/contract';
import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { runtimeRoleFor } from '../src/platform/roles.ts';
import { createTenant, createUser, login, type TestTenant } from './factories.ts';
import { http } from './http.ts';
import { prepareTestDatabase, type Started, startServer, stderrText } from './spawn.ts';

/**
 * Issue 7 item 5: a migration lands while a server runs (a rolling deploy: the new version
 * migrates, the old one still serves). Every statement of the running server is a named
 * prepared statement, and a `*` prepared before `ADD COLUMN` used to fail with "cached plan
 * must not change result type" on every pooled connection until a restart. Its own
 * database on the test server, so the shared one's tables keep their shape.
 */
const CLIENTS = 12;

// Every table the traffic below reads or writes, some of them through `SELECT *`.
const TABLES = [
  'users',
  'platforms',
  'organisations',
  'memberships',
  'refresh_tokens',
  'organisation_contacts',
];
const COLUMN = 'added_while_running';

const addColumns: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn(COLUMN, 'text').execute();
    }
  },
};

let adminUrl: string;
let database: string;
let db: Db;
let server: Started & { url: string };
let tenant: TestTenant;

async function asAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const owner = new URL(inject('ownerDatabaseUrl'));
  database = `vigilo_rolling_${randomUUID().slice(0, 8)}`;
  await asAdmin(owner.toString(), `CREATE DATABASE ${database}`);
  owner.pathname = `/${database}`;
  adminUrl = owner.toString();
  const url = await prepareTestDatabase(adminUrl);
  db = createDb(url, 2);
  tenant = await createTenant(db);
  server = await startServer({
    DATABASE_URL: url,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
    // Every request reads its actor from the database, through the pool.
    ACTOR_CACHE_TTL: '0',
    RATE_LIMIT_PER_MINUTE: '1000000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await db?.destroy();
  const owner = new URL(adminUrl);
  owner.pathname = '/postgres';
  await asAdmin(owner.toString(), `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await asAdmin(owner.toString(), `DROP ROLE IF EXISTS ${runtimeRoleFor(database)}`);
});

interface Call {
  what: string;
  status: number;
  code?: string;
  message?: string;
}

/**
 * One client's round: its profile, its organisation's contacts, a name change (a write
 * in a transaction) and a token rotation (SELECT * … FOR UPDATE in a transaction).
 */
async function round(session: { current: Session }, organisationId: string, tag: string): Promise<Call[]> {
  const rotated = await rotate(session);
  const token = session.current.token;
  const calls = await Promise.all([
    http(server.url, 'GET', '/v1/users/@me', { token }).then((r) => ({ what: 'GET @me', r })),
    http(server.url, 'GET', `/v1/organisation/${organisationId}/contacts`, { token }).then((r) => ({
      what: 'GET contacts',
      r,
    })),
    http(server.url, 'PUT', '/v1/users/@me', { token, body: { firstName: tag } }).then((r) => ({
      what: 'PUT @me',
      r,
    })),
  ]);
  return [...calls, { what: 'POST /v1/token', r: rotated }].map(({ what, r }) => {
    const body = r.body as { code?: string; message?: string };
    return { what, status: r.status, code: body.code, message: body.message };
  });
}

/** Rotates the session's refresh token: SELECT * … FOR UPDATE inside a transaction. */
async function rotate(session: { current: Session }) {
  const rotated = await http<Session>(server.url, 'POST', '/v1/token', {
    body: { refreshToken: session.current.refreshToken },
  });
  if (rotated.status === 200) session.current = rotated.body;
  return rotated;
}

describe('a migration while the server runs (issue 7 item 5)', () => {
  it('ADD COLUMN under a busy server: the next requests all succeed, no restart', async () => {
    const organisationId = tenant.organisationIds[0];
    const users = await Promise.all(
      Array.from({ length: CLIENTS }, () =>
        createUser(db, { platformId: tenant.platformId, organisationId, role: 'organisation_admin' }),
      ),
    );
    const sessions = await Promise.all(users.map(async (u) => ({ current: await login(server.url, u) })));
    const traffic = (tag: string) =>
      Promise.all(sessions.map((s, i) => round(s, organisationId, `${tag}${i}`))).then((c) => c.flat());

    // Several rounds of concurrent traffic, so every pooled connection prepares the statements.
    const before = [];
    for (let n = 0; n < 3; n++) before.push(...(await traffic('Before')));
    expect(before.filter((c) => c.status !== 200)).toEqual([]);

    // The new version's migration, as `npm run db:migrate` applies it (the owner role).
    const owner = createDb(adminUrl, 1);
    try {
      const migrator = new Migrator({
        db: owner,
        provider: {
          getMigrations: async () => ({ ...migrations, '209901010000_added_while_running': addColumns }),
        },
        allowUnorderedMigrations: true,
      });
      const { error, results } = await migrator.migrateToLatest();
      expect(error).toBeUndefined();
      expect(results?.map((r) => r.migrationName)).toEqual(['209901010000_added_while_running']);
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM information_schema.columns WHERE column_name = ${COLUMN}`.execute(owner);
      expect(Number(rows[0]!.n)).toBe(TABLES.length);
    } finally {
      await owner.destroy();
    }

    // Right after it, on the same pooled connections: every request succeeds, every round.
    // First only token rotations, so the first stale statement is met inside a transaction.
    const rotations = await Promise.all(sessions.map(rotate));
    expect(rotations.map((r) => r.status)).toEqual(sessions.map(() => 200));
    const after = [];
    for (let n = 0; n < 3; n++) after.push(...(await traffic('After')));
    expect(after.filter((c) => c.status !== 200)).toEqual([]);
    expect(after).toHaveLength(CLIENTS * 4 * 3);
    expect(server.process.exitCode).toBeNull();
    expect(stderrText(server.process)).not.toMatch(/cached plan/);

    // The writes made after the migration are there.
    const names = await db
      .selectFrom('users')
      .select('first_name')
      .where(
        'id',
        'in',
        users.map((u) => u.id),
      )
      .execute();
    expect(names.map((r) => r.first_name).sort()).toEqual(users.map((_, i) => `After${i}`).sort());
  }, 90_000);
});
