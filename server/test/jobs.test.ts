import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDb, withTransaction } from '../src/platform/db.ts';
import { type Jobs, startJobs } from '../src/platform/jobs.ts';
import { eventually } from './eventually.ts';

const url = inject('databaseUrl');
const db = createDb(url, 2);
let jobs: Jobs;

beforeAll(async () => {
  jobs = await startJobs(url, { supervise: false });
});
afterAll(async () => {
  await jobs?.stop();
  await db.destroy();
});

describe('background jobs', () => {
  it('runs a job sent by one side on a worker', async () => {
    const name = `test-${randomUUID()}`;
    const seen: unknown[] = [];
    let done!: () => void;
    const finished = new Promise<void>((resolve) => {
      done = resolve;
    });
    await jobs.work([
      {
        name,
        pollingIntervalSeconds: 0.5,
        handler: async (data) => {
          seen.push(data);
          done();
        },
      },
    ]);
    await jobs.send(name, { reportId: 'r-1' });
    await finished;
    expect(seen).toEqual([{ reportId: 'r-1' }]);
  });

  it("enqueues inside the caller's transaction: a rollback leaves no job (transactional outbox)", async () => {
    const name = `test-${randomUUID()}`;
    let kept: string | null = null;
    let dropped: string | null = null;
    await withTransaction(db, async (tx) => {
      kept = await jobs.send(name, { n: 1 }, { db: tx });
    });
    await expect(
      withTransaction(db, async (tx) => {
        dropped = await jobs.send(name, { n: 2 }, { db: tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await db
      .selectFrom('pgboss.job' as never)
      .select(['id' as never])
      .where('name' as never, '=', name as never)
      .execute();
    expect(rows.map((r) => (r as { id: string }).id)).toEqual([kept]);
    expect(dropped).not.toBeNull();
  });

  it("keeps the jobs of two queue prefixes apart: a worker never takes the other side's", async () => {
    const [a, b] = await Promise.all([
      startJobs(url, { supervise: false, queuePrefix: 'ta_' }),
      startJobs(url, { supervise: false, queuePrefix: 'tb_' }),
    ]);
    try {
      const name = `test-${randomUUID()}`;
      const takenBy: string[] = [];
      let done!: () => void;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      await a.work([{ name, pollingIntervalSeconds: 0.5, handler: async () => void takenBy.push('a') }]);
      await b.work([
        {
          name,
          pollingIntervalSeconds: 0.5,
          handler: async () => {
            takenBy.push('b');
            done();
          },
        },
      ]);
      for (let i = 0; i < 5; i++) await b.send(name, { i });
      await finished;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(takenBy.filter((side) => side === 'a')).toEqual([]);
      const queues = await db
        .selectFrom('pgboss.job' as never)
        .select(['name' as never])
        .where('name' as never, 'like', `%${name}` as never)
        .execute();
      expect(new Set(queues.map((q) => (q as { name: string }).name))).toEqual(new Set([`tb_${name}`]));
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('fails only the job that threw: the others of its batch complete (parallel batches too)', async () => {
    for (const parallel of [false, true]) {
      const name = `test-${randomUUID()}`;
      const ids: string[] = [];
      for (const n of [1, 2, 3]) ids.push((await jobs.send(name, { n }, { retryLimit: 0 }))!);
      let seen = 0;
      let done!: () => void;
      const finished = new Promise<void>((resolve) => {
        done = resolve;
      });
      await jobs.work([
        {
          name,
          batchSize: 3,
          parallel,
          pollingIntervalSeconds: 0.5,
          handler: async (data) => {
            if (++seen === 3) setTimeout(done, 200);
            if ((data as { n: number }).n === 2) throw new Error('the second one fails');
          },
        },
      ]);
      await finished;
      const states = await eventually(async () => {
        const rows = await db
          .selectFrom('pgboss.job' as never)
          .select(['id' as never, 'state' as never])
          .where('name' as never, '=', name as never)
          .execute();
        const byId = Object.fromEntries(
          rows.map((r) => [(r as { id: string }).id, (r as { state: string }).state]),
        );
        const list = ids.map((id) => byId[id]);
        if (list.includes('active')) throw new Error(`still active: ${list}`);
        return list;
      });
      expect(states, parallel ? 'parallel' : 'one after another').toEqual([
        'completed',
        'failed',
        'completed',
      ]);
    }
  });
});
