import type { Report } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { adrCase, createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';

/** Public reporting without an account, where the platform allows it (decision 0078). */

const app = useTestApp({ ANONYMOUS_REPORTS_PER_MINUTE: '3', TRUST_PROXY: '1' });

async function publicPlatform(allow: boolean): Promise<TestTenant> {
  const tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ server_configuration: JSON.stringify({ anonymousReports: allow }) })
    .where('id', '=', tenant.platformId)
    .execute();
  return tenant;
}

/** Each test speaks from its own address, so the per-address limit of one does not touch another. */
const post = (body: unknown, address: string, headers: Record<string, string> = {}) =>
  http<Report & { code?: string }>(app.url, 'POST', '/v1/report', {
    body,
    headers: { 'x-forwarded-for': address, ...headers },
  });

describe('anonymous reports', () => {
  it('a platform that does not allow them answers 401; an unknown organisation 404', async () => {
    const closed = await publicPlatform(false);
    const res = await post({ report: adrCase(), organisationId: closed.organisationIds[0] }, '10.0.0.1');
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
    const none = await post(
      { report: adrCase(), organisationId: '00000000-0000-4000-8000-000000000000' },
      '10.0.0.1',
    );
    expect(none.status).toBe(404);
    const unnamed = await post({ report: adrCase() }, '10.0.0.1');
    expect(unnamed).toMatchObject({
      status: 400,
      body: { meta: { fields: [{ field: 'body/organisationId' }] } },
    });
  });

  it('where allowed: stored as anonymous, the reference emailed to the address given, in the browser language', async () => {
    const open = await publicPlatform(true);
    const res = await post(
      { report: adrCase(), organisationId: open.organisationIds[0], email: 'patient@example.test' },
      '10.0.0.2',
      { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ anonymous: true, reporterUserId: null, status: 'received' });
    const mail = await app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('recipient', '=', 'patient@example.test')
      .where('organisation_id', '=', open.organisationIds[0])
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Nous avons bien reçu votre déclaration ${res.body.reference}`);
    const audit = await app.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'report.submitted', actor_user_id: null });
  });

  it('an anonymous reporter with no contact at all is no identifiable reporter', async () => {
    const open = await publicPlatform(true);
    const { C, ...rest } = adrCase();
    const res = await post(
      { report: { ...rest, C: { reportType: '1' } }, organisationId: open.organisationIds[0] },
      '10.0.0.3',
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      meta: { fields: [{ field: 'body/report/C/primarySources', reason: 'required' }] },
    });
    expect(C).toBeDefined();
  });

  it('at most ANONYMOUS_REPORTS_PER_MINUTE per address, then 429; another address is not held by it', async () => {
    const open = await publicPlatform(true);
    const body = {
      report: adrCase(),
      organisationId: open.organisationIds[0],
      email: 'someone@example.test',
    };
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(body, '10.0.0.9')).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await post(body, '10.0.0.10')).status).toBe(201);
  });

  it('bad credentials are refused, never taken as anonymous', async () => {
    const open = await publicPlatform(true);
    const res = await http(app.url, 'POST', '/v1/report', {
      token: 'not-a-token',
      body: { report: adrCase(), organisationId: open.organisationIds[0] },
    });
    expect(res.status).toBe(403);
  });

  it('a stranger makes Vigilo mail one address at most 3 times an hour (decision 0329); the reports are all kept', async () => {
    const open = await publicPlatform(true);
    const organisationId = open.organisationIds[0];
    const address = `victim-${Date.now()}@example.test`;
    // Five at once, from five addresses, the case of the address varied: one address all the same.
    const answers = await Promise.all(
      [address, address.toUpperCase(), address, address, address].map((email, i) =>
        post({ report: adrCase(), organisationId, email }, `10.0.29.${i + 1}`),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const mails = await app.db
      .selectFrom('outbox_messages')
      .select('recipient')
      .where('organisation_id', '=', organisationId)
      .where('template', '=', 'report.received')
      .execute();
    expect(mails).toHaveLength(3);
    // Another address is not held back by the first one's limit.
    const other = await post({ report: adrCase(), organisationId, email: 'other@example.test' }, '10.0.29.9');
    expect(other.status).toBe(201);
    const again = await app.db
      .selectFrom('outbox_messages')
      .select('recipient')
      .where('organisation_id', '=', organisationId)
      .where('recipient', '=', 'other@example.test')
      .execute();
    expect(again).toHaveLength(1);
  });
});
