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

/**
 * The case view with its form (issue 24): what /cases/:id loads once "Edit the case" is chosen,
 * the signed-in layout, the case view's page and the form's chunk, each file counted once.
 */
const CASE_VIEW_TARGET_KB = 250;
const pages = ['AppLayout', 'CaseViewPage', 'CaseForm'];
const loaded = new Set(report.routes.filter((r) => pages.includes(r.page)).flatMap((r) => r.fileNames));
const caseViewGzip = [...loaded].reduce((total, file) => total + (report.gzipByFile[file] ?? 0), 0) / 1024;
const viewOnly = new Set(
  report.routes
    .filter((r) => r.page === 'AppLayout' || r.page === 'CaseViewPage')
    .flatMap((r) => r.fileNames),
);
const viewGzip = [...viewOnly].reduce((total, file) => total + (report.gzipByFile[file] ?? 0), 0) / 1024;
console.log(
  `case view /cases/:id JavaScript (gzip): ${viewGzip.toFixed(1)} KB read-only, ${caseViewGzip.toFixed(1)} KB with the case form in ${loaded.size} files (target ≤ ${CASE_VIEW_TARGET_KB} KB: ${caseViewGzip <= CASE_VIEW_TARGET_KB ? 'met' : 'NOT met'})`,
);

const dir = join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'web-assets.json'),
  JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
);
