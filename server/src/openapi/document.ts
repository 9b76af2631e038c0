import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createDb } from '../platform/db.ts';
import type { Jobs } from '../platform/jobs.ts';

/**
 * The OpenAPI document exactly as the server serves it at /v1/openapi.json, made in-process
 * without a database: building the app registers every route, and no route runs. The pool
 * behind `db` connects on the first query, which never comes; jobs are never sent.
 */
export async function openApiDocument(): Promise<unknown> {
  const config = loadConfig({
    NODE_ENV: 'test',
    // Random each time: no secret in the source, even for an app that never signs anything.
    JWT_SECRET: randomBytes(32).toString('base64url'),
    WEB_DIST: 'test/no-web',
  });
  const db = createDb('postgres://127.0.0.1:1/none', 1);
  const jobs: Jobs = {
    send: () => Promise.reject(new Error('no jobs while writing the OpenAPI document')),
    work: () => Promise.resolve(),
    check: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
  const app = await buildApp({ config, db, jobs });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await db.destroy();
  }
}
