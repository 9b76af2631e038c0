import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../src/config.ts';
import { prepareSchema } from '../src/platform/database.ts';
import { defaultTimeouts } from '../src/platform/db.ts';
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts';
import { anyFreePort } from '../src/platform/local-state.ts';
import { derivedPassword, ensureRuntimeRole, runtimeRoleFor } from '../src/platform/roles.ts';
import { NODE_FLAGS } from '../src/runtime-flags.ts';

/** Helpers for running the real server as its own process (browser tests, benchmarks). */

export const freePort = () => anyFreePort();

/**
 * The JWT_SECRET of the processes this test file starts (they must agree to share
 * sessions): random per file, never a constant in the source.
 */
const runSecret = randomBytes(32).toString('base64url');
const runSecretsKeys = `file:${randomBytes(32).toString('base64url')}`;

type ProcessEnv = Record<string, string | undefined>;

/**
 * Runs `node --import tsx file` in test mode, with this file's JWT secret unless `env` says
 * otherwise (`undefined` removes a variable). Its stderr is shown here and kept (`stderrText`).
 */
function spawnNode(file: string, env: ProcessEnv, stdout: 'ignore' | 'pipe'): ChildProcess {
  const merged: ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    JWT_SECRET: runSecret,
    SECRETS_KEYS: runSecretsKeys,
    ...env,
  };
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', file], {
    env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', stdout, 'pipe'],
  });
  const kept: string[] = [];
  stderrs.set(child, kept);
  child.stderr!.on('data', (chunk: Buffer) => {
    kept.push(chunk.toString());
    process.stderr.write(chunk);
  });
  return child;
}

const stderrs = new WeakMap<ChildProcess, string[]>();

/** Everything a process started here wrote to stderr so far. */
export const stderrText = (child: ChildProcess) => (stderrs.get(child) ?? []).join('');

/** Starts `node --import tsx file` and waits until `readyUrl` answers. */
export async function startProcess(file: string, env: ProcessEnv, readyUrl: string): Promise<ChildProcess> {
  const child = spawnNode(file, env, 'ignore');
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

/** Runs `file` to its end (killed after `timeoutMs`: exit code null); answers its exit code and stderr. */
export async function runToExit(file: string, env: ProcessEnv, timeoutMs: number) {
  const child = spawnNode(file, env, 'ignore');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr: stderrText(child) };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export interface Started {
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts the Vigilo server (server/src/main.ts) on a free port; answers its base URL. */
export async function startServer(env: ProcessEnv): Promise<Started & { url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = await startProcess(
    join(repoRoot, 'server', 'src', 'main.ts'),
    { HOST: '127.0.0.1', PORT: String(port), ...env },
    `${url}/v1/health-check`,
  );
  return { url, process: child, stop: () => stopProcess(child) };
}

/** Starts `npm run worker` (server/src/worker.ts) and waits until it says it is ready. */
export async function startWorker(env: ProcessEnv): Promise<Started> {
  const child = spawnNode(join(repoRoot, 'server', 'src', 'worker.ts'), env, 'pipe');
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('[worker] ready') && resolve());
    child.once('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
  });
  return { process: child, stop: () => stopProcess(child) };
}

/**
 * Sets a database up as the app does: migrations and pg-boss's schema by the owner
 * (`adminUrl`, a superuser), and a runtime role `<database>_app` with only the app's
 * rights. Answers the runtime role's URL: tests and test servers use it, so every test
 * runs with the real privilege split.
 */
export async function prepareTestDatabase(adminUrl: string): Promise<string> {
  const role = runtimeRoleFor(new URL(adminUrl).pathname.slice(1));
  const runtimeUrl = await ensureRuntimeRole(adminUrl, role, derivedPassword(adminUrl, role));
  await prepareSchema(adminUrl, runtimeUrl, defaultTimeouts);
  return runtimeUrl;
}

/** A new temporary folder that PostgreSQL, run as its own user by root, can also enter. */
export async function tempFolder(prefix: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await chmod(folder, 0o755);
  return folder;
}

export interface ScratchDatabase {
  /** The runtime role's URL. */
  url: string;
  /** The owner's (a superuser's) URL. */
  ownerUrl: string;
  stop(): Promise<void>;
}

/**
 * A prepared database for a run: `adminUrl` (a superuser's URL, e.g. TEST_DATABASE_URL),
 * or an embedded PostgreSQL in a temporary folder.
 */
export async function scratchDatabase(adminUrl: string | undefined, name: string): Promise<ScratchDatabase> {
  if (adminUrl) return { url: await prepareTestDatabase(adminUrl), ownerUrl: adminUrl, stop: async () => {} };
  const dataDir = await tempFolder(name);
  const database = name.replaceAll('-', '_');
  const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), databases: [database] });
  const ownerUrl = embedded.adminUrl(database);
  return {
    url: await prepareTestDatabase(ownerUrl),
    ownerUrl,
    stop: async () => {
      await embedded.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
