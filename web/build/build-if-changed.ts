import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { STAMP_FILE, webSourceStamp } from './stamp.ts';

/**
 * `npm start`'s first step: builds the web app only when its sources changed since web/dist
 * was built (the stamp in web/dist matches), so a start with nothing changed skips the ~75 s
 * build. `npm run build` always builds.
 */
const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'web', 'dist');
const stamp = await webSourceStamp(root);
const built = await readFile(join(dist, STAMP_FILE), 'utf8').catch(() => null);
if (built?.trim() === stamp && existsSync(join(dist, 'index.html'))) {
  console.log('web app: sources unchanged since web/dist was built, not rebuilt');
} else {
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  await writeFile(join(dist, STAMP_FILE), `${stamp}\n`);
}
