import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { clusterFolder, postgresUser, type RunAs, reachableBinaries } from './embedded-postgres-root.ts';
import { anyFreePort, choosePort, localSecret, rememberPort } from './local-state.ts';

export const EMBEDDED_DEFAULT_PORT = 54329;
const SUPERUSER = 'postgres';

export interface EmbeddedDatabase {
  port: number;
  /** Where the cluster's files are. */
  clusterDir: string;
  /** A superuser connection string to `database` (migrations, set-up; never the app's runtime role). */
  adminUrl(database: string): string;
  /** Starts the server again after stop() (same port, same data). */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** A fixed port (EMBEDDED_PG_PORT); unset = the remembered one, 54329, or any free port. */
  port?: number | null;
  /** Databases to create if missing. */
  databases: string[];
  /** The superuser's password; unset = generated once and kept in `<dataDir>/secrets/postgres`. */
  password?: string;
  log?: (message: string) => void;
}

/** The binaries shipped in the `embedded-postgres` package for this platform. */
function packagedBinaries(): { nativeDir: string; version: string } {
  const fromHere = createRequire(import.meta.url);
  const fromPackage = createRequire(fromHere.resolve('embedded-postgres'));
  const entry = fromPackage.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const packageDir = resolve(dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { nativeDir: join(packageDir, 'native'), version };
}

const binary = (dir: string, name: string) =>
  join(dir, 'bin', process.platform === 'win32' ? `${name}.exe` : name);

/**
 * Starts a real PostgreSQL server from the binaries shipped in the `embedded-postgres`
 * package, keeping its data under `dataDir`, listening on 127.0.0.1 only with a password
 * (scram-sha-256). Used when DATABASE_URL is unset (docs/decisions/0002 and 0020).
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = opts.log ?? (() => {});
  await mkdir(opts.dataDir, { recursive: true });
  const user = postgresUser();
  const packaged = packagedBinaries();
  const binDir = await reachableBinaries(packaged.nativeDir, packaged.version, user);
  const clusterDir = await clusterFolder(opts.dataDir, user);
  if (clusterDir !== join(opts.dataDir, 'postgres')) {
    log(
      `The embedded PostgreSQL keeps its data in ${clusterDir} (user postgres cannot enter ${opts.dataDir}).`,
    );
  }
  const secret = opts.password
    ? { value: opts.password, created: false }
    : await localSecret(opts.dataDir, 'postgres');
  const fresh = !existsSync(join(clusterDir, 'PG_VERSION'));
  if (fresh) await initdb(binDir, clusterDir, secret.value, user);

  const fixedPort = opts.port ?? null;
  let port = fixedPort ?? (await choosePort(opts.dataDir, 'postgres', EMBEDDED_DEFAULT_PORT));
  let server: ChildProcess | undefined;
  const start = async () => {
    try {
      server = await launch(binDir, clusterDir, port, user, log);
    } catch (error) {
      // Taken between our check and PostgreSQL's bind: once more on another free port.
      if (fixedPort || !(error instanceof PortInUse)) throw error;
      port = await anyFreePort();
      server = await launch(binDir, clusterDir, port, user, log);
    }
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (running) await shutdown(running);
  };
  await start();
  const url = (database: string, password = secret.value) =>
    `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  try {
    // A data folder from before passwords were generated still has the old fixed one.
    if (!fresh && secret.created) await replaceLegacyPassword(url('postgres', 'postgres'), secret.value);
    await createDatabases(url('postgres'), opts.databases);
  } catch (error) {
    await stop();
    throw error;
  }
  if (!fixedPort) await rememberPort(opts.dataDir, 'postgres', port);
  return { port, clusterDir, adminUrl: (database) => url(database), start, stop };
}

async function initdb(binDir: string, clusterDir: string, password: string, user: RunAs | null) {
  await mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // initdb reads the password from a file: one only its user can read, removed at once.
  const folder = await mkdtemp(join(tmpdir(), 'vigilo-initdb-'));
  const pwfile = join(folder, 'password');
  try {
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    if (user) {
      await chown(clusterDir, user.uid, user.gid);
      await chown(folder, user.uid, user.gid);
      await chown(pwfile, user.uid, user.gid);
    }
    await run(
      binary(binDir, 'initdb'),
      [
        `--pgdata=${clusterDir}`,
        '--auth=scram-sha-256',
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale=C',
        // Unicode-aware case rules (citext, lower()) without depending on the system's locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      user,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

class PortInUse extends Error {}

/** As `user` (root runs PostgreSQL as postgres, from a folder it may enter), in English. */
const spawnAs = (user: RunAs | null) => ({
  ...user,
  ...(user && { cwd: '/' }),
  env: { ...process.env, LC_ALL: 'C' },
});

/** Runs a program to its end; a failure carries the program's last words. */
function run(file: string, args: string[], user: RunAs | null): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(file, args, { ...spawnAs(user), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code === 0) return resolvePromise();
      reject(new Error(`The embedded PostgreSQL could not be set up: ${lastLine(output)}`));
    });
  });
}

/** Starts the postgres server and resolves once it accepts connections. */
function launch(
  binDir: string,
  clusterDir: string,
  port: number,
  user: RunAs | null,
  log: (m: string) => void,
) {
  return new Promise<ChildProcess>((resolvePromise, reject) => {
    const child = spawn(
      binary(binDir, 'postgres'),
      [
        '-D',
        clusterDir,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'lc_messages=C',
      ],
      { ...spawnAs(user), stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let output = '';
    let ready = false;
    // If this process ends without stopping it, PostgreSQL is told to stop too.
    const orphanGuard = () => child.kill('SIGINT');
    process.once('exit', orphanGuard);
    child.once('exit', () => process.removeListener('exit', orphanGuard));
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      log(text.trim());
      if (ready) return;
      output += text;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        resolvePromise(child);
      }
    });
    child.once('error', reject);
    child.once('exit', () => {
      if (ready) return;
      if (/Address already in use/.test(output)) {
        return reject(new PortInUse(`Port ${port} on 127.0.0.1 is already in use (EMBEDDED_PG_PORT).`));
      }
      if (/lock file "postmaster.pid" already exists/.test(output)) {
        return reject(
          new Error(
            `The embedded PostgreSQL in ${clusterDir} is already running: another Vigilo uses this data folder (set DATA_DIR to use another).`,
          ),
        );
      }
      reject(new Error(`The embedded PostgreSQL did not start: ${lastLine(output)}`));
    });
  });
}

/** Fast shutdown (SIGINT: sessions are ended, data is safe), then SIGQUIT if it lingers. */
function shutdown(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const force = setTimeout(() => child.kill('SIGQUIT'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolvePromise();
    });
    child.kill('SIGINT');
  });
}

async function replaceLegacyPassword(legacyUrl: string, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: legacyUrl });
  try {
    await client.connect();
  } catch {
    return; // not the old password: nothing to replace
  }
  try {
    await client.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${client.escapeLiteral(password)}`);
  } finally {
    await client.end();
  }
}

async function createDatabases(adminUrl: string, databases: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const name of databases) {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    }
  } finally {
    await client.end();
  }
}

const lastLine = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter((line) => /FATAL|ERROR|error|could not|cannot/i.test(line))
    .pop()
    ?.trim() ??
  (text.trim().split('\n').pop() || 'no message');
