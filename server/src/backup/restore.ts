import { chmod, cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { verifyAndRecord } from '../platform/audit-chain.ts';
import { dbTimeouts, prepareSchema } from '../platform/database.ts';
import { createDb } from '../platform/db.ts';
import {
  BackupError,
  checkToolVersion,
  connect,
  DUMP_NAME,
  type FileEntry,
  listFiles,
  MANIFEST_FORMAT,
  type Manifest,
  ownerUrlOf,
  rowCounts,
  runPgTool,
  sha256Of,
  tableNames,
} from './shared.ts';

export interface Restored {
  tables: number;
  rows: number;
  files: number;
  secrets: string[];
  auditRows: number;
}

/**
 * `npm run restore <folder>`: into an empty database and an empty file store only (never over
 * data), after checking the dump's digest; then each table's rows and each file's digest are
 * compared with the manifest, and the runtime role gets its grants as at start-up.
 * Everything that could refuse is checked before anything is written.
 */
export async function restoreBackup(config: Config, folder: string): Promise<Restored> {
  const manifest = await readManifest(folder);
  const ownerUrl = ownerUrlOf(config, 'restore');
  const dumpFile = join(folder, manifest.database.dump.name);
  if ((await sha256Of(dumpFile).catch(() => null)) !== manifest.database.dump.sha256)
    throw new BackupError(`${dumpFile} is missing or differs from the one the backup wrote: not restored.`);
  const storageRoot = config.storage.driver === 'local' ? config.storage.root : null;
  if (manifest.files.driver === 'local') {
    if (!storageRoot) throw new BackupError('The backup holds local files but STORAGE_DRIVER is not local.');
    if ((await readdir(storageRoot).catch(() => [])).length)
      throw new BackupError(`The file store ${storageRoot} is not empty: a restore goes into an empty one.`);
    const inBackup = await listFiles(join(folder, 'files'));
    const differ = firstDifference(manifest.files.list, inBackup);
    if (differ)
      throw new BackupError(`The backup's files differ from its manifest at ${differ}: not restored.`);
  }
  const secretsDir = join(config.dataDir, 'secrets');
  const secrets: Record<string, string> = {};
  for (const name of manifest.secrets.files) {
    const value = await readFile(join(folder, 'secrets', name), 'utf8');
    const present = await readFile(join(secretsDir, name), 'utf8').catch(() => null);
    if (present !== null && present !== value)
      throw new BackupError(
        `${join(secretsDir, name)} holds another secret: restore into a new data folder.`,
      );
    secrets[name] = value;
  }

  const client = await connect(ownerUrl);
  try {
    await checkToolVersion(client, 'pg_restore');
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    if (Number(rows[0]!.n) > 0)
      throw new BackupError(
        'The database is not empty: a restore goes into a new, empty database (createdb).',
      );
    // Owners and grants are the target's own: the runtime role gets its grants below, as at start.
    await runPgTool('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${ownerUrl}`,
      dumpFile,
    ]);
    const counted = await rowCounts(client, await tableNames(client));
    const differ = Object.keys({ ...counted, ...manifest.database.rows }).find(
      (t) => counted[t] !== manifest.database.rows[t],
    );
    if (differ)
      throw new BackupError(
        `After the restore ${differ} has ${counted[differ] ?? 'no'} rows, the backup ${manifest.database.rows[differ] ?? 'none'}.`,
      );
  } finally {
    await client.end();
  }

  if (manifest.files.driver === 'local' && storageRoot && manifest.files.count) {
    await mkdir(storageRoot, { recursive: true });
    await cp(join(folder, 'files'), storageRoot, { recursive: true });
    const differ = firstDifference(manifest.files.list, await listFiles(storageRoot));
    if (differ) throw new BackupError(`The restored file store differs from the backup at ${differ}.`);
  }
  if (Object.keys(secrets).length) {
    await mkdir(secretsDir, { recursive: true, mode: 0o700 });
    await chmod(secretsDir, 0o700);
    for (const [name, value] of Object.entries(secrets))
      await writeFile(join(secretsDir, name), value, { mode: 0o600 });
  }
  const runtimeUrl = config.databaseUrl ?? ownerUrl;
  await prepareSchema(ownerUrl, runtimeUrl, dbTimeouts(config));
  const audit = await auditAfterRestore(ownerUrl, manifest);
  return {
    tables: Object.keys(manifest.database.rows).length,
    rows: Object.values(manifest.database.rows).reduce((a, b) => a + b, 0),
    files: manifest.files.driver === 'local' ? manifest.files.count : 0,
    secrets: Object.keys(secrets),
    auditRows: audit.rows,
  };
}

/** The restored audit chains verify, through the heads the backup verified, with as many rows. */
async function auditAfterRestore(ownerUrl: string, manifest: Manifest) {
  const db = createDb(ownerUrl, 1);
  try {
    // Recorded as a verification, so the restored system's health check names its position.
    const report = await verifyAndRecord(db, 'restore', manifest.audit.heads);
    const first = report.breaks[0];
    if (!report.ok)
      throw new BackupError(
        `The restored audit trail does not verify: first broken row ${first?.auditId} (${first?.problem}).`,
      );
    if (report.rows !== manifest.audit.rows)
      throw new BackupError(
        `The restored audit trail has ${report.rows} rows in its chains, the backup ${manifest.audit.rows}.`,
      );
    return report;
  } finally {
    await db.destroy();
  }
}

async function readManifest(folder: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(folder, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new BackupError(`${folder} holds no readable manifest.json: is it a folder npm run backup wrote?`);
  }
  if (manifest.format !== MANIFEST_FORMAT || manifest.database?.dump?.name !== DUMP_NAME)
    throw new BackupError(`${folder}/manifest.json is not a ${MANIFEST_FORMAT} manifest.`);
  return manifest;
}

/** The first path where two file lists differ (missing, extra, other size or digest), or null. */
function firstDifference(expected: FileEntry[], found: FileEntry[]): string | null {
  const byPath = new Map(found.map((f) => [f.path, f]));
  for (const f of expected) {
    const other = byPath.get(f.path);
    if (!other || other.bytes !== f.bytes || other.sha256 !== f.sha256) return f.path;
    byPath.delete(f.path);
  }
  return byPath.keys().next().value ?? null;
}
