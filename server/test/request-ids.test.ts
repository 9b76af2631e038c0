import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { logClientRequestId } from '../src/platform/request-ids.ts';
import { createTenant, createUser, http, useTestApp } from './index.ts';

// Issue #6 item 10: the request id is always the server's; a client's x-request-id is kept
// apart (audit `client_request_id`, log lines) and only when it is a plain token.

const app = useTestApp();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A failed sign-in: an audited request anyone can make. */
async function failedLogin(headers: Record<string, string>) {
  const tenant = await createTenant(app.db);
  const user = await createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
  const res = await http(app.url, 'POST', '/v1/login', {
    body: { email: user.email, password: 'not the password', platformId: user.platformId },
    headers,
  });
  expect(res.status).toBe(401);
  const rows = await app.db
    .selectFrom('audit_log')
    .select(['action', 'request_id', 'client_request_id'])
    .where('entity_id', '=', user.id)
    .execute();
  return { res, rows };
}

describe('request ids', () => {
  it('are made by the server, one per request, and answered in x-request-id', async () => {
    const [one, two] = await Promise.all([
      http(app.url, 'GET', '/v1/health-check'),
      http(app.url, 'GET', '/v1/health-check'),
    ]);
    expect(one.headers.get('x-request-id')).toMatch(UUID);
    expect(two.headers.get('x-request-id')).toMatch(UUID);
    expect(one.headers.get('x-request-id')).not.toBe(two.headers.get('x-request-id'));
  });

  it("never take the client's x-request-id: not in the answer nor the audit row", async () => {
    const chosen = '00000000-0000-4000-8000-000000000000';
    const missing = await http(app.url, 'GET', '/v1/no-such-route', {
      headers: { 'x-request-id': chosen },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-request-id')).toMatch(UUID);
    expect(missing.headers.get('x-request-id')).not.toBe(chosen);

    const { res, rows } = await failedLogin({ 'x-request-id': chosen });
    const serverId = res.headers.get('x-request-id');
    expect(serverId).not.toBe(chosen);
    expect(rows).toEqual([
      { action: 'auth.sign_in_failed', request_id: serverId, client_request_id: chosen },
    ]);
  });

  it('keeps a plain client id apart, and drops one that is not a plain token', async () => {
    const plain = 'trace.Client_42-a';
    const kept = await failedLogin({ 'x-request-id': plain });
    expect(kept.rows).toEqual([
      {
        action: 'auth.sign_in_failed',
        request_id: kept.res.headers.get('x-request-id'),
        client_request_id: plain,
      },
    ]);
    for (const odd of ['a'.repeat(65), 'two words', "x'; DROP TABLE audit_log; --", 'ünïcode', 'a/b', '']) {
      const dropped = await failedLogin({ 'x-request-id': odd });
      expect(dropped.res.headers.get('x-request-id')).toMatch(UUID);
      expect(dropped.rows, odd).toEqual([
        {
          action: 'auth.sign_in_failed',
          request_id: dropped.res.headers.get('x-request-id'),
          client_request_id: null,
        },
      ]);
    }
  });

  it("names a plain client id in the request's log lines, and nothing else", () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino(sink);
    logClientRequestId(logger, { reqId: 'server-id' }, {}, { headers: { 'x-request-id': 'trace-7' } }).info(
      'a',
    );
    logClientRequestId(
      logger,
      { reqId: 'server-id' },
      {},
      { headers: { 'x-request-id': 'not plain!' } },
    ).info('b');
    expect(lines).toMatchObject([
      { reqId: 'server-id', clientRequestId: 'trace-7', msg: 'a' },
      { reqId: 'server-id', msg: 'b' },
    ]);
    expect(lines[1]).not.toHaveProperty('clientRequestId');
  });

  it('writes at the levels the app logs at, with the ids, and nothing below them (the child is made on first use)', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const logger = pino({ level: 'warn' }, sink);
    const log = logClientRequestId(logger, { reqId: 'r-1' }, {}, { headers: { 'x-request-id': 'trace-8' } });
    log.info('not written');
    log.debug('not written');
    expect(log.level).toBe('warn');
    log.warn({ code: 'X' }, 'written');
    log.info('still not written');
    log.error('also written');
    log.child({ step: 'inner' }).warn('from a child');
    expect(lines).toMatchObject([
      { level: 40, reqId: 'r-1', clientRequestId: 'trace-8', code: 'X', msg: 'written' },
      { level: 50, reqId: 'r-1', clientRequestId: 'trace-8', msg: 'also written' },
      { level: 40, reqId: 'r-1', clientRequestId: 'trace-8', step: 'inner', msg: 'from a child' },
    ]);
    expect(lines).toHaveLength(3);
    // A route's own level applies to its requests' loggers.
    const verbose = logClientRequestId(logger, { reqId: 'r-2' }, { level: 'debug' }, { headers: {} });
    verbose.debug('route level');
    expect(lines.at(-1)).toMatchObject({ level: 20, reqId: 'r-2', msg: 'route level' });
  });
});
