import { Health } from '@vigilo/contract';
import { sql } from 'kysely';
import type { AppInstance } from '../../platform/app-types.ts';
import { auditTrailHealth } from '../../platform/audit-chain.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../platform/database-errors.ts';

const version = process.env.npm_package_version ?? '0.1.0';

/** Runs one check; a check with no answer within `limitMs` counts as down (the caller never hangs). */
async function timed(check: () => Promise<unknown>, limitMs: number) {
  const start = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('no answer in time')), limitMs);
  });
  try {
    await Promise.race([check(), limit]);
    return { status: 'ok' as const, latencyMs: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    // The reason goes to the log, not to an unauthenticated caller.
    return { status: 'down' as const, detail: 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(app: AppInstance): void {
  app.get(
    '/v1/health-check',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Health'],
        summary: "Is the service up: database and job queue; the audit trail's last verified position",
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const limitMs = app.deps.config.dbConnectTimeoutMs;
      let auditTrail: Awaited<ReturnType<typeof auditTrailHealth>> | { status: 'unknown' } = {
        status: 'unknown',
      };
      const [database, jobs] = await Promise.all([
        timed(() => sql`SELECT 1`.execute(app.deps.db), limitMs),
        timed(() => app.deps.jobs.check(), limitMs),
        // Reported, not a reason for 503: a broken chain is evidence to act on, not an outage.
        timed(async () => {
          auditTrail = await auditTrailHealth(app.deps.db);
        }, limitMs),
      ]);
      const ok = database.status === 'ok' && jobs.status === 'ok';
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database,
        jobs,
        auditTrail,
      };
      if (!ok) reply.header('retry-after', DATABASE_RETRY_AFTER_SECONDS);
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
