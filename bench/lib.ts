import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startEmbeddedPostgres } from '../server/src/platform/embedded-postgres.ts';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

/** Starts `tsx file` as a separate process (so load generator and server do not share an event loop). */
export async function startProcess(file: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${file} exited with ${child.exitCode}`);
    const ok = await fetch(readyUrl).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${file} did not become ready`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** The database to measure against: BENCH_DATABASE_URL / TEST_DATABASE_URL, or an embedded one. */
export async function benchDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (url) return { url, stop: async () => {} };
  const dataDir = await mkdtemp(join(tmpdir(), 'vigilo-bench-'));
  await chmod(dataDir, 0o755);
  return startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'vigilo_bench' });
}

export async function measure(
  name: string,
  url: string,
  opts: { headers?: Record<string, string>; connections: number; duration: number },
): Promise<Measured> {
  // A short warm-up so JIT and connection pools are in their steady state.
  await autocannon({ url, headers: opts.headers, connections: opts.connections, duration: 1 });
  const result = await autocannon({ url, headers: opts.headers, connections: opts.connections, duration: opts.duration });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
