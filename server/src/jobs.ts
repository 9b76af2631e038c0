import { deleteExpiredRefreshTokens, deleteStaleSecurityRows } from './modules/auth/auth.repository.ts';
import { deleteExpiredSsoRows } from './modules/sso/sso.repository.ts';
import type { Db } from './platform/db.ts';
import type { JobDefinition } from './platform/jobs.ts';
import type { Mailer } from './platform/mail.ts';

/** Every background job type, listed by hand like the routes. */
export function jobDefinitions(db: Db, mailer: Mailer): JobDefinition[] {
  return [
    mailer.job as JobDefinition,
    {
      name: 'auth.prune-refresh-tokens',
      cron: '17 3 * * *',
      handler: async () => {
        await deleteExpiredRefreshTokens(db);
      },
    },
    {
      name: 'auth.prune-security-rows',
      cron: '27 3 * * *',
      handler: async () => {
        await deleteStaleSecurityRows(db);
      },
    },
    {
      name: 'sso.prune-sign-in-states',
      cron: '*/15 * * * *',
      handler: async () => {
        await deleteExpiredSsoRows(db);
      },
    },
  ];
}
