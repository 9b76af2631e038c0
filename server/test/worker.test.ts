import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, withTransaction } from '../src/platform/db.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { createMailer } from '../src/platform/mail.ts';
import { testQueuePrefix } from './app.ts';
import { startSmtp, type TestSmtp } from './smtp.ts';
import { type Started, startWorker } from './spawn.ts';

const url = inject('databaseUrl');
const db = createDb(url, 2);
let smtp: TestSmtp;
let worker: Started;
let jobs: Jobs;

/** `npm run worker`: a separate process that takes jobs from the shared queue. */
beforeAll(async () => {
  smtp = await startSmtp();
  const queuePrefix = testQueuePrefix();
  jobs = await startJobs(url, { supervise: false, queuePrefix });
  worker = await startWorker({ DATABASE_URL: url, SMTP_URL: smtp.url, JOBS_QUEUE_PREFIX: queuePrefix });
});
afterAll(async () => {
  await worker?.stop();
  await jobs?.stop();
  await smtp?.close();
  await db.destroy();
});

describe('a separate worker process', () => {
  it('delivers what an API process enqueued', async () => {
    // This side only enqueues (as an API process with RUN_WORKER=false would).
    const mailer = createMailer({ db, jobs, smtpUrl: null, from: 'x@example.test' });
    const to = `worker-${Date.now()}@example.test`;
    await withTransaction(db, (tx) =>
      mailer.send(tx, { to, subject: 'From the queue', text: 'Delivered by the worker.' }),
    );
    const mail = await smtp.waitFor(to, 20_000);
    expect(mail.subject).toBe('From the queue');
  });
});
