import { Health } from '@vigilo/contract';
import { sql } from 'kysely';
import type { AppInstance } from '../../app.ts';

const version = process.env.npm_package_version ?? '0.1.0';

async function timed(check: () => Promise<unknown>) {
  const start = performance.now();
  try {
    await check();
    return { status: 'ok' as const, latencyMs: Math.round((performance.now() - start) * 10) / 10 };
  } catch {
    // The reason goes to the log, not to an unauthenticated caller.
    return { status: 'down' as const, detail: 'unreachable' };
  }
}

export function healthRoutes(app: AppInstance): void {
  app.get(
    '/v1/health-check',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['Health'],
        summary: 'Is the service up: database and job queue',
        response: { 200: Health, 503: Health },
      },
    },
    async (_request, reply) => {
      const [database, jobs] = await Promise.all([
        timed(() => sql`SELECT 1`.execute(app.deps.db)),
        timed(() => app.deps.jobs.check()),
      ]);
      const ok = database.status === 'ok' && jobs.status === 'ok';
      const body = {
        status: ok ? ('ok' as const) : ('degraded' as const),
        version,
        uptimeSeconds: Math.round(process.uptime()),
        database,
        jobs,
      };
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
