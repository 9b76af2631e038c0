import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot } from '../server/src/config.ts';
import { scratchDatabase, startServer } from '../server/test/spawn.ts';
import { chromiumPath, desktopChromiumPath, launchBrowserServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The e2e server's database, for journeys that read what a mail would carry (SMTP is unset). */
    databaseUrl: string;
    /** The run's one Chromium, for `connectBrowser`. */
    browserEndpoint: string;
  }
}

/** Starts the real server (demo data seeded) serving the built web app, and Chromium, once for the run. */
export default async function setup(project: TestProject) {
  // Fail at once, plainly, when a browser is missing.
  chromiumPath();
  desktopChromiumPath();
  if (!existsSync(join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` (npm run test:e2e does it for you).');
  }
  const database = await scratchDatabase(process.env.TEST_DATABASE_URL, 'vigilo-e2e');
  const server = await startServer({
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    RUN_WORKER: 'true',
    // Every journey signs in from 127.0.0.1: at 20 a minute the per-address limit is within
    // reach of the run's busiest minute (users, cases, E2B import, invite, TOTP, concurrency,
    // login in 60 s), where login.e2e's sign-in once failed. The limit and the throttle have their own
    // HTTP tests (server/src/modules/auth/throttle.test.ts), as in server/test/app.ts.
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    // The general per-address limit (1,200 a minute) counts every script and call of every
    // page the journeys open from 127.0.0.1; the run's busiest minute can pass it.
    RATE_LIMIT_PER_MINUTE: '100000',
    // The submissions journey sends to an HTTPS receiver it starts on localhost (decision 0170:
    // loopback is refused unless named here).
    OUTBOUND_ALLOWED_HOSTS: 'localhost',
  });
  const browser = await launchBrowserServer();
  project.provide('baseUrl', server.url);
  project.provide('databaseUrl', database.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await server.stop();
    await database.stop();
  };
}
