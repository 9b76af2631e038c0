import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { chmod, cp, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/**
 * PostgreSQL refuses to run as root. Started by root, the embedded server runs as the
 * `postgres` system user (created if missing), which must be able to enter every folder
 * above its binaries and its data. A fresh `git clone` into `mktemp -d` (mode 700) is
 * closed to it, so what it cannot reach is placed under /var/lib/vigilo, a root-owned
 * folder others may enter but not change. See docs/decisions/0020-quick-start.md.
 */
export const SHARED_ROOT = '/var/lib/vigilo';

export interface RunAs {
  uid: number;
  gid: number;
}

/** The `postgres` user to run as when we are root (created if missing); null otherwise. */
export function postgresUser(): RunAs | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    if (!groupExists('postgres')) execFileSync('groupadd', ['--system', 'postgres']);
    execFileSync('useradd', [
      '--system',
      '--gid',
      'postgres',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return { uid: id('-u'), gid: id('-g') };
  }
}

function groupExists(name: string): boolean {
  try {
    execFileSync('getent', ['group', name]);
    return true;
  } catch {
    return false;
  }
}

/** Whether `user` may enter `path` and every folder above it. */
export function reachable(path: string, user: RunAs): boolean {
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    if (existsSync(dir)) {
      const { mode, uid, gid } = statSync(dir);
      const bit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
      if ((mode & bit) === 0) return false;
    }
    if (dir === dirname(dir)) return true;
  }
}

/** A root-owned folder under /var/lib/vigilo that others may enter (mode 755). */
async function sharedFolder(...parts: string[]): Promise<string> {
  await mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
  await chmod(SHARED_ROOT, 0o755);
  const folder = join(SHARED_ROOT, ...parts);
  await mkdir(folder, { recursive: true, mode: 0o755 });
  return folder;
}

/**
 * The binaries' folder as `user` can reach it: the package's own, or a copy made once per
 * version under /var/lib/vigilo (copied to a temporary name, then renamed, so a half
 * copy is never used).
 */
export async function reachableBinaries(
  nativeDir: string,
  version: string,
  user: RunAs | null,
): Promise<string> {
  if (!user || reachable(join(nativeDir, 'bin'), user)) return nativeDir;
  const target = join(await sharedFolder(), `postgres-${version}-${process.platform}-${process.arch}`);
  if (!existsSync(join(target, 'bin'))) {
    const partial = `${target}.partial-${process.pid}`;
    await rm(partial, { recursive: true, force: true });
    await cp(nativeDir, partial, { recursive: true, verbatimSymlinks: true });
    await rename(partial, target).catch(async (error) => {
      // Another process finished its copy first: use that one.
      await rm(partial, { recursive: true, force: true });
      if (!existsSync(join(target, 'bin'))) throw error;
    });
  }
  return target;
}

/**
 * Where the cluster's files live: `<dataDir>/postgres`, or, when `user` cannot reach the
 * data folder, a folder under /var/lib/vigilo named after the data folder's path (the same
 * checkout finds its data again; another checkout gets its own).
 */
export async function clusterFolder(dataDir: string, user: RunAs | null): Promise<string> {
  const own = join(dataDir, 'postgres');
  if (!user || reachable(dataDir, user)) return own;
  const id = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16);
  return join(await sharedFolder('clusters', id), 'postgres');
}
