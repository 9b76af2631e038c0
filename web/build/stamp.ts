import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/**
 * What the built web app is made from, relative to the repository root: its sources, its
 * build set-up, the contract and client it imports, and the locked dependency versions. Tests
 * are left out (they are not built).
 */
const FILES = ['package-lock.json', 'web/index.html', 'web/package.json', 'web/vite.config.ts'];
const FOLDERS = ['web/src', 'web/public', 'web/build', 'contract/src', 'client/src'];
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

/** The file name, in web/dist, of the stamp of the sources it was built from. */
export const STAMP_FILE = '.source-stamp';

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const entries = await readdir(join(root, folder), { withFileTypes: true, recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !isTest(path));
}

/**
 * A hash of every file the web build reads (paths and contents, in a fixed order): the same
 * while nothing changed, another as soon as one file is changed, added, removed or renamed.
 */
export async function webSourceStamp(root: string): Promise<string> {
  const listed = await Promise.all(FOLDERS.map((folder) => filesUnder(root, folder)));
  const paths = [...FILES, ...listed.flat()].sort();
  const hash = createHash('sha256');
  for (const path of paths) {
    const content = await readFile(join(root, path)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (content === null) continue;
    hash.update(`${path}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}
