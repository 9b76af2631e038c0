import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { createDb, type Db } from '../src/platform/db.ts';
import { ensureRuntimeRole, runtimeRoleFor } from '../src/platform/roles.ts';
import { NODE_FLAGS } from '../src/runtime-flags.ts';
import { adrCase } from './case-documents.ts';
import { createTenant, createUser, login } from './factories.ts';
import { png } from './files.ts';
import { prepareTestDatabase, type Started, startServer, tempFolder } from './spawn.ts';

/**
 * Issue 28 item 4: `npm run backup` and `npm run restore` (README "Backups", decision 0332). A report
 * with a photo is sent to a running server through the API; the backup is restored into a new
 * database and a new data folder; a server started on them serves the same report and photo to the
 * session the first server issued (so the secrets came back), and every table has the rows it had.
 */

const admin = inject('ownerDatabaseUrl');
const photo = png(3000);
const narrative = `Lips swelled an hour after the first tablet (${randomUUID()})`;
const run = promisify(execFile);
const cli = join(repoRoot, 'server', 'src', 'backup-cli.ts');
// The app's own tables; pg-boss's change by themselves while a server runs.
const PUBLIC_TABLES = `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`;

const databases: string[] = [];
const folders: string[] = [];
const servers: Started[] = [];

async function sql<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server: its owner's URL. */
async function newDatabase(): Promise<string> {
  const name = `vigilo_backup_${randomUUID().slice(0, 8)}`;
  await sql(admin, `CREATE DATABASE ${name}`);
  databases.push(name);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

async function folder(prefix: string) {
  const made = await tempFolder(prefix);
  folders.push(made);
  return made;
}

/** Runs the backup command as `npm run` does; answers its exit code and words. */
async function command(args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...NODE_FLAGS, '--import', 'tsx', cli, ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, NODE_ENV: 'test', ...env },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

async function counts(url: string) {
  const out: Record<string, number> = {};
  for (const { tablename } of await sql<{ tablename: string }>(url, PUBLIC_TABLES))
    out[tablename] = Number(
      (await sql<{ n: string }>(url, `SELECT count(*) AS n FROM "${tablename}"`))[0]!.n,
    );
  return out;
}

const toolMajor = async () => Number(/(\d+)/.exec((await run('pg_dump', ['--version'])).stdout)?.[1]);
const serverMajor = async () =>
  Math.floor(
    Number((await sql<{ n: string }>(admin, "SELECT current_setting('server_version_num') AS n"))[0]!.n) /
      10000,
  );

let usable = false;
let source: { admin: string; runtime: string; data: string; server: Started & { url: string }; db: Db };
let reportId: string;
let token: string;
let staffToken: string;
let backup: string;

beforeAll(async () => {
  // pg_dump refuses a server newer than itself: the embedded PostgreSQL 18 of a run without
  // TEST_DATABASE_URL has no pg_dump beside it on Debian 12 (CI's server is the machine's 15).
  usable = await toolMajor().then(
    async (tool) => tool >= (await serverMajor()),
    () => false,
  );
  if (!usable) return;
  const sourceAdmin = await newDatabase();
  const runtime = await prepareTestDatabase(sourceAdmin);
  const data = await folder('vigilo-backup-source');
  // No JWT_SECRET or SECRETS_KEYS: the server keeps its own in DATA_DIR/secrets, which the backup takes.
  const server = await startServer({
    DATABASE_URL: runtime,
    DATA_DIR: data,
    JWT_SECRET: undefined,
    SECRETS_KEYS: undefined,
    SEED_DEMO: 'false',
    RUN_WORKER: 'false',
  });
  servers.push(server);
  const db = createDb(runtime, 2);
  source = { admin: sourceAdmin, runtime, data, server, db };
  const tenant = await createTenant(db);
  const reporter = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0]!,
    role: 'reporter',
  });
  token = (await login(server.url, reporter)).token;
  const staff = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0]!,
    role: 'organisation_staff',
  });
  staffToken = (await login(server.url, staff)).token;
  const form = new FormData();
  form.append(
    'report',
    JSON.stringify({ report: adrCase({ narrative }), attachmentFields: [{ id: 'photo-1' }] }),
  );
  form.append('photo-1', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'lips.png');
  const posted = await fetch(`${server.url}/v1/report/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(posted.status).toBe(201);
  reportId = ((await posted.json()) as { id: string }).id;
  backup = join(await folder('vigilo-backup-out'), 'backup');
}, 180_000);

afterAll(async () => {
  for (const server of servers) await server.stop();
  await source?.db.destroy();
  for (const name of databases) await sql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const made of folders) await rm(made, { recursive: true, force: true });
});

describe('npm run backup, then npm run restore into a new database and folder', () => {
  it('restores every row, the photo byte for byte and the secrets; a server on it serves the report', async (ctx) => {
    if (!usable) return ctx.skip();
    const env = { DATABASE_URL: source.runtime, MIGRATION_DATABASE_URL: source.admin, DATA_DIR: source.data };
    const taken = await command(['backup', '--out', backup], env);
    expect(taken.out).toMatch(
      /^Backed up into .*: \d+ tables, \d+ rows, 1 files, secrets: jwt, secrets-keys\./,
    );
    expect(taken.code).toBe(0);
    const before = await counts(source.admin);

    const targetAdmin = await newDatabase();
    const role = runtimeRoleFor(new URL(targetAdmin).pathname.slice(1));
    const targetRuntime = await ensureRuntimeRole(targetAdmin, role, randomUUID());
    const data = await folder('vigilo-backup-target');
    const restored = await command(['restore', backup], {
      DATABASE_URL: targetRuntime,
      MIGRATION_DATABASE_URL: targetAdmin,
      DATA_DIR: data,
    });
    expect(restored.out).toContain('Restored');
    expect(restored.code).toBe(0);
    // The same rows, and the restore's own verification of the audit trail recorded beside them.
    expect(await counts(targetAdmin)).toEqual({
      ...before,
      audit_verifications: before.audit_verifications! + 1,
    });
    // Every audit row is in a chain that verifies through the heads the backup verified.
    expect(restored.out).toContain(`audit trail verified (${before.audit_log} rows)`);
    expect(before.audit_log).toBeGreaterThan(0);
    expect(before.reports).toBe(1);
    expect(before.files).toBe(1);
    for (const name of ['jwt', 'secrets-keys'])
      expect(await readFile(join(data, 'secrets', name), 'utf8')).toBe(
        await readFile(join(source.data, 'secrets', name), 'utf8'),
      );

    const server = await startServer({
      DATABASE_URL: targetRuntime,
      DATA_DIR: data,
      JWT_SECRET: undefined,
      SECRETS_KEYS: undefined,
      SEED_DEMO: 'false',
      RUN_WORKER: 'false',
    });
    servers.push(server);
    // The first server's session: the restored JWT secret accepts it.
    const read = await fetch(`${server.url}/v1/reports/${reportId}`, {
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(read.status).toBe(200);
    const report = (await read.json()) as {
      report: { H: { narrative: string } };
      organisationId: string;
    };
    expect(report.report.H.narrative).toBe(narrative);
    // The photo, through the restored server's own download link.
    const listed = await fetch(
      `${server.url}/v1/files/organisation/${report.organisationId}?reportId=${reportId}`,
      {
        headers: { authorization: `Bearer ${staffToken}` },
      },
    );
    const [stored] = (await listed.json()) as { downloadUrl: string }[];
    const file = await fetch(stored!.downloadUrl);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
  }, 240_000);

  it('refuses a database that is not empty, and changes nothing in it', async (ctx) => {
    if (!usable) return ctx.skip();
    const before = await counts(source.admin);
    const refused = await command(['restore', backup], {
      DATABASE_URL: source.runtime,
      MIGRATION_DATABASE_URL: source.admin,
      DATA_DIR: await folder('vigilo-backup-other'),
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('The database is not empty');
    expect(await counts(source.admin)).toEqual(before);
  }, 120_000);

  it('refuses a backup whose file was altered, before writing anything', async (ctx) => {
    if (!usable) return ctx.skip();
    const [stored] = await readdir(join(backup, 'files'), { recursive: true, withFileTypes: true }).then(
      (e) => e.filter((f) => f.isFile()),
    );
    const path = join(stored!.parentPath, stored!.name);
    const original = await readFile(path);
    const altered = Buffer.from(original);
    altered.writeUInt8(altered.readUInt8(altered.length - 1) ^ 0xff, altered.length - 1);
    await writeFile(path, altered);
    try {
      const target = await newDatabase();
      const data = await folder('vigilo-backup-altered');
      const refused = await command(['restore', backup], { DATABASE_URL: target, DATA_DIR: data });
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/differ from its manifest at /);
      expect(await sql(target, PUBLIC_TABLES)).toEqual([]);
      expect(await readdir(data)).toEqual([]);
    } finally {
      await writeFile(path, original);
    }
  }, 120_000);

  it('refuses to write into a folder that is not empty, and names the embedded database’s way', async (ctx) => {
    if (!usable) return ctx.skip();
    const env = { DATABASE_URL: source.runtime, MIGRATION_DATABASE_URL: source.admin, DATA_DIR: source.data };
    const again = await command(['backup', '--out', backup], env);
    expect(again.code).toBe(1);
    expect(again.out).toContain('is not empty: a backup goes into a new folder');
    const embedded = await command(['backup', '--out', join(backup, 'x')], { DATA_DIR: source.data });
    expect(embedded.code).toBe(1);
    expect(embedded.out).toContain('stop Vigilo and copy its data folder');
    expect((await command(['backup', '--out'], env)).code).toBe(2);
  }, 120_000);
});
