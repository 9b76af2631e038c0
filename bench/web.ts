import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatReport, type SizeReport } from '../web/build/assets.ts';

/**
 * `npm run bench` (last part): builds the web app and prints the JavaScript each page loads,
 * gzip and brotli, from the build's own report (decision 0039: the sign-in page ≤ 200 KB gzip).
 */
const root = join(import.meta.dirname, '..');
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
const report = JSON.parse(await readFile(join(root, 'web', 'build-sizes.json'), 'utf8')) as SizeReport;

console.log('\nWeb app: JavaScript per page, as built (pre-compressed files served by the server)\n');
console.log(formatReport(report));

const dir = join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'web-assets.json'),
  JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
);
