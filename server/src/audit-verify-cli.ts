import { readFile } from 'node:fs/promises';
import { loadConfig } from './config.ts';
import { type AuditChainReport, type ChainHead, verifyAndRecord } from './platform/audit-chain.ts';
import { openDatabase } from './platform/database.ts';
import { withLocalDefaults } from './platform/local-state.ts';
import { runProcess } from './platform/startup.ts';

/**
 * `npm run audit:verify` (decision 0328): walks every audit chain from its first position,
 * records the run (what the health check reports) and prints OK with the count and the last
 * position, or the first broken row of each broken chain, and exits 1. In full by default: the
 * person who asks by hand wants the whole proof. `-- --incremental` walks from the heads of the
 * last run that held, as the hourly job does. `--heads` also prints each chain's head as
 * JSON, to keep outside the database; `--expect <file>` checks the chains still pass through
 * the heads of such a file (a chain rewritten from an earlier point fails there).
 */
export function reportLines(report: AuditChainReport & { full: boolean }): string[] {
  if (report.ok) {
    const last = report.last ? `; last position: row ${report.last.auditId} at ${report.last.at}` : '';
    const walk = report.full
      ? ''
      : ` (incremental: ${report.checked} links checked from the last verified heads)`;
    return [`OK: ${report.rows} audit rows in ${report.chains} chains verified${last}${walk}`];
  }
  return [
    `BROKEN: ${report.breaks.length} chain(s) do not verify (${report.rows} rows read)`,
    ...report.breaks.map(
      (b) =>
        `first broken row: id ${b.auditId}${b.at ? ` at ${b.at}` : ''}, chain ${b.chainKey} position ${b.position}: ${b.problem}`,
    ),
  ];
}

runProcess(async () => {
  const args = process.argv.slice(2);
  const expectAt = args.indexOf('--expect');
  const expected =
    expectAt >= 0
      ? (JSON.parse(await readFile(args[expectAt + 1] ?? '', 'utf8')) as Record<string, ChainHead>)
      : {};
  const database = await openDatabase(loadConfig(await withLocalDefaults(process.env, { httpPort: false })));
  try {
    const mode = args.includes('--incremental') ? 'incremental' : 'full';
    const report = await verifyAndRecord(database.db, 'cli', expected, mode);
    for (const line of reportLines(report)) console.log(line);
    if (args.includes('--heads')) console.log(JSON.stringify(report.heads, null, 2));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await database.close();
  }
});
