import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb, migrate } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One database for the whole run: TEST_DATABASE_URL, or an embedded PostgreSQL in a
 * temporary folder. Migrated once here; tests never clean tables, each makes its own tenant.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    const dataDir = await mkdtemp(join(tmpdir(), 'vigilo-test-'));
    // Run as root, PostgreSQL runs as its own user, which must reach the folder.
    await chmod(dataDir, 0o755);
    const port = 55_000 + Math.floor(Math.random() * 5_000);
    const embedded = await startEmbeddedPostgres({ dataDir, port, database: 'vigilo_test' });
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
  }
  const db = createDb(url, 1);
  await migrate(db);
  await db.destroy();
  project.provide('databaseUrl', url);
  return stop;
}
