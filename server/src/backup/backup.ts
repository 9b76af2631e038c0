import { chmod, cp, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { verifyAuditChain } from '../platform/audit-chain.ts';
import { createDb } from '../platform/db.ts';
import {
  BackupError,
  checkToolVersion,
  connect,
  DUMP_NAME,
  lastMigration,
  listFiles,
  MANIFEST_FORMAT,
  type Manifest,
  ownerUrlOf,
  rowCounts,
  runPgTool,
  sha256Of,
  tableNames,
} from './shared.ts';

/** Names of the secrets the quick start keeps in DATA_DIR/secrets, and the settings that replace them. */
const SECRET_SETTINGS: Record<string, string> = { jwt: 'JWT_SECRET', 'secrets-keys': 'SECRETS_KEYS' };

/**
 * `npm run backup`: the database (pg_dump, custom format) from one snapshot whose row counts the
 * manifest records, then the file store and the secrets folder, into a new folder (mode 700: it
 * holds the keys). Files are copied after the dump, so every file the dump names is there.
 */
export async function takeBackup(config: Config, env: NodeJS.ProcessEnv, out: string): Promise<Manifest> {
  const ownerUrl = ownerUrlOf(config, 'back up');
  if ((await readdir(out).catch(() => [])).length > 0)
    throw new BackupError(`${out} is not empty: a backup goes into a new folder.`);
  await mkdir(out, { recursive: true, mode: 0o700 });
  await chmod(out, 0o700);

  const client = await connect(ownerUrl);
  let database: Manifest['database'];
  let audit: Manifest['audit'];
  let createdAt: string;
  try {
    const serverVersion = await checkToolVersion(client, 'pg_dump');
    // The counts and the dump read the same snapshot: a write in between is in neither.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const snapshot = (await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id')).rows[0]!.id;
    const rows = await rowCounts(client, await tableNames(client));
    const migration = await lastMigration(client);
    // The database's clock at the snapshot: the moment the backup holds.
    createdAt = (await client.query<{ at: Date }>('SELECT now() AS at')).rows[0]!.at.toISOString();
    audit = await chainsIn(ownerUrl, snapshot);
    const dumpFile = join(out, DUMP_NAME);
    await runPgTool('pg_dump', [
      '--format=custom',
      `--snapshot=${snapshot}`,
      `--file=${dumpFile}`,
      `--dbname=${ownerUrl}`,
    ]);
    await client.query('COMMIT');
    database = {
      serverVersion,
      lastMigration: migration,
      dump: { name: DUMP_NAME, bytes: (await stat(dumpFile)).size, sha256: await sha256Of(dumpFile) },
      rows,
    };
  } finally {
    await client.end();
  }

  let files: Manifest['files'];
  if (config.storage.driver === 'local') {
    const list = await listFiles(config.storage.root);
    if (list.length) await cp(config.storage.root, join(out, 'files'), { recursive: true });
    files = { driver: 'local', count: list.length, bytes: list.reduce((n, f) => n + f.bytes, 0), list };
  } else {
    files = {
      driver: 's3',
      bucket: config.storage.bucket,
      note: 'Files stay in the bucket: keep it with the bucket’s own versioning or replication.',
    };
  }

  const secretsDir = join(config.dataDir, 'secrets');
  const kept = (await readdir(secretsDir).catch(() => [])).sort();
  if (kept.length) await cp(secretsDir, join(out, 'secrets'), { recursive: true });
  const fromEnvironment = Object.entries(SECRET_SETTINGS)
    .filter(([name, setting]) => !kept.includes(name) && env[setting])
    .map(([, setting]) => setting);

  const manifest: Manifest = {
    format: MANIFEST_FORMAT,
    createdAt,
    database,
    audit,
    files,
    secrets: { files: kept, fromEnvironment },
  };
  await writeFile(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  return manifest;
}

/** The audit chains verified in the exported snapshot, on a connection of their own. */
async function chainsIn(ownerUrl: string, snapshot: string): Promise<Manifest['audit']> {
  if (!/^[0-9A-F-]+$/i.test(snapshot)) throw new Error(`unexpected snapshot id ${snapshot}`);
  const db = createDb(ownerUrl, 1);
  try {
    return await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (tx) => {
        await sql.raw(`SET TRANSACTION SNAPSHOT '${snapshot}'`).execute(tx);
        const report = await verifyAuditChain(tx);
        return { ok: report.ok, rows: report.rows, heads: report.heads };
      });
  } finally {
    await db.destroy();
  }
}
