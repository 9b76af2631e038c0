import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SCHEMA_DIR, exportBatch, importBatch, validateXsd } from '@vigilo/e2b';

/**
 * `npm run bench` (E2B part; alone: `BENCH_ONLY=e2b npm run bench`): export, import and schema validation of one realistic case
 * (FDA scenario 2 grown to about 50 KB of XML) on one core, and the same validation by Debian's
 * `xmllint --schema` given the same files in one call. Targets (issue #14): export ≥ 2,000
 * cases/s per core; validation ≤ 1.5× xmllint's time per message.
 */
const here = import.meta.dirname;
const source = readFileSync(join(here, '..', 'e2b', 'test', 'examples', 'FAERS2022Scenario2.xml'), 'utf8');
const imported = importBatch(source);
const batch = imported.batch as Parameters<typeof exportBatch>[0];
const [only] = imported.cases;
// Grow the case to about 50 KB of XML with more reactions and drugs (fresh ids each time).
const document = structuredClone(only!.document);
const seedReaction = document.E!.reactions![0]!;
const seedDrug = document.G!.drugs![0]!;
const messages = [{ header: only!.header as never, document }];
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

/** Runs `fn` for `seconds`, `rounds` times, and keeps the median rate per second. */
function rate(fn: () => void): number {
  for (let i = 0; i < 50; i++) fn();
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < seconds * 1000) {
      fn();
      n++;
    }
    rates.push(n / ((performance.now() - start) / 1000));
  }
  return rates.sort((a, b) => a - b)[Math.floor(rates.length / 2)]!;
}

const loadBefore = loadavg();
const exportRate = rate(() => exportBatch(batch, messages));
const importRate = rate(() => importBatch(xml));
validateXsd(xml); // compiles the schema once, outside the measurement
const validateRate = rate(() => {
  if (validateXsd(xml).length > 0) throw new Error('the benchmark message must be valid');
});

/** xmllint's time per message: (time for N files − time for 1 file) / (N − 1), median of rounds. */
function xmllintMsPerMessage(): number | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-bench-e2b-'));
  try {
    const count = 200;
    const files = Array.from({ length: count }, (_, i) => {
      const file = join(dir, `m${i}.xml`);
      writeFileSync(file, xml);
      return file;
    });
    const schema = join(DEFAULT_SCHEMA_DIR, 'multicacheschemas', 'MCCI_IN200100UV01.xsd');
    const run = (list: string[]) => {
      const start = performance.now();
      execFileSync('xmllint', ['--noout', '--schema', schema, ...list], { stdio: 'ignore' });
      return performance.now() - start;
    };
    const perMessage: number[] = [];
    for (let r = 0; r < rounds; r++) perMessage.push((run(files) - run(files.slice(0, 1))) / (count - 1));
    return perMessage.sort((a, b) => a - b)[Math.floor(perMessage.length / 2)]!;
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const xmllintMs = xmllintMsPerMessage();
const ourMs = 1000 / validateRate;

console.log(
  `\nE2B(R3) library: one case of ${(Buffer.byteLength(xml) / 1024).toFixed(1)} KB XML, one core, median of ${rounds} ${seconds}-s rounds\n`,
);
console.log('| operation | cases/s | ms/case | target |');
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
if (xmllintMs === undefined) console.log('| xmllint --schema | not installed | | |');
else {
  console.log(
    `| xmllint --schema, ${200} files in one call | ${(1000 / xmllintMs).toFixed(0)} | ${xmllintMs.toFixed(2)} | |`,
  );
  console.log(
    `\nvalidation time / xmllint time per message: ${(ourMs / xmllintMs).toFixed(2)} (target ≤ 1.5)`,
  );
}
const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
console.log(
  `\nLoad average (1, 5, 15 min) before: ${load(loadBefore)}, after: ${load(loadavg())} on ${availableParallelism()} cores (a shared machine moves the rates; the ratio to xmllint, measured in the same run, holds better).`,
);
