import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, type Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config.ts';
import type { ChainHead } from '../platform/audit-chain.ts';

/** What `npm run backup` writes beside the dump, and `npm run restore` checks against (decision 0332). */
export interface Manifest {
  format: typeof MANIFEST_FORMAT;
  createdAt: string;
  database: {
    serverVersion: string;
    /** The last migration applied when the backup was taken. */
    lastMigration: string | null;
    dump: { name: string; bytes: number; sha256: string };
    /** Rows of every table in the dump's snapshot, "schema.table" → count. */
    rows: Record<string, number>;
  };
  /** The audit chains as verified in the dump's snapshot: a restore must verify through the same heads. */
  audit: { ok: boolean; rows: number; heads: Record<string, ChainHead> };
  files:
    | { driver: 'local'; count: number; bytes: number; list: FileEntry[] }
    | { driver: 's3'; bucket: string; note: string };
  secrets: { files: string[]; fromEnvironment: string[] };
}

export interface FileEntry {
  /** Path under the storage root, with forward slashes. */
  path: string;
  bytes: number;
  sha256: string;
}

export const MANIFEST_FORMAT = 'vigilo-backup/1';
export const DUMP_NAME = 'database.dump';

/** A failure the command explains in words (exit code 1, no stack trace). */
export class BackupError extends Error {}

/** The owner's connection: migrations' role, which may read every table and create them on restore. */
export function ownerUrlOf(config: Config, verb: 'back up' | 'restore'): string {
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (!url)
    throw new BackupError(
      `npm run ${verb === 'back up' ? 'backup' : 'restore'} works on your own PostgreSQL: set DATABASE_URL (and ` +
        `MIGRATION_DATABASE_URL for the owner role). The quick start's embedded database is for trying Vigilo: ` +
        `to keep it, stop Vigilo and copy its data folder (${config.dataDir}) as a whole.`,
    );
  return url;
}

const run = promisify(execFile);

/** pg_dump or pg_restore from PG_BIN, else from PATH. */
export const pgTool = (name: 'pg_dump' | 'pg_restore') =>
  process.env.PG_BIN ? join(process.env.PG_BIN, name) : name;

/** Runs a PostgreSQL tool; its stderr becomes the error's words. */
export async function runPgTool(name: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  try {
    await run(pgTool(name), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new BackupError(
        `${name} was not found: install PostgreSQL's client tools or set PG_BIN to their folder.`,
      );
    throw new BackupError(`${name} failed: ${(e.stderr || e.message).trim()}`);
  }
}

/**
 * pg_dump refuses a server newer than itself; say so before starting, with what to install.
 * Answers the server's version text.
 */
export async function checkToolVersion(client: pg.Client, name: 'pg_dump' | 'pg_restore'): Promise<string> {
  const server = (
    await client.query<{ v: string; n: string }>(
      'SELECT current_setting($1) AS v, current_setting($2) AS n',
      ['server_version', 'server_version_num'],
    )
  ).rows[0]!;
  const serverMajor = Math.floor(Number(server.n) / 10000);
  let text: string;
  try {
    text = (await run(pgTool(name), ['--version'])).stdout;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        `${name} was not found: install PostgreSQL's client tools or set PG_BIN to their folder.`,
      );
    throw error;
  }
  const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(text)?.[1]);
  if (!(toolMajor >= serverMajor))
    throw new BackupError(
      `${name} ${toolMajor} cannot work with PostgreSQL ${serverMajor}: install postgresql-client-${serverMajor} or set PG_BIN to its folder.`,
    );
  return server.v;
}

/** Every table of the app's schemas (its own and pg-boss's), as "schema.table", in name order. */
export async function tableNames(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname IN ('public', 'pgboss') AND NOT c.relispartition
      ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

/** Rows of each table, counted in the client's current transaction. */
export async function rowCounts(client: pg.Client, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [schema, name] = table.split('.') as [string, string];
    const quoted = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted}`);
    counts[table] = Number(rows[0]!.n);
  }
  return counts;
}

export async function lastMigration(client: pg.Client): Promise<string | null> {
  const exists = await client.query(`SELECT to_regclass('public.kysely_migration') AS t`);
  if (!exists.rows[0].t) return null;
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1',
  );
  return rows[0]?.name ?? null;
}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The files under `root` (none when it does not exist), with sizes and digests, in path order. */
export async function listFiles(root: string): Promise<FileEntry[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(root, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const list: FileEntry[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    const { size } = await stat(full);
    list.push({ path: relative(root, full).split(sep).join('/'), bytes: size, sha256: await sha256Of(full) });
  }
  return list.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
