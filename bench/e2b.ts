import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SCHEMA_DIR, exportBatch, importBatch, validate, validateXsd } from '@vigilo/e2b';
import { measureLarge, printLarge, seedCase } from './e2b-large.ts';

/**
 * `npm run bench` (E2B part; alone: `BENCH_ONLY=e2b npm run bench`): export, import and schema validation of one realistic case
 * (FDA scenario 2 grown to about 50 KB of XML) per CPU-second, and the same validation by Debian's
 * `xmllint --schema` given the same files in one call. Targets (issue #14): export ≥ 2,000
 * cases/s per core; validation ≤ 1.5× xmllint's time per message.
 */
// Grow the case to about 50 KB of XML with more reactions and drugs (fresh ids each time).
const { batch, document, messages, seedReaction, seedDrug } = seedCase();
while (Buffer.byteLength(exportBatch(batch, messages)) < 50 * 1024) {
  const reaction = { ...structuredClone(seedReaction), id: randomUUID() };
  document.E!.reactions!.push(reaction);
  document.G!.drugs!.push({
    ...structuredClone(seedDrug),
    id: randomUUID(),
    reactionAssessments: [{ reactionId: reaction.id, assessments: [{ result: 'Suspected' }] }],
  });
}
const xml = exportBatch(batch, messages);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_E2B_SECONDS ?? 2);

/**
 * CPU time (user + system, all of this process's threads) in ms: "per core" is per CPU-second,
 * which waiting for a core on a shared machine does not inflate the way wall time does.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `fn` for `seconds` of wall time, `rounds` times; the median rate per CPU-second. */
function rate(fn: () => void): number {
  for (let i = 0; i < 50; i++) fn();
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) rates.push(1000 / msPerCall(fn));
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
}

/** CPU ms per call of `fn`, over `seconds` of wall time. */
function msPerCall(fn: () => void): number {
  let n = 0;
  const wall = performance.now();
  const cpu = cpuMs();
  while (performance.now() - wall < seconds * 1000) {
    fn();
    n++;
  }
  return (cpuMs() - cpu) / n;
}

const loadBefore = loadavg();
const exportRate = rate(() => exportBatch(batch, messages));
const importRate = rate(() => importBatch(xml));
validateXsd(xml); // compiles the schema once, outside the measurement
// The whole of `validate` on a case document with the FDA profile: export, schema, ICH and FDA rules.
const fullRate = rate(() => validate({ batch, messages }, 'fda'));
const validateOnce = () => {
  if (validateXsd(xml).length > 0) throw new Error('the benchmark message must be valid');
};
for (let i = 0; i < 50; i++) validateOnce();

/**
 * One round of xmllint: its CPU time per message, (time for N files − time for 1 file) / (N − 1),
 * so that loading the schema is left out as it is for the library.
 */
function xmllintRound(dir: string): number {
  const count = 200;
  const files = Array.from({ length: count }, (_, i) => join(dir, `m${i}.xml`));
  const schema = join(DEFAULT_SCHEMA_DIR, 'multicacheschemas', 'MCCI_IN200100UV01.xsd');
  // The shell's `times` prints its children's CPU time (user, then system) on its second line.
  const run = (list: string[]) => {
    const out = execFileSync(
      'bash',
      // xmllint's own status is kept, so a missing xmllint (127) fails the round instead of timing nothing.
      ['-c', 'xmllint --noout --schema "$@" >/dev/null 2>&1; s=$?; times; exit $s', 'bash', schema, ...list],
      { encoding: 'utf8' },
    );
    const [user, system] = [...(out.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(
      (m) => (Number(m[1]) * 60 + Number(m[2])) * 1000,
    );
    if (user === undefined || system === undefined) throw new Error('no CPU time from the shell');
    return user + system;
  };
  return (run(files) - run(files.slice(0, 1))) / (count - 1);
}

/**
 * The library's validation and xmllint in interleaved rounds (library, xmllint, library…), so a
 * change of load on the shared machine weighs on both alike; the ratio is the median of the
 * rounds' ratios.
 */
const ours: number[] = [];
const theirs: number[] = [];
const ratios: number[] = [];
const dir = mkdtempSync(join(tmpdir(), 'vigilo-bench-e2b-'));
let haveXmllint = true;
try {
  for (let i = 0; i < 200; i++) writeFileSync(join(dir, `m${i}.xml`), xml);
  for (let r = 0; r < rounds; r++) {
    const mine = msPerCall(validateOnce);
    ours.push(mine);
    if (!haveXmllint) continue;
    try {
      const other = xmllintRound(dir);
      theirs.push(other);
      ratios.push(mine / other);
    } catch {
      haveXmllint = false;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ourMs = median(ours);
const validateRate = 1000 / ourMs;
const xmllintMs = haveXmllint ? median(theirs) : undefined;

console.log(
  `\nE2B(R3) library: one case of ${(Buffer.byteLength(xml) / 1024).toFixed(1)} KB XML, per CPU-second (user + system, so waiting for a core on a shared machine does not count), median of ${rounds} ${seconds}-s rounds\n`,
);
console.log('| operation | cases/s per core | CPU ms/case | target |');
console.log('|---|---:|---:|---|');
console.log(
  `| export (case document → XML) | ${exportRate.toFixed(0)} | ${(1000 / exportRate).toFixed(2)} | ≥ 2,000 cases/s |`,
);
console.log(
  `| import (XML → case document) | ${importRate.toFixed(0)} | ${(1000 / importRate).toFixed(2)} | |`,
);
console.log(
  `| XSD validation (schema compiled once) | ${validateRate.toFixed(0)} | ${ourMs.toFixed(2)} | ≤ 1.5× xmllint |`,
);
console.log(
  `| validate(case, 'fda'): export, schema, ICH and FDA rules | ${fullRate.toFixed(0)} | ${(1000 / fullRate).toFixed(2)} | |`,
);
if (xmllintMs === undefined) console.log('| xmllint --schema | not installed | | |');
else {
  console.log(
    `| xmllint --schema, ${200} files in one call | ${(1000 / xmllintMs).toFixed(0)} | ${xmllintMs.toFixed(2)} | |`,
  );
  console.log(
    `\nvalidation time / xmllint time per message: ${median(ratios).toFixed(2)}, median of ${ratios.length} interleaved rounds (${ratios.map((x) => x.toFixed(2)).join(', ')}; target ≤ 1.5)`,
  );
}
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(
  `\nLoad average (1, 5, 15 min) before: ${load(loadBefore)}, after: ${load(loadavg())} on ${availableParallelism()} cores (rates are per CPU-second, and the library and xmllint are measured in interleaved rounds, so load moves them less than wall time would).`,
);

// The 2 MB case beside xmllint on the same file (issue 26 item 11).
printLarge(measureLarge());
