import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { scratchDatabase } from './spawn.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The runtime role's URL: what the app and the factories use. */
    databaseUrl: string;
    /** The owner's (superuser's) URL, for the few tests about what only the owner may do. */
    ownerDatabaseUrl: string;
    /** JWT_SECRET of the run's apps: random, never a constant in the source. */
    jwtSecret: string;
    /** SECRETS_KEYS of the run's apps: one random key. */
    secretsKeys: string;
  }
}

/**
 * One database for the whole run: TEST_DATABASE_URL (a superuser's URL, the one input),
 * or an embedded PostgreSQL in a temporary folder. Migrated once here by the owner;
 * tests run as the runtime role. Tests never clean tables, each makes its own tenant.
 */
export default async function setup(project: TestProject) {
  const database = await scratchDatabase(process.env.TEST_DATABASE_URL, 'vigilo-test');
  project.provide('databaseUrl', database.url);
  project.provide('ownerDatabaseUrl', database.ownerUrl);
  project.provide('jwtSecret', randomBytes(32).toString('base64url'));
  project.provide('secretsKeys', `run:${randomBytes(32).toString('base64url')}`);
  return database.stop;
}
