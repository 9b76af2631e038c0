import { areas, auditCatalogue } from './areas.ts';
import type { Config } from './config.ts';
import { useAuditCatalogue } from './platform/audit.ts';
import type { Db } from './platform/db.ts';
import type { JobDefinition, Jobs } from './platform/jobs.ts';
import type { Mailer } from './platform/mail.ts';
import { outboxPruneJob } from './platform/mail-retention.ts';

/** Every background job type: the mail outbox's, and each area's (src/areas.ts). */
export function jobDefinitions(db: Db, mailer: Mailer, config: Config, jobs: Jobs): JobDefinition[] {
  useAuditCatalogue(auditCatalogue());
  return [
    mailer.job as JobDefinition,
    outboxPruneJob(db, config.outboxRetentionDays),
    ...areas.flatMap((area) => area.jobs?.({ db, mailer, config, jobs }) ?? []),
  ];
}
