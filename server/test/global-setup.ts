import type { TestProject } from 'vitest/node';
import { createDb, migrate } from '../src/platform/db.ts';
import { scratchDatabase } from './spawn.ts';

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
  const database = await scratchDatabase(process.env.TEST_DATABASE_URL, 'vigilo-test');
  const url = database.url;
  const db = createDb(url, 1);
  await migrate(db);
  await db.destroy();
  project.provide('databaseUrl', url);
  return database.stop;
}
