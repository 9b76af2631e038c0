import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb, withTransaction } from '../src/platform/db.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { type Mailer, mailerFor } from '../src/platform/mail.ts';
import { testQueuePrefix } from './app.ts';
import { eventually } from './eventually.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';

const url = inject('databaseUrl');
const db = createDb(url, 2);
let smtp: TestSmtp;
let jobs: Jobs;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtp();
  jobs = await startJobs(url, { supervise: false, queuePrefix: testQueuePrefix() });
  mailer = mailerFor(
    loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: inject('jwtSecret'),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Vigilo <pv@example.test>',
    }),
    db,
    jobs,
  );
  await jobs.work([{ ...mailer.job, pollingIntervalSeconds: 0.5 } as never]);
});
afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await db.destroy();
});

describe('email through the outbox', () => {
  it('records the message, then a worker delivers it over SMTP and marks it sent', async () => {
    const to = `reporter-${Date.now()}@example.test`;
    const id = await withTransaction(db, (tx) =>
      mailer.send(tx, {
        to,
        subject: 'Your report VG-123',
        text: 'Thank you for your report.',
        html: '<p>Thank you</p>',
      }),
    );
    const mail = await smtp.waitFor(to);
    expect(mail).toMatchObject({ subject: 'Your report VG-123' });
    expect(mail.text).toContain('Thank you for your report.');
    const row = await eventually(async () => {
      const r = await db
        .selectFrom('outbox_messages')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(r.status).toBe('sent');
      return r;
    });
    expect(row.attempts).toBe(1);
  });

  it('sends nothing for a change that rolls back', async () => {
    const to = `never-${Date.now()}@example.test`;
    await expect(
      withTransaction(db, async (tx) => {
        await mailer.send(tx, { to, subject: 'Never', text: 'x' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await db.selectFrom('outbox_messages').select('id').where('recipient', '=', to).execute();
    expect(rows).toEqual([]);
  });
});
