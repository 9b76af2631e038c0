import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDb } from '../server/src/platform/db.ts';
import { createTenant, createUser, login } from '../server/test/factories.ts';
import { freePort, scratchDatabase, startProcess, startServer, stopProcess } from '../server/test/spawn.ts';
import { compare, type Measured, warmUp } from './measure.ts';

/**
 * `npm run bench`: authenticated GET /v1/users/@me against a bare Fastify hello-world,
 * each served by its own process on this machine, loaded by autocannon from this one.
 * Target (issue #2): ratio ≥ 0.5.
 */
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const here = import.meta.dirname;

const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench',
);
const vigilo = await startServer({
  DATABASE_URL: database.url,
  RATE_LIMIT_PER_MINUTE: '100000000',
  RUN_WORKER: 'false',
  SEED_DEMO: 'false',
});
const helloPort = await freePort();
const helloServer = await startProcess(
  join(here, 'hello.ts'),
  { PORT: String(helloPort) },
  `http://127.0.0.1:${helloPort}/hello`,
);

try {
  const db = createDb(database.url, 2);
  const tenant = await createTenant(db);
  const user = await createUser(db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'organisation_staff',
  });
  await db.destroy();
  const session = await login(vigilo.url, user);

  const hello = { name: 'bare Fastify GET /hello', url: `http://127.0.0.1:${helloPort}/hello` };
  const meTarget = {
    name: 'GET /v1/users/@me (authenticated)',
    url: `${vigilo.url}/v1/users/@me`,
    headers: { authorization: `Bearer ${session.token}` },
  };
  await warmUp(hello, 2, connections);
  await warmUp(meTarget, 3, connections);
  const [baseline, me] = (await compare([hello, meTarget], { connections, duration, rounds })) as [
    Measured,
    Measured,
  ];
  const ratio = me.requestsPerSecond / baseline.requestsPerSecond;

  console.log(
    `\nVigilo benchmark: ${connections} connections, median of ${rounds} interleaved ${duration}-s rounds, load and servers on one machine\n`,
  );
  console.log('| route | req/s | p50 ms | p99 ms | non-2xx | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const m of [baseline, me]) {
    console.log(
      `| ${m.name} | ${m.requestsPerSecond} | ${m.p50Ms} | ${m.p99Ms} | ${m.non2xx} | ${m.errors} |`,
    );
  }
  console.log(
    `\nratio @me / hello-world = ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`,
  );
  if (me.non2xx > 0 || me.errors > 0)
    console.log('warning: the measured route answered errors; the figure is not valid');

  const dir = join(here, 'results');
  await mkdir(dir, { recursive: true });
  const result = { at: new Date().toISOString(), connections, duration, rounds, baseline, me, ratio };
  await writeFile(join(dir, 'users-me.json'), JSON.stringify(result, null, 2));
} finally {
  await vigilo.stop();
  await stopProcess(helloServer);
  await database.stop();
}
