import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEFAULT_SCHEMA_DIR, exportBatch, importBatch, validate, validateXsd } from '@vigilo/e2b';

/**
 * The large case of the E2B bench (issue 26 item 11): FDA scenario 2 grown to about 2 MB of XML
 * with many reactions, drugs (each with its dosages and causality assessments) and tests. Export
 * and the built-in schema check are timed (wall clock, median of rounds) beside `xmllint
 * --schema` spawned on the same file (wall clock, whole run: it reads the schema each time, as
 * a user of it does). Target: both ≤ 1.5× xmllint.
 */
const here = import.meta.dirname;
const TARGET_BYTES = 2 * 1024 * 1024;

/** FDA scenario 2 as a case to grow: its batch, its document, the message, and a reaction and a drug to copy. */
export function seedCase() {
  const source = readFileSync(join(here, '..', 'e2b', 'test', 'examples', 'FAERS2022Scenario2.xml'), 'utf8');
  const imported = importBatch(source);
  const batch = imported.batch as Parameters<typeof exportBatch>[0];
  const [only] = imported.cases;
  const document = structuredClone(only!.document);
  const messages = [{ header: only!.header as never, document }];
  return {
    batch,
    document,
    messages,
    seedReaction: document.E!.reactions![0]!,
    seedDrug: document.G!.drugs![0]!,
  };
}

export function largeCase() {
  const { batch, document, messages, seedReaction, seedDrug } = seedCase();
  document.F ??= { tests: [] };
  document.F.tests ??= [];
  // Grow by reactions, drugs and tests, measuring every tenth.
  let n = 0;
  while (n % 10 !== 0 || Buffer.byteLength(exportBatch(batch, messages)) < TARGET_BYTES) {
    n++;
    const reaction = { ...structuredClone(seedReaction), id: randomUUID(), nativeTerm: `Reaction ${n}` };
    document.E!.reactions!.push(reaction);
    document.G!.drugs!.push({
      ...structuredClone(seedDrug),
      id: randomUUID(),
      name: `Drug ${n}`,
      reactionAssessments: [
        {
          reactionId: reaction.id,
          assessments: [
            { source: 'Primary source reporter', method: 'WHO-UMC', result: 'Possible' },
            { source: 'Sponsor', method: 'Naranjo', result: 'Probable (score 6)' },
          ],
        },
      ],
    });
    document.F.tests.push({
      date: `2022-01-0${(n % 9) + 1}`,
      name: `Test ${n}`,
      result: { value: String(n / 10), unit: 'mg/dL' },
      normalLow: '1',
      normalLowUnit: 'mg/dL',
      normalHigh: '100',
      normalHighUnit: 'mg/dL',
      comments: 'Repeated the next day with the same result.',
    });
  }
  return { batch, messages, xml: exportBatch(batch, messages), reactions: n };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
/** Wall-clock and CPU ms of one call. */
const timed = (fn: () => void): [number, number] => {
  const wall = performance.now();
  const cpu = cpuMs();
  fn();
  return [performance.now() - wall, cpuMs() - cpu];
};

/** xmllint spawned on the file: wall clock, and its CPU from the shell's `times` (children's user + system). */
function xmllint(schema: string, file: string): [number, number] {
  const wall = performance.now();
  const out = execFileSync(
    'bash',
    ['-c', 'xmllint --noout --schema "$1" "$2" >/dev/null 2>&1; s=$?; times; exit $s', 'bash', schema, file],
    { encoding: 'utf8' },
  );
  const elapsed = performance.now() - wall;
  const [user, system] = [...(out.trim().split('\n')[1] ?? '').matchAll(/(\d+)m([\d.]+)s/g)].map(
    (m) => (Number(m[1]) * 60 + Number(m[2])) * 1000,
  );
  if (user === undefined || system === undefined) throw new Error('no CPU time from the shell');
  return [elapsed, user + system];
}

type Row = { wall: number; cpu: number };
export interface LargeFigures {
  kb: number;
  reactions: number;
  rows: Record<'export' | 'schema' | 'read' | 'validate', Row>;
  xmllint: Row | undefined;
}

const OPERATIONS = {
  export: 'export (exportBatch: case document → XML)',
  schema: 'schema check (validateXsd, schema compiled once)',
  read: 'read (importBatch: XML → case document)',
  validate: "validate(xml, 'fda'): schema, read, ICH and FDA rules",
} as const;

/** Rounds interleaved (each operation, then xmllint), after one warm-up round; the median of each. */
export function measureLarge(rounds = Number(process.env.BENCH_ROUNDS ?? 5)): LargeFigures {
  const { batch, messages, xml, reactions } = largeCase();
  if (validateXsd(xml).length > 0) throw new Error('the large benchmark message must be valid');
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-bench-large-'));
  const file = join(dir, 'large.xml');
  writeFileSync(file, xml);
  const schema = join(DEFAULT_SCHEMA_DIR, 'multicacheschemas', 'MCCI_IN200100UV01.xsd');
  const ops: Record<keyof typeof OPERATIONS, () => void> = {
    export: () => exportBatch(batch, messages),
    schema: () => validateXsd(xml),
    read: () => importBatch(xml),
    validate: () => validate(xml, 'fda'),
  };
  const seen = new Map<string, [number, number][]>();
  const add = (k: string, v: [number, number]) => seen.set(k, [...(seen.get(k) ?? []), v]);
  let haveXmllint = true;
  try {
    for (let r = 0; r < rounds + 1; r++) {
      for (const [k, fn] of Object.entries(ops)) {
        const t = timed(fn);
        if (r > 0) add(k, t);
      }
      if (!haveXmllint) continue;
      try {
        const t = xmllint(schema, file);
        if (r > 0) add('xmllint', t);
      } catch {
        haveXmllint = false;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const row = (k: string): Row => {
    const xs = seen.get(k) ?? [];
    return { wall: median(xs.map((x) => x[0])), cpu: median(xs.map((x) => x[1])) };
  };
  return {
    kb: Buffer.byteLength(xml) / 1024,
    reactions,
    rows: { export: row('export'), schema: row('schema'), read: row('read'), validate: row('validate') },
    xmllint: haveXmllint ? row('xmllint') : undefined,
  };
}

export function printLarge(f: LargeFigures) {
  console.log(
    `\nLarge case: ${(f.kb / 1024).toFixed(2)} MB of XML (${f.reactions} reactions, ${f.reactions + 1} drugs, ${f.reactions} tests), median of the rounds; xmllint spawned on the same file (schema read included, as a user of it pays)\n`,
  );
  console.log('| operation | wall ms | × xmllint (wall) | CPU ms | × xmllint (CPU) | target |');
  console.log('|---|---:|---:|---:|---:|---|');
  const x = f.xmllint;
  const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(2) : 'n/a');
  for (const [k, label] of Object.entries(OPERATIONS)) {
    const r = f.rows[k as keyof typeof OPERATIONS];
    const target = k === 'export' || k === 'schema' ? '≤ 1.5' : '';
    console.log(
      `| ${label} | ${r.wall.toFixed(0)} | ${ratio(r.wall, x?.wall)} | ${r.cpu.toFixed(0)} | ${ratio(r.cpu, x?.cpu)} | ${target} |`,
    );
  }
  if (!x) console.log('| xmllint --schema | not installed | | | | |');
  else console.log(`| xmllint --schema, spawned | ${x.wall.toFixed(0)} | 1 | ${x.cpu.toFixed(0)} | 1 | |`);
}

if (import.meta.main) printLarge(measureLarge());
