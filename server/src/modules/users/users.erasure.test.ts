import type { UserDetail } from '@vigilo/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';
import { sealExistingRows } from '../../db/migrations/202612041700_person_keys.ts';
import { jobDefinitions } from '../../jobs.ts';
import { verifyAuditChain } from '../../platform/audit-chain.ts';
import { createDb } from '../../platform/db.ts';
import { revealPersonal } from '../../platform/personal-data.ts';

let home: TestTenant;
const app = useTestApp();
// The migration runs as the schema's owner: the runtime role may not change audit rows.
const owner = createDb(inject('ownerDatabaseUrl'), 1);
afterAll(() => owner.destroy());

beforeAll(async () => {
  home = await createTenant(app.db);
});

/** Every audit row about `id`, each column as text: what a reader of the database sees. */
async function auditText(id: string): Promise<string> {
  const { rows } = await sql<{ t: string }>`
    SELECT a::text AS t FROM audit_log a WHERE entity_id = ${id} ORDER BY id`.execute(app.db);
  return rows.map((r) => r.t).join('\n');
}

const changesOf = async (id: string, action: string) =>
  (
    await app.db
      .selectFrom('audit_log')
      .select(['changes', 'details'])
      .where('entity_id', '=', id)
      .where('action', '=', action)
      .executeTakeFirstOrThrow()
  ).changes;

describe('personal values in the audit trail (decision 0331)', () => {
  it('are sealed under the person key, read while it exists, and read [erased] after deletion, the chain intact', async () => {
    const { token } = await signedIn(app, home, 'organisation_admin', 0);
    const email = `ines.marchetti-${home.organisationIds[0]!.slice(0, 8)}@hospital-erasure.test`;
    const created = await http<UserDetail>(app.url, 'POST', '/v1/users', {
      token,
      body: {
        email,
        firstName: 'Inès',
        lastName: 'Marchetti-Oyelaran',
        memberships: [{ organisationId: home.organisationIds[0], role: 'organisation_staff' }],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const stored = await auditText(id);
    expect(stored).toContain('user.created');
    for (const value of [email, 'Inès', 'Marchetti-Oyelaran']) expect(stored).not.toContain(value);

    const [opened] = await revealPersonal(app.db, [await changesOf(id, 'user.created')]);
    expect(opened).toEqual(
      expect.arrayContaining([
        { path: 'email', old: null, new: email },
        { path: 'firstName', old: null, new: 'Inès' },
        { path: 'lastName', old: null, new: 'Marchetti-Oyelaran' },
      ]),
    );

    const deleted = await http(app.url, 'DELETE', `/v1/users/${id}`, {
      token,
      body: { reason: 'GDPR Art. 17' },
    });
    expect(deleted.status).toBe(204);
    const [erased] = await revealPersonal(app.db, [await changesOf(id, 'user.created')]);
    expect(erased).toEqual(
      expect.arrayContaining([
        { path: 'email', old: null, new: '[erased]' },
        { path: 'firstName', old: null, new: '[erased]' },
        { path: 'lastName', old: null, new: '[erased]' },
      ]),
    );
    const report = await verifyAuditChain(app.db, { chains: [home.organisationIds[0]!] });
    expect(report.breaks).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('rows written before the person keys are sealed once by the migration and still verify', async () => {
    const tenant = await createTenant(app.db);
    const org = tenant.organisationIds[0]!;
    const subject = crypto.randomUUID();
    // A row as audit() wrote it before decision 0331: the email and names in clear.
    await owner.transaction().execute(async (tx) => {
      await sql`
        INSERT INTO audit_log (platform_id, organisation_id, action, entity_type, entity_id, changes, details)
        VALUES (${tenant.platformId}, ${org}, 'user.created', 'user', ${subject},
          '[{"path": "email", "old": null, "new": "old.row@legacy-erasure.test"}, {"path": "lastName", "old": null, "new": "Vandersteen"}]',
          '{"email": "old.row@legacy-erasure.test", "role": "reporter"}')`.execute(tx);
    });
    expect(await auditText(subject)).toContain('old.row@legacy-erasure.test');
    await owner.transaction().execute((tx) => sealExistingRows(tx));

    const stored = await auditText(subject);
    expect(stored).not.toContain('old.row@legacy-erasure.test');
    expect(stored).not.toContain('Vandersteen');
    expect(stored).toContain('reporter');
    const report = await verifyAuditChain(app.db, { chains: [org] });
    expect(report.breaks).toEqual([]);
    const [details] = await revealPersonal(app.db, [
      (
        await app.db
          .selectFrom('audit_log')
          .select('details')
          .where('entity_id', '=', subject)
          .executeTakeFirstOrThrow()
      ).details,
    ]);
    expect(details).toEqual({ email: 'old.row@legacy-erasure.test', role: 'reporter' });
  });
});

describe('the outbox keeps no personal data past its retention (decision 0331)', () => {
  const message = (recipient: string, body: string, daysAgo: number, status: 'sent' | 'queued' | 'failed') =>
    app.db
      .insertInto('outbox_messages')
      .values({
        channel: 'email',
        recipient,
        subject: 'Your report',
        body_text: body,
        body_html: `<p>${body}</p>`,
        template: 'test.retention',
        status,
        created_at: sql<Date>`now() - make_interval(days => ${daysAgo})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  const read = (id: string) =>
    app.db
      .selectFrom('outbox_messages')
      .select(['recipient', 'subject', 'body_text', 'body_html', 'status', 'template'])
      .select((eb) => eb('pruned_at', 'is not', null).as('pruned'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('the nightly job prunes recipient, subject and bodies of messages sent or failed over 30 days ago', async () => {
    const old = await message('kept.long@retention.test', 'Dear Mr Okonkwo-Lindqvist', 31, 'sent');
    const failed = await message('kept.long@retention.test', 'Dear Mr Okonkwo-Lindqvist', 45, 'failed');
    const queued = await message('waiting@retention.test', 'still to go', 31, 'queued');
    const recent = await message('recent@retention.test', 'sent last week', 7, 'sent');
    const job = jobDefinitions(
      app.db,
      { job: { name: 'mail', handler: async () => {} } } as never,
      app.config,
      app.jobs,
    ).find((d) => d.name === 'outbox.prune');
    expect(job?.cron).toBe('47 3 * * *');
    await job!.handler({});
    const pruned = { recipient: '[pruned]', subject: null, body_text: '', body_html: null, pruned: true };
    expect(await read(old.id)).toEqual({ ...pruned, status: 'sent', template: 'test.retention' });
    expect(await read(failed.id)).toEqual({ ...pruned, status: 'failed', template: 'test.retention' });
    expect(await read(queued.id)).toMatchObject({ recipient: 'waiting@retention.test', pruned: false });
    expect(await read(recent.id)).toMatchObject({ recipient: 'recent@retention.test', pruned: false });
  });

  it("permanent deletion prunes the person's messages, and others' naming them, at once", async () => {
    const { token } = await signedIn(app, home, 'organisation_admin', 0);
    const email = `tomasz.wierzbicki-${crypto.randomUUID().slice(0, 8)}@outbox-erasure.test`;
    const created = await http<UserDetail>(app.url, 'POST', '/v1/users', {
      token,
      body: {
        email,
        firstName: 'Tomasz',
        lastName: 'Wierzbicki',
        memberships: [{ organisationId: home.organisationIds[0], role: 'reporter' }],
      },
    });
    expect(created.status).toBe(201);
    const own = await message(email, 'Welcome', 1, 'sent');
    const about = await message('admin@outbox-erasure.test', 'Tomasz Wierzbicki asked to join', 1, 'sent');
    const other = await message('admin@outbox-erasure.test', 'Someone else asked to join', 1, 'sent');
    const res = await http(app.url, 'DELETE', `/v1/users/${created.body.id}`, {
      token,
      body: { reason: 'Art. 17' },
    });
    expect(res.status).toBe(204);
    expect(await read(own.id)).toMatchObject({ recipient: '[pruned]', body_text: '', pruned: true });
    expect(await read(about.id)).toMatchObject({ recipient: '[pruned]', body_text: '', pruned: true });
    expect(await read(other.id)).toMatchObject({ recipient: 'admin@outbox-erasure.test', pruned: false });
    const { rows } = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM outbox_messages o WHERE o::text ILIKE ${`%${email}%`}`.execute(app.db);
    expect(rows[0]!.n).toBe('0');
  });
});
