import { isDatabaseUnavailable } from './database-errors.ts';

/**
 * Runs a process's start-up (`npm start`, `npm run worker`, `npm run db:migrate`). A failure
 * prints one sentence and exits non-zero, never a stack trace or `undefined`, and never
 * hangs. Once started, a database error that escaped its handler is logged, not fatal:
 * the process keeps serving and recovers when the database is back.
 */
export function runProcess(main: () => Promise<void>): void {
  const survive = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    // Every client handles its own errors; reaching this line is a bug worth seeing.
    console.error(`[db] unhandled database error (kept running): ${(error as Error).message}`);
  };
  process.on('unhandledRejection', survive);
  process.on('uncaughtException', (error) => {
    try {
      survive(error);
    } catch {
      console.error(error);
      process.exit(1);
    }
  });
  main().catch((error: unknown) => {
    console.error(`Vigilo could not start: ${startupMessage(error)}`);
    process.exit(1);
  });
}

/** One plain sentence for a start-up failure. */
export function startupMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'an unknown error stopped it (no message was given).';
}
