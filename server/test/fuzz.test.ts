import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  hostileString,
  type JsonSchema,
  type Pools,
  toJsonText,
  urlText,
  valueFor,
} from './fuzz/arbitraries.ts';
import { createTenant, createUser, http, sessionFor, type TestUser, useTestApp } from './index.ts';

/**
 * Generated requests over every operation of the OpenAPI document, as a platform
 * administrator and anonymously: strings with NUL bytes and lone surrogates, huge and odd
 * numbers, deep nesting, wrong types, in paths, queries, bodies and the request-id header.
 * No answer may be a 5xx. `FUZZ_RUNS` (requests per operation and caller, default 2) and
 * `FUZZ_SEED` make a bigger or different run: `FUZZ_RUNS=50 npx vitest run test/fuzz.test.ts`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}
interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
    >
  >;
}

interface GeneratedRequest {
  path: unknown[];
  query: Record<string, unknown>;
  body: unknown;
  requestId: string | undefined;
}

let operations: Operation[];
let admin: TestUser;
let pools: Pools;

const app = useTestApp();

beforeAll(async () => {
  const doc = (await http<OpenApi>(app.url, 'GET', '/v1/openapi.json')).body;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
  const tenant = await createTenant(app.db);
  admin = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: null,
    role: 'platform_admin',
  });
  const other = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[1],
    role: 'reporter',
  });
  pools = {
    uuids: [tenant.platformId, ...tenant.organisationIds, admin.id, other.id, randomUUID(), randomUUID()],
  };
});

function requestArbitrary(op: Operation): fc.Arbitrary<GeneratedRequest> {
  const inPath = op.parameters.filter((p) => p.in === 'path');
  const inQuery = op.parameters.filter((p) => p.in === 'query');
  const query = fc.record(Object.fromEntries(inQuery.map((p) => [p.name, valueFor(p.schema, pools)])), {
    requiredKeys: [],
  });
  return fc.record({
    path: fc.tuple(...inPath.map((p) => valueFor(p.schema, pools))),
    query,
    body: op.body ? fc.option(valueFor(op.body, pools), { freq: 8 }) : fc.constant(undefined),
    requestId: fc.option(
      fc.oneof(
        fc.uuid(),
        hostileString.filter((s) => /^[\x20-\x7e]{0,2000}$/.test(s)),
      ),
      {
        freq: 2,
      },
    ),
  });
}

function urlOf(op: Operation, req: GeneratedRequest): string {
  let i = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => urlText(req.path[i++]));
  const query = Object.entries(req.query)
    .filter(([, v]) => v !== undefined)
    .flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((item) => `${k}=${urlText(item)}`))
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** One raw HTTP request on its own connection (node:http: no client-side rewriting of the path or body). */
function send(
  path: string,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, path, method, headers, agent: false, timeout: 15_000 },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

describe('generated malformed requests over every operation', () => {
  it('never answer 5xx, as an administrator or anonymously', async () => {
    expect(operations.length).toBeGreaterThan(100);
    let requests = 0;
    const failures: string[] = [];
    for (const [index, op] of operations.entries()) {
      for (const caller of ['admin', 'anonymous'] as const) {
        const samples = fc.sample(requestArbitrary(op), {
          numRuns: RUNS,
          seed: SEED + index * 2 + (caller === 'admin' ? 0 : 1),
        });
        for (const req of samples) {
          const url = urlOf(op, req);
          const headers: Record<string, string> = { accept: 'application/json' };
          if (caller === 'admin') headers.authorization = `Bearer ${(await sessionFor(app, admin)).token}`;
          if (req.requestId !== undefined) headers['x-request-id'] = req.requestId;
          const body = req.body === undefined ? undefined : toJsonText(req.body);
          if (body !== undefined) headers['content-type'] = 'application/json';
          requests++;
          const res = await send(url, op.method, headers, body).catch((error: Error) => ({
            status: 599,
            text: error.message,
          }));
          if (res.status >= 500)
            failures.push(
              `${caller} ${op.method} ${url.slice(0, 200)} → ${res.status} ${res.text.slice(0, 200)}`,
            );
        }
      }
    }
    console.info(
      `fuzz: ${requests} requests over ${operations.length} operations (seed ${SEED}, ${RUNS} per operation and caller): ${failures.length} answers ≥ 500`,
    );
    expect(failures.slice(0, 30)).toEqual([]);
  }, 600_000);
});
