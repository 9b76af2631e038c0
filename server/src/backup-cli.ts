import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { takeBackup } from './backup/backup.ts';
import { restoreBackup } from './backup/restore.ts';
import { BackupError } from './backup/shared.ts';
import { loadConfig } from './config.ts';
import { newSecretsKeys } from './platform/secrets.ts';

/**
 * `npm run backup [-- --out <folder>]` and `npm run restore -- <folder>` (README "Backups",
 * decision 0332). Settings as for `npm start`: DATABASE_URL, MIGRATION_DATABASE_URL, DATA_DIR, STORAGE_*.
 */
const USAGE = 'usage: backup-cli.ts backup [--out <folder>] | restore <folder>';

async function main(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === 'backup') {
    const at = rest.indexOf('--out');
    if ((at >= 0 && !rest[at + 1]) || rest.length > (at >= 0 ? 2 : 0)) return usage();
    const out = at >= 0 ? rest[at + 1]! : join('backups', `vigilo-${stamp(new Date())}`);
    const config = loadConfig(withStandIns(process.env));
    const manifest = await takeBackup(config, process.env, out);
    const rows = Object.values(manifest.database.rows).reduce((a, b) => a + b, 0);
    const files =
      manifest.files.driver === 'local'
        ? `${manifest.files.count} files`
        : `files in bucket ${manifest.files.bucket} (not copied)`;
    console.log(
      `Backed up into ${out}: ${Object.keys(manifest.database.rows).length} tables, ${rows} rows, ${files}, secrets: ${manifest.secrets.files.join(', ') || 'none in the data folder'}.`,
    );
    if (manifest.secrets.fromEnvironment.length)
      console.log(
        `Not in the backup (given by the environment): ${manifest.secrets.fromEnvironment.join(', ')}. Keep them with it: without SECRETS_KEYS a restore cannot open stored secrets.`,
      );
    return 0;
  }
  if (verb === 'restore') {
    if (rest.length !== 1) return usage();
    const config = loadConfig(withStandIns(process.env));
    const restored = await restoreBackup(config, rest[0]!);
    console.log(
      `Restored ${rest[0]}: ${restored.tables} tables, ${restored.rows} rows and ${restored.files} files, each checked against the backup's manifest; audit trail verified (${restored.auditRows} rows); secrets: ${restored.secrets.join(', ') || 'none'}.`,
    );
    return 0;
  }
  return usage();
}

/**
 * The commands sign and seal nothing, but loadConfig asks for JWT_SECRET and SECRETS_KEYS: random
 * values stand in for those not set, so no secret is generated into DATA_DIR as `npm start` would
 * (a restore would then find the data folder's secrets different from the backup's).
 */
function withStandIns(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    ...env,
    JWT_SECRET: env.JWT_SECRET || randomBytes(48).toString('base64url'),
    SECRETS_KEYS: env.SECRETS_KEYS || newSecretsKeys(),
  };
}

function usage(): number {
  console.error(USAGE);
  return 2;
}

/** 2026-12-03T10:20:30.123Z → 20261203T102030Z */
const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof BackupError ? error.message : error);
    process.exitCode = 1;
  },
);
