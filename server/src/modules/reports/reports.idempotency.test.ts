import { randomUUID } from 'node:crypto';
import type { Report } from '@vigilo/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adrCase, createTenant, http, signedIn, useTestApp } from '../../../test/index.ts';

/**
 * Idempotency-Key (decision 0076): a retry returns the first answer and never makes a second
 * report, also when twenty retries race; counted in the table, not in the answers.
 */

const app = useTestApp();

const post = (token: string, body: unknown, key?: string) =>
  http<Report & { code?: string }>(app.url, 'POST', '/v1/report', {
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

const reportsOf = async (organisationId: string) =>
  app.db
    .selectFrom('reports')
    .select(['id', 'reference'])
    .where('organisation_id', '=', organisationId)
    .execute();

describe('Idempotency-Key on POST /v1/report', () => {
  it('twenty parallel retries with one key: one report, one version, one email, twenty identical answers', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await signedIn(app, tenant, 'reporter');
    const body = { report: adrCase() };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(token, body, key)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);

    const rows = await reportsOf(tenant.organisationIds[0]);
    expect(rows).toEqual([{ id: answers[0]!.body.id, reference: answers[0]!.body.reference }]);
    const versions = await app.db
      .selectFrom('report_versions')
      .select('version')
      .where('report_id', '=', rows[0]!.id)
      .execute();
    expect(versions).toHaveLength(1);
    const mails = await app.db
      .selectFrom('outbox_messages')
      .select('id')
      .where('recipient', '=', user.email)
      .where('template', '=', 'report.received')
      .execute();
    expect(mails).toHaveLength(1);

    // A later retry, sequential, gets the same again.
    const later = await post(token, body, key);
    expect(later.status).toBe(201);
    expect(later.body).toEqual(answers[0]!.body);
  });

  it('the same key with a different body is 422 IDEMPOTENCY_KEY_REUSED and stores nothing', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const key = randomUUID();
    expect((await post(token, { report: adrCase(), name: 'First' }, key)).status).toBe(201);
    const reused = await post(token, { report: adrCase(), name: 'Second' }, key);
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      statusCode: 422,
      meta: { fields: [{ field: 'headers/idempotency-key', reason: 'taken' }] },
    });
    expect(await reportsOf(tenant.organisationIds[0])).toHaveLength(1);
  });

  it('keys belong to their caller: another user with the same key makes its own report', async () => {
    const tenant = await createTenant(app.db);
    const a = await signedIn(app, tenant, 'reporter');
    const b = await signedIn(app, tenant, 'reporter');
    const key = randomUUID();
    const body = { report: adrCase() };
    const first = await post(a.token, body, key);
    const second = await post(b.token, body, key);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
    expect(second.body.reporterUserId).toBe(b.user.id);
  });

  it('a refused request keeps no answer: the corrected retry with the same key is taken', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const key = randomUUID();
    const refused = await post(token, { report: { schemaVersion: 1, C: {} } }, key);
    expect(refused.status).toBe(400);
    const stored = await app.db.selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
    expect(stored).toEqual([]);
    // A different body after a refusal is a new request: nothing was kept for the key.
    expect((await post(token, { report: adrCase() }, key)).status).toBe(201);
  });

  it('an expired key is forgotten: the same key makes a new report', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const key = randomUUID();
    const body = { report: adrCase() };
    const first = await post(token, body, key);
    await app.db
      .updateTable('idempotency_keys')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('key', '=', key)
      .execute();
    const again = await post(token, body, key);
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.body.id);
    const kept = await app.db
      .selectFrom('idempotency_keys')
      .select('expires_at')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    // Kept for 24 hours (decision 0076).
    const hours = (kept.expires_at.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('refuses a malformed key with 400', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const res = await post(token, { report: adrCase() }, 'has spaces in it');
    expect(res.status).toBe(400);
    const long = await post(token, { report: adrCase() }, 'k'.repeat(201));
    expect(long.status).toBe(400);
    expect(await reportsOf(tenant.organisationIds[0])).toEqual([]);
  });
});
