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
 * The case view (issue 24, decisions 0311 and 0315), as /cases/:id loads it in English: the
 * signed-in layout, the case view's page, and the lazy chunks the page draws without any
 * action. Read, that is the coding and causality sections; with the form open ("Edit the
 * case", `?edit=1`), the form's chunk instead (coding and causality are not drawn then). Each
 * feature's texts are a chunk per language that those chunks fetch: the English ones they import
 * are counted too. Each file is counted once. What loads only on an action (the History tab,
 * the E2B(R3) tab, an assessment's form, the submission dialog, the MedDRA search of the coding
 * section) is not counted.
 */
const CASE_VIEW_TARGET_KB = 250;
const caseView = ['AppLayout', 'CaseViewPage'];
const whileRead = [...caseView, 'ReactionCoding', 'CausalityMatrix'];
const withForm = [...caseView, 'CaseForm'];
// The texts the case view draws with: stated, so that one cannot leave the count unnoticed.
const caseTexts = ['features/cases/texts/en.json', 'features/cases/case-document/texts/en.json'];
const textsRead = [...caseTexts, 'features/cases/texts/causality-en.json'];
const textsWithForm = [...caseTexts, 'components/pickers/texts/en.json'];
const gzipOf = (pages: string[], texts: string[]) => {
  const known = new Set(report.routes.map((r) => r.page));
  const missing = pages.filter((page) => !known.has(page));
  // A renamed or no longer lazy chunk must not drop out of the count unnoticed.
  if (missing.length > 0) throw new Error(`bench/web.ts: no chunk named ${missing.join(', ')} in the build`);
  const files = new Set(report.routes.filter((r) => pages.includes(r.page)).flatMap((r) => r.fileNames));
  const english = Object.entries(report.texts).filter(
    ([, chunk]) => chunk.language === 'en' && chunk.importedBy.some((file) => files.has(file)),
  );
  const counted = english.map(([, chunk]) => chunk.module);
  const notFetched = texts.filter((module) => !counted.includes(module));
  if (notFetched.length > 0)
    throw new Error(
      `bench/web.ts: ${notFetched.join(', ')} is not a chunk that ${pages.join(' + ')} fetches`,
    );
  for (const [file] of english) files.add(file);
  const kb = [...files].reduce((total, file) => total + (report.gzipByFile[file] ?? 0), 0) / 1024;
  return { kb, files: files.size, texts: counted };
};
const read = gzipOf(whileRead, textsRead);
const editing = gzipOf(withForm, textsWithForm);
console.log(
  `case view /cases/:id JavaScript (gzip): ${read.kb.toFixed(1)} KB read-only, ${editing.kb.toFixed(1)} KB with the case form in ${editing.files} files (target ≤ ${CASE_VIEW_TARGET_KB} KB: ${editing.kb <= CASE_VIEW_TARGET_KB ? 'met' : 'NOT met'})`,
);
console.log(`  counted: read-only ${whileRead.join(' + ')}; with the form ${withForm.join(' + ')}`);
console.log(
  `  and their English texts: read-only ${read.texts.join(', ')}; with the form ${editing.texts.join(', ')}`,
);

const dir = join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
await writeFile(
  join(dir, 'web-assets.json'),
  JSON.stringify({ at: new Date().toISOString(), ...report }, null, 2),
);
