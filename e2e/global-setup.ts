import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../server/src/config.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';
import { chromiumPath } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's database, for journeys that read what a mail would carry (SMTP is unset). */
    databaseUrl: string;
  }
}

/** Starts the real server (demo data seeded) serving the built web app, once for the run. */
export default async function setup(project: TestProject) {
  chromiumPath(); // fail at once, plainly, when there is no browser
  if (!existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it for you).');
  }
  const database = await scratchDatabase(process.env.TEST_DATABASE_URL, 'vigilo-e2e');
  const server = await startServer({ DATABASE_URL: database.url, SEED_DEMO: 'true', RUN_WORKER: 'true' });
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', database.url);
  return async () => {
    await server.stop();
    await database.stop();
  };
}
