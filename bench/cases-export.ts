import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig, randomSecret } from '../server/src/config.ts';
import { runExport } from '../server/src/modules/files/exports.service.ts';
import { createDb } from '../server/src/platform/db.ts';

/**
 * One export job (EXPORT_ID) run by the job's own code in this process alone, so its peak RSS
 * is the export's: bench/cases.ts starts it and reads the last line it prints
 * (`{ms, peakRssMb, size}`). The file goes to a temporary local storage folder, then is removed.
 */
const dataDir = await mkdtemp(join(tmpdir(), 'vigilo-bench-export-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: process.env.DATABASE_URL,
  DATA_DIR: dataDir,
  JWT_SECRET: randomSecret(32),
});
const db = createDb(process.env.DATABASE_URL!, 2);
try {
  const started = performance.now();
  await runExport(db, config, { exportId: process.env.EXPORT_ID!, requestId: 'bench' });
  const ms = performance.now() - started;
  const row = await db
    .selectFrom('exports as e')
    .leftJoin('files as f', 'f.id', 'e.file_id')
    .select(['e.status', 'e.error', 'f.size'])
    .where('e.id', '=', process.env.EXPORT_ID!)
    .executeTakeFirstOrThrow();
  if (row.status !== 'done') throw new Error(`the export ended ${row.status}: ${row.error}`);
  const peakRssMb = (process.resourceUsage().maxRSS * 1024) / 1024 / 1024;
  console.log(JSON.stringify({ ms, peakRssMb, size: Number(row.size) }));
} finally {
  await db.destroy();
  await rm(dataDir, { recursive: true, force: true });
}
