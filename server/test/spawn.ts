import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../src/config.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';

/** Helpers for running the real server as its own process (browser tests, benchmarks). */

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Starts `node --import tsx file` and waits until `readyUrl` answers. */
export async function startProcess(
  file: string,
  env: Record<string, string>,
  readyUrl: string,
): Promise<ChildProcess> {
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
  throw new Error(`${file} did not become ready within 60 s`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Starts the Vigilo server (server/src/main.ts) on a free port; answers its base URL. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    join(repoRoot, 'server', 'src', 'main.ts'),
    { NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    `${url}/v1/health-check`,
  );
  return { url, stop: () => stopProcess(child) };
}

/** A database for a run: the URL given, or an embedded PostgreSQL in a temporary folder. */
export async function scratchDatabase(
  url: string | undefined,
  name: string,
): Promise<{ url: string; stop(): Promise<void> }> {
  if (url) return { url, stop: async () => {} };
  const dataDir = await mkdtemp(join(tmpdir(), `${name}-`));
  // Run as root, PostgreSQL runs as its own user, which must reach the folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: name.replaceAll('-', '_'),
  });
  return {
    url: embedded.url,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
