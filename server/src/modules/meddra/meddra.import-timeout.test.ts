import type { MeddraVersion } from '@vigilo/contract';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTenant, http, useTestApp } from '../../../test/index.ts';
import { releaseForm, syntheticRelease } from '../../../test/meddra.ts';
import { signedIn } from '../../../test/sessions.ts';
import { createDb } from '../../platform/db.ts';
import { findVersion } from './meddra.repository.ts';
import { runMeddraImport } from './meddra.service.ts';

/**
 * Issue 29: an import must never hit the request statement time-out. Its job runs here on a
 * pool whose statements may take 300 ms (read deadline 800 ms), while another session holds the
 * prefix table for 1.5 s: the import's INSERT waits for it under its own limit and the release
 * is ready. A request's statement on the same pool is still ended at 300 ms.
 */
const app = useTestApp();
const limited = createDb(inject('databaseUrl'), 2, { connectMs: 500, statementMs: 300 });
const owner = createDb(inject('ownerDatabaseUrl'), 1);
afterAll(async () => {
  await limited.destroy();
  await owner.destroy();
});

describe('the MedDRA import and the statement time-out', () => {
  it('waits past the request limit inside its own transaction and finishes; the pool keeps its limit', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'system_admin');
    const { files } = syntheticRelease();
    const res = await http<MeddraVersion>(app.url, 'POST', '/v1/meddras/versions', {
      token,
      form: releaseForm(files),
    });
    expect(res.status).toBe(202);
    let imported!: Promise<void>;
    await owner.transaction().execute(async (tx) => {
      await sql`LOCK TABLE meddra_llt_prefixes IN SHARE MODE`.execute(tx);
      imported = runMeddraImport(limited, { versionId: res.body.id, requestId: 'test', actorUserId: null });
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    await imported;
    const version = await findVersion(app.db, res.body.id);
    expect({ status: version?.status, progress: version?.progress }).toEqual({
      status: 'ready',
      progress: 100,
    });
    // After the import's transactions, the pool's own limit holds again on the same connections.
    const slow = await sql`SELECT pg_sleep(1)`.execute(limited).then(
      () => null,
      (error: { code?: string }) => error.code,
    );
    expect(slow).toBe('57014');
  });
});
