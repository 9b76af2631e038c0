import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * `npm run bench`: every benchmark in turn, each in its own process (server figures, E2B, the
 * web app's JavaScript, MedDRA). `BENCH_ONLY=<name>` runs one: `intake` (run.ts measures the
 * intake alone), `e2b`, `web`, `meddra`, `drugs`, `cases`, `submissions` or `case-message`. `BENCH_PROFILE=<folder>` writes CPU profiles there
 * (the server's from run.ts, the E2B library's from e2b.ts).
 */
const suite: { file: string; names: string[]; profileSelf?: boolean }[] = [
  { file: 'run.ts', names: ['intake'] },
  { file: 'e2b.ts', names: ['e2b'], profileSelf: true },
  { file: 'web.ts', names: ['web'] },
  { file: 'meddra.ts', names: ['meddra'] },
  { file: 'drugs.ts', names: ['drugs'] },
  { file: 'cases.ts', names: ['cases'] },
  { file: 'submissions.ts', names: ['submissions'] },
  { file: 'case-message.ts', names: ['case-message'] },
];
const only = process.env.BENCH_ONLY;
const chosen = only ? suite.filter((b) => b.names.includes(only)) : suite;
if (chosen.length === 0) {
  console.error(`BENCH_ONLY=${only} names no benchmark (${suite.flatMap((b) => b.names).join(', ')})`);
  process.exit(1);
}
const profile = process.env.BENCH_PROFILE;
for (const bench of chosen) {
  const nodeOptions =
    profile && bench.profileSelf ? `--cpu-prof --cpu-prof-dir=${profile}` : (process.env.NODE_OPTIONS ?? '');
  const run = spawnSync('tsx', [join(import.meta.dirname, bench.file)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_OPTIONS: nodeOptions },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
