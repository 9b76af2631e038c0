import type { Config } from '../../config.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { systemScope } from '../../platform/scope.ts';
import type { Storage } from '../../platform/storage.ts';
import { findAbandonedUploads, markAbandonedDeleted } from './files.repository.ts';

/** The background job that removes abandoned uploads (files.area.ts), hourly. */
export const ABANDONED_UPLOADS_JOB = 'files.remove-abandoned-uploads';
const BATCH = 100;

/**
 * Removes the uploads (link, multipart start) that no report named within
 * STORAGE_ABANDONED_UPLOAD_HOURS (decision 0090): each row is marked deleted and audited as
 * `file.deleted` in one transaction (skipped when a report named it meanwhile), then its
 * bytes, or its unfinished multipart upload, are removed. Answers how many went.
 */
export async function removeAbandonedUploads(
  db: Db,
  storage: Storage,
  config: Pick<Config, 'storage'>,
  requestId: string | null = null,
): Promise<number> {
  const hours = config.storage.abandonedUploadHours;
  let removed = 0;
  for (;;) {
    const rows = await findAbandonedUploads(db, systemScope, hours, BATCH);
    for (const row of rows) {
      const marked = await withTransaction(db, async (tx) => {
        if (!(await markAbandonedDeleted(tx, systemScope, row.id))) return false;
        await audit(tx, {
          action: 'file.deleted',
          entityType: 'file',
          entityId: row.id,
          platformId: row.platform_id,
          organisationId: row.organisation_id,
          before: { name: row.name, folder: row.folder },
          after: null,
          reason: `abandoned: no report named it within ${hours} hours of its upload`,
          details: { abandoned: true, status: row.status },
          requestId,
        });
        return true;
      });
      if (!marked) continue;
      if (row.upload_id) await storage.abortMultipart(row.storage_key, row.upload_id).catch(() => {});
      await storage.remove(row.storage_key);
      removed++;
    }
    if (rows.length < BATCH) return removed;
  }
}
