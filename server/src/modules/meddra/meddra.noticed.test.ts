import type { MeddraPath } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, useTestApp } from '../../../test/index.ts';
import { importedRelease } from '../../../test/meddra.ts';

/**
 * The typo-tolerant search keeps to the caller's choice of non-current LLTs (issue 27). In
 * the synthetic release, 90400002 "Head pressure feeling" is the non-current LLT; "presure"
 * starts no word, so only the one-typo path finds "pressure".
 */
let token: string;
let versionId: string;

const app = useTestApp();

beforeAll(async () => {
  const tenant = await createTenant(app.db);
  versionId = (await importedRelease(app, (await signedIn(app, tenant, 'system_admin')).token)).id;
  token = (await signedIn(app, tenant, 'organisation_staff', 0)).token;
});

const search = async (query: string, extra = '') =>
  (
    await http<MeddraPath[]>(
      app.url,
      'GET',
      `/v1/meddras/search?versionId=${versionId}&query=${encodeURIComponent(query)}${extra}`,
      { token },
    )
  ).body.map((h) => [h.llt?.code, h.llt?.current]);

describe('the typo-tolerant MedDRA search', () => {
  it('finds the non-current LLT through a typo by default, marked as such', async () => {
    expect(await search('presure feeling')).toEqual([[90400002, false]]);
  });

  it('leaves non-current LLTs out of the typo path when asked', async () => {
    expect(await search('presure feeling', '&includeNonCurrent=false')).toEqual([]);
  });
});
