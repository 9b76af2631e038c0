import type { TerminologyArrangement, TerminologyEntry } from '@vigilo/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, useTestApp } from '../../test/index.ts';
import { allowAnonymousReports } from './demo.ts';
import { seedDemoDictionary } from './demo-dictionary.ts';

const app = useTestApp();

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

describe('demo seed: a dictionary to arrange', () => {
  it('gives the organisation the routes of administration and their tree, once', async () => {
    const tenant = await createTenant(app.db);
    const organisation = { platformId: tenant.platformId, organisationId: tenant.organisationIds[0] };
    await seedDemoDictionary(app.db, organisation);
    await seedDemoDictionary(app.db, organisation);

    const admin = await createUser(app.db, { ...organisation, role: 'organisation_admin' });
    const { token } = await login(app.url, admin);
    const entries = await http<TerminologyEntry[]>(
      app.url,
      'GET',
      '/v1/terminology-entries?dictionary=routes-of-administration',
      { token },
    );
    expect(entries.status).toBe(200);
    expect(entries.body).toHaveLength(19);
    const byCode = new Map(entries.body.map((e) => [e.code, e]));
    expect(byCode.get('048')).toMatchObject({
      term: 'Oral',
      translations: { fr: 'Voie orale' },
      parentId: null,
    });
    expect(byCode.get('041')?.parentId).toBe(byCode.get('042')?.id);
    expect(byCode.get('042')?.parentId).toBe(byCode.get('051')?.id);

    const arrangements = await http<TerminologyArrangement[]>(
      app.url,
      'GET',
      '/v1/terminology-arrangements?dictionary=routes-of-administration',
      { token },
    );
    expect(arrangements.body.map((a) => a.name)).toEqual(['Routes on the reporting forms']);
    const items = arrangements.body[0]!.items;
    expect(items).toHaveLength(19);
    // Three levels: parenteral > intravenous > intravenous drip.
    const drip = items.find((i) => i.entryId === byCode.get('041')?.id);
    expect(drip?.parentEntryId).toBe(byCode.get('042')?.id);
    const codeOf = new Map(entries.body.map((e) => [e.id, e.code]));
    expect(items.filter((i) => !i.parentEntryId).map((i) => codeOf.get(i.entryId))).toEqual([
      '048',
      '051',
      '061',
      '055',
      '054',
      '067',
      '065',
    ]);

    // The other organisation of the platform has none of it.
    const neighbour = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[1],
      role: 'organisation_admin',
    });
    const theirs = await http<TerminologyEntry[]>(
      app.url,
      'GET',
      '/v1/terminology-entries?dictionary=routes-of-administration',
      { token: (await login(app.url, neighbour)).token },
    );
    expect(theirs.body).toEqual([]);
  });
});
