import type { Db } from './db.ts';

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId?: string | null;
  platformId?: string | null;
  organisationId?: string | null;
  actorUserId?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  requestId?: string | null;
}

/**
 * Appends one audit row. Call it with the transaction that makes the change, so the
 * change and its record commit together. The table refuses UPDATE and DELETE.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId ?? null,
      platform_id: entry.platformId ?? null,
      organisation_id: entry.organisationId ?? null,
      actor_user_id: entry.actorUserId ?? null,
      old_value: entry.oldValue === undefined ? undefined : JSON.stringify(entry.oldValue),
      new_value: entry.newValue === undefined ? undefined : JSON.stringify(entry.newValue),
      request_id: entry.requestId ?? null,
    })
    .execute();
}
