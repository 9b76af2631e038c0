import type { Area } from '../../platform/area.ts';
import { hourlyVerification } from '../../platform/audit-chain.ts';
import { healthRoutes } from './health.routes.ts';

/**
 * The job that verifies the audit chain every hour from the heads of the run before (in full once
 * a day) and records the position the health check reports.
 */
const AUDIT_VERIFY_JOB = 'audit-verify';

/** The health area: what it adds to the server (see platform/area.ts). */
export const healthArea: Area = {
  name: 'health',
  routes: healthRoutes,
  jobs: ({ db }) => [
    {
      name: AUDIT_VERIFY_JOB,
      cron: '37 * * * *',
      handler: async () => {
        await hourlyVerification(db);
      },
    },
  ],
};
