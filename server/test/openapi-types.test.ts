import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi/document.ts';
import { openApiTypes, openApiTypesFile } from '../src/openapi/types.ts';
import { http, useTestApp } from './index.ts';

const app = useTestApp();

describe('the typed calls of client/ and web/', () => {
  it('are typed from what the server serves now: run `npm run api:types` after changing a route', async () => {
    const served = (await http(app.url, 'GET', '/v1/openapi.json')).body;
    const committed = await readFile(openApiTypesFile, 'utf8');
    // A plain equality, not a snapshot: the message says what to run, the diff shows what moved.
    expect(committed, 'client/src/openapi.ts is stale: run `npm run api:types`').toBe(
      await openApiTypes(served),
    );
  });

  it('`npm run api:types` builds the same document in-process as a running server serves', async () => {
    const served = (await http(app.url, 'GET', '/v1/openapi.json')).body;
    expect(await openApiDocument()).toEqual(served);
  });
});
