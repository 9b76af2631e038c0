import { randomUUID } from 'node:crypto';
import type { UploadLink } from '@vigilo/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { pdf, png } from '../../../test/files.ts';
import { adrCase, createTenant, http, signedIn, useTestApp } from '../../../test/index.ts';
import { jobDefinitions } from '../../jobs.ts';
import { mailerFor } from '../../platform/mail.ts';
import { storageFor } from '../../platform/storage.ts';
import { ABANDONED_UPLOADS_JOB, removeAbandonedUploads } from './abandoned.service.ts';

const app = useTestApp();

const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });

async function upload(token: string, name: string, bytes: Buffer, contentType: string) {
  const link = await http<UploadLink>(app.url, 'POST', '/v1/files/upload-link', {
    token,
    body: { folderName: 'uploads', type: 'photo', fileName: name, contentType },
  });
  expect(link.status).toBe(200);
  expect((await put(link.body.url, bytes, contentType)).status).toBeLessThan(300);
  return link.body;
}

/** Moves a file's upload time back: the rows are ours, the time is the test's. */
const age = (id: string, hours: number) =>
  sql`UPDATE files SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`.execute(
    app.db,
  );
const row = (id: string) =>
  app.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('abandoned uploads (decision 0090)', () => {
  it('removes an upload no report named after 24 hours, audited; a referenced one and a recent one stay', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'reporter');
    const storage = storageFor(app.config);
    const referenced = await upload(token, 'letter.pdf', pdf(), 'application/pdf');
    const orphan = await upload(token, 'rash.png', png(2000), 'image/png');
    const recent = await upload(token, 'later.png', png(1000), 'image/png');
    // A link whose bytes never came: the row goes too.
    const neverSent = (
      await http<UploadLink>(app.url, 'POST', '/v1/files/upload-link', {
        token,
        body: { folderName: 'uploads', type: 'photo', fileName: 'x.pdf', contentType: 'application/pdf' },
      })
    ).body;
    const report = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token,
      body: {
        report: adrCase(),
        attachmentFields: [
          { attachmentfile: 'letter.pdf', attachmenturl: referenced.fileUrl, hasFile: true },
        ],
      },
    });
    expect(report.status).toBe(201);
    for (const id of [referenced.fileId, orphan.fileId, neverSent.fileId]) await age(id, 25);
    await age(recent.fileId, 23);
    const orphanKey = (await row(orphan.fileId)).storage_key;

    const requestId = `job-${randomUUID()}`;
    const removed = await removeAbandonedUploads(
      app.db,
      storage,
      { storage: { ...app.config.storage, abandonedUploadHours: 24 } },
      requestId,
    );
    // Other test files share the database: at least ours went.
    expect(removed).toBeGreaterThanOrEqual(2);

    expect((await row(orphan.fileId)).deleted_at).not.toBeNull();
    expect((await row(neverSent.fileId)).deleted_at).not.toBeNull();
    expect(await storage.head(orphanKey)).toBeNull();
    expect((await row(referenced.fileId)).deleted_at).toBeNull();
    expect((await row(referenced.fileId)).report_id).toBe(report.body.id);
    expect(await storage.head((await row(referenced.fileId)).storage_key)).toEqual({ size: pdf().length });
    expect((await row(recent.fileId)).deleted_at).toBeNull();

    const audited = await app.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'reason', 'actor_user_id', 'organisation_id'])
      .where('request_id', '=', requestId)
      .orderBy('entity_id')
      .execute();
    expect(audited).toEqual(
      [orphan.fileId, neverSent.fileId].sort().map((id) => ({
        action: 'file.deleted',
        entity_id: id,
        reason: 'abandoned: no report named it within 24 hours of its upload',
        actor_user_id: null,
        organisation_id: tenant.organisationIds[0],
      })),
    );
    // A second run finds nothing of ours left to remove.
    const again = `job-${randomUUID()}`;
    await removeAbandonedUploads(
      app.db,
      storage,
      { storage: { ...app.config.storage, abandonedUploadHours: 24 } },
      again,
    );
    const second = await app.db
      .selectFrom('audit_log')
      .select('entity_id')
      .where('request_id', '=', again)
      .execute();
    expect(second.map((r) => r.entity_id)).not.toContain(orphan.fileId);
  });

  it('runs as a durable hourly pg-boss job', () => {
    const definitions = jobDefinitions(app.db, mailerFor(app.config, app.db, app.jobs), app.config, app.jobs);
    expect(definitions.find((d) => d.name === ABANDONED_UPLOADS_JOB)).toMatchObject({ cron: '23 * * * *' });
  });
});
