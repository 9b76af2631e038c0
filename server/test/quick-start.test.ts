import { rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createDb } from '../src/platform/db.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { rememberedPort } from '../src/platform/local-state.ts';
import { createTenant, createUser, login } from './factories.ts';
import { http } from './http.ts';
import { freePort, tempFolder as newFolder, runToExit, startServer } from './spawn.ts';

/** Issue 6: what `npm ci && npm start` does for a newcomer, and what it must never do. */
const db = createDb(inject('databaseUrl'), 1);
const running: EmbeddedDatabase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(running.map((e) => e.stop()));
  await db.destroy();
  await Promise.all(folders.map((f) => rm(f, { recursive: true, force: true })));
});

const tempFolder = async (prefix: string) => {
  const folder = await newFolder(prefix);
  folders.push(folder);
  return folder;
};

const embedded = async (dataDir: string, options: { port?: number; password?: string } = {}) => {
  const started = await startEmbeddedPostgres({ dataDir, databases: ['quick'], ...options });
  running.push(started);
  return started;
};

const canLogIn = (url: string) => {
  const client = new pg.Client({ connectionString: url });
  return client.connect().then(
    async () => {
      await client.end();
      return true;
    },
    () => false,
  );
};

const mode = async (path: string) => (await stat(path)).mode & 0o777;

describe('npm start without JWT_SECRET (outside production)', () => {
  it('makes a secret of its own once, keeps it private, and refuses tokens signed with the old published secret', async () => {
    const dataDir = await tempFolder('vigilo-secret');
    const env = {
      DATABASE_URL: inject('databaseUrl'),
      DATA_DIR: dataDir,
      JWT_SECRET: undefined,
      SECRETS_KEYS: undefined,
      HOST: undefined,
      NODE_ENV: 'development',
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
    };
    let server = await startServer(env);
    try {
      const tenant = await createTenant(db);
      const user = await createUser(db, {
        platformId: tenant.platformId,
        organisationId: tenant.organisationIds[0],
        role: 'organisation_staff',
      });
      const session = await login(server.url, user);
      expect((await http(server.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);

      // The secret that was in the source until issue 6: a token it signs is worth nothing.
      const { sub, pid, oid, fam } = decodeJwt(session.token);
      const forged = await new SignJWT({ sub, pid, oid, fam })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('vigilo')
        .setAudience('vigilo:access')
        .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
        .sign(new TextEncoder().encode('development-only-secret-change-me-0123456789'));
      const refused = await http<{ code: string }>(server.url, 'GET', '/v1/users/@me', { token: forged });
      expect([refused.status, refused.body.code]).toEqual([403, 'TOKEN_INVALID']);

      expect(await mode(join(dataDir, 'secrets'))).toBe(0o700);
      expect(await mode(join(dataDir, 'secrets', 'jwt'))).toBe(0o600);
      expect(await mode(join(dataDir, 'secrets', 'secrets-keys'))).toBe(0o600);

      // Listening on loopback only: the machine's other addresses do not answer.
      const port = Number(new URL(server.url).port);
      const outside = Object.values(networkInterfaces())
        .flat()
        .filter((a) => a && a.family === 'IPv4' && !a.internal)
        .map((a) => a!.address);
      for (const address of outside) {
        const reached = await fetch(`http://${address}:${port}/v1/health-check`).then(
          () => true,
          () => false,
        );
        expect({ address, reached }).toEqual({ address, reached: false });
      }

      // The same secret after a restart: the session is still good.
      await server.stop();
      server = await startServer(env);
      expect((await http(server.url, 'GET', '/v1/users/@me', { token: session.token })).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 90_000);
});

describe('the embedded PostgreSQL', () => {
  it('has a generated password kept in the data folder (mode 600): postgres/postgres does not log in', async () => {
    const dataDir = await tempFolder('vigilo-pg');
    const pgServer = await embedded(dataDir, { port: await freePort() });
    expect(await mode(join(dataDir, 'secrets', 'postgres'))).toBe(0o600);
    expect(await canLogIn(pgServer.adminUrl('quick'))).toBe(true);
    expect(await canLogIn(`postgres://postgres:postgres@127.0.0.1:${pgServer.port}/quick`)).toBe(false);
  }, 60_000);

  it('replaces the old fixed password of a data folder made before', async () => {
    const dataDir = await tempFolder('vigilo-pg-legacy');
    const port = await freePort();
    const old = await embedded(dataDir, { port, password: 'postgres' });
    await old.stop();
    const now = await embedded(dataDir, { port });
    expect(await canLogIn(`postgres://postgres:postgres@127.0.0.1:${port}/quick`)).toBe(false);
    expect(await canLogIn(now.adminUrl('quick'))).toBe(true);
  }, 60_000);

  it('a second data folder started while the first runs gets another port, and keeps it', async () => {
    const first = await embedded(await tempFolder('vigilo-pg-one'));
    const secondDir = await tempFolder('vigilo-pg-two');
    const second = await embedded(secondDir);
    expect(second.port).not.toBe(first.port);
    expect(await rememberedPort(secondDir, 'postgres')).toBe(second.port);
    await second.stop();
    const again = await embedded(secondDir);
    expect(again.port).toBe(second.port);
  }, 90_000);
});

describe('a start-up that fails', () => {
  const main = join(repoRoot, 'server', 'src', 'main.ts');
  const expectOneSentence = (result: { code: number | null; stderr: string }, says: RegExp) => {
    expect(result.code).not.toBeNull(); // it ended by itself
    expect(result.code).not.toBe(0);
    const lines = result.stderr.split('\n').filter((l) => l.trim());
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Vigilo could not start: /);
    expect(lines[0]).toMatch(says);
    expect(lines[0]).not.toMatch(/undefined/);
  };

  it('says so in one sentence and exits non-zero: PostgreSQL unreachable', async () => {
    const closed = await freePort();
    const result = await runToExit(
      main,
      { DATABASE_URL: `postgres://someone@127.0.0.1:${closed}/vigilo` },
      30_000,
    );
    expectOneSentence(result, new RegExp(`Cannot reach PostgreSQL at 127\\.0\\.0\\.1:${closed}`));
  }, 40_000);

  it("says so in one sentence and exits non-zero: the data folder's PostgreSQL is already running", async () => {
    const dataDir = await tempFolder('vigilo-pg-busy');
    const busy = await embedded(dataDir);
    const result = await runToExit(
      main,
      { DATABASE_URL: undefined, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(busy.port) },
      30_000,
    );
    expectOneSentence(result, /already running/);
  }, 60_000);

  it('in production, refuses a DATABASE_URL whose role could rewrite the audit log (no runtime role)', async () => {
    const result = await runToExit(
      main,
      { NODE_ENV: 'production', DATABASE_URL: inject('ownerDatabaseUrl'), RUN_WORKER: 'false' },
      30_000,
    );
    expectOneSentence(result, /can rewrite the audit log.*MIGRATION_DATABASE_URL/);
  }, 40_000);

  it('says so in one sentence and exits non-zero: the fixed EMBEDDED_PG_PORT is taken', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as { port: number };
    try {
      const result = await runToExit(
        main,
        {
          DATABASE_URL: undefined,
          DATA_DIR: await tempFolder('vigilo-pg-port'),
          EMBEDDED_PG_PORT: String(port),
        },
        60_000,
      );
      expectOneSentence(result, new RegExp(`Port ${port} on 127\\.0\\.0\\.1 is already in use`));
    } finally {
      taken.close();
    }
  }, 70_000);
});
