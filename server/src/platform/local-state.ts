import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { dataDirOf, type Env } from '../config.ts';
import { newSecretsKeys } from './secrets.ts';

/**
 * What the quick start keeps in its data folder (DATA_DIR) so that a restart finds it
 * again: generated secrets (`secrets/<name>`, mode 600, in a mode 700 folder) and the ports
 * it chose (`<name>.port`). Nothing here is used in production, where settings are given.
 */

export const DEFAULT_HTTP_PORT = 8080;

/**
 * Outside production, what a start on this machine may choose by itself when it is not
 * set: JWT_SECRET (generated once, kept in DATA_DIR/secrets/jwt, shared by every process
 * using this data folder), SECRETS_KEYS (likewise, in secrets/secrets-keys) and, for the server, PORT (8080, or a free one when another
 * program has it, remembered). Production gets nothing chosen for it: loadConfig() then
 * refuses to start without JWT_SECRET. See docs/decisions/0019-no-secret-in-the-source.md.
 */
export async function withLocalDefaults(env: Env, options: { httpPort: boolean }): Promise<Env> {
  if (env.NODE_ENV === 'production') return env;
  const dataDir = dataDirOf(env);
  const filled = { ...env };
  if (!env.JWT_SECRET) filled.JWT_SECRET = (await localSecret(dataDir, 'jwt')).value;
  if (!env.SECRETS_KEYS)
    filled.SECRETS_KEYS = (await localSecret(dataDir, 'secrets-keys', newSecretsKeys)).value;
  if (options.httpPort && !env.PORT) {
    const port = await choosePort(dataDir, 'http', DEFAULT_HTTP_PORT, env.HOST || '127.0.0.1');
    await rememberPort(dataDir, 'http', port);
    filled.PORT = String(port);
  }
  return filled;
}

/** The secret called `name`, generated on first use (by default 48 random bytes, base64url). */
export async function localSecret(
  dataDir: string,
  name: string,
  generate = () => randomBytes(48).toString('base64url'),
): Promise<{ value: string; created: boolean }> {
  const folder = join(dataDir, 'secrets');
  // The data folder keeps its usual mode (the embedded PostgreSQL may need to enter it);
  // only the secrets folder is closed to others.
  await mkdir(dataDir, { recursive: true });
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  const file = join(folder, name);
  const value = generate();
  try {
    // 'wx' fails if the file exists: two processes starting at once keep the first one's secret.
    await writeFile(file, `${value}\n`, { flag: 'wx', mode: 0o600 });
    return { value, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < 32)
    throw new Error(`The secret in ${file} is too short; delete the file to have a new one made.`);
  return { value: stored, created: false };
}

/** The port remembered under `name`, if any. */
export async function rememberedPort(dataDir: string, name: string): Promise<number | null> {
  const text = await readFile(join(dataDir, `${name}.port`), 'utf8').catch(() => '');
  const port = Number(text.trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
}

export async function rememberPort(dataDir: string, name: string, port: number): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, `${name}.port`), `${port}\n`);
}

/** Whether nothing listens on `port` of `host` (by trying to listen there). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

/** A port the system says is free now. */
export function anyFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The port to use when the setting is not given: the remembered one, else `preferred`, as
 * long as it is free; otherwise any free port. The caller remembers it once it works.
 */
export async function choosePort(dataDir: string, name: string, preferred: number, host = '127.0.0.1') {
  for (const candidate of [await rememberedPort(dataDir, name), preferred]) {
    if (candidate && (await isPortFree(candidate, host))) return candidate;
  }
  return anyFreePort(host);
}
