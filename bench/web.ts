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
 * The case view (issue 24, decision 0311), as /cases/:id loads it: the signed-in layout, the
 * case view's page, and the lazy chunks the page draws without any action. Read, that is the
 * coding and causality sections; with the form open ("Edit the case", `?edit=1`), the form's
 * chunk instead (coding and causality are not drawn then). Each file is counted once. What
 * loads only on an action (the History tab, the E2B(R3) tab, an assessment's form, the
 * submission dialog, the MedDRA search of the coding section) is not counted.
 */
const CASE_VIEW_TARGET_KB = 250;
const caseView = ['AppLayout', 'CaseViewPage'];
const whileRead = [...caseView, 'ReactionCoding', 'CausalityMatrix'];
const withForm = [...caseView, 'CaseForm'];
const gzipOf = (pages: string[]) => {
  const known = new Set(report.routes.map((r) => r.page));
  const missing = pages.filter((page) => !known.has(page));
  // A renamed or no longer lazy chunk must not drop out of the count unnoticed.
  if (missing.length > 0) throw new Error(`bench/web.ts: no chunk named ${missing.join(', ')} in the build`);
  const files = new Set(report.routes.filter((r) => pages.includes(r.page)).flatMap((r) => r.fileNames));
  const kb = [...files].reduce((total, file) => total + (report.gzipByFile[file] ?? 0), 0) / 1024;
  return { kb, files: files.size };
};
const read = gzipOf(whileRead);
const editing = gzipOf(withForm);
console.log(
  `case view /cases/:id JavaScript (gzip): ${read.kb.toFixed(1)} KB read-only, ${editing.kb.toFixed(1)} KB with the case form in ${editing.files} files (target ≤ ${CASE_VIEW_TARGET_KB} KB: ${editing.kb <= CASE_VIEW_TARGET_KB ? 'met' : 'NOT met'})`,
);
console.log(`  counted: read-only ${whileRead.join(' + ')}; with the form ${withForm.join(' + ')}`);

const dir = join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'web-assets.json'),
  JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
);
