import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestApp, type TestApp } from '../../test/index.ts';
import { allowAnonymousReports } from './demo.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

// On a platform of its own, not the demo's: other test files seed the demo at the same time.
describe('demo seed: anonymous public reports', () => {
  it('switches them on once, and keeps an administrator’s "off" across restarts', async () => {
    const tenant = await createTenant(app.db);
    const setting = async () =>
      (
        await app.db
          .selectFrom('platforms')
          .select(sql<unknown>`server_configuration -> 'anonymousReports'`.as('value'))
          .where('id', '=', tenant.platformId)
          .executeTakeFirstOrThrow()
      ).value;
    expect(await setting()).toBe(null);
    await allowAnonymousReports(app.db, tenant.platformId);
    expect(await setting()).toBe(true);

    await app.db
      .updateTable('platforms')
      .set({ server_configuration: sql`server_configuration || '{"anonymousReports": false}'::jsonb` })
      .where('id', '=', tenant.platformId)
      .execute();
    await allowAnonymousReports(app.db, tenant.platformId);
    expect(await setting()).toBe(false);
  });
});
