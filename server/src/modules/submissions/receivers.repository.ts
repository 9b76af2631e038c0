import { type Selectable, sql } from 'kysely';
import { dbNow } from '../../db/columns.ts';
import type { ReceiverTable } from '../../db/tables/organisations.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

/** Receivers of organisations (decision 0170); platform-level catalogue rows are not receivers one sends to. */
const own = { platform: 'r.platform_id', organisation: 'r.organisation_id' };

export type ReceiverRow = Selectable<ReceiverTable> & { organisation_id: string };

const select = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('receivers as r'), scope, own)
    .selectAll('r')
    .where('r.organisation_id', 'is not', null)
    .$narrowType<{ organisation_id: string }>();

/** The receivers a scope sees, of one organisation or of all, by name. */
export async function listReceivers(db: Db, scope: Scope, organisationId?: string): Promise<ReceiverRow[]> {
  let q = select(db, scope);
  if (organisationId) q = q.where('r.organisation_id', '=', organisationId);
  return q.orderBy('r.name').orderBy('r.id').execute();
}

export async function findReceiver(db: Db, scope: Scope, id: string): Promise<ReceiverRow | undefined> {
  return select(db, scope).where('r.id', '=', id).executeTakeFirst();
}

/** The receivers among `ids` that belong to `organisationId`, locked for the distribution's transaction. */
export async function receiversOf(db: Db, scope: Scope, organisationId: string, ids: readonly string[]) {
  return select(db, scope)
    .where('r.organisation_id', '=', organisationId)
    .where('r.id', 'in', [...ids])
    .forShare()
    .execute();
}

/** The receivers of `organisationId` that carry a distribution rule, locked for the distribution's transaction. */
export async function ruledReceivers(db: Db, scope: Scope, organisationId: string) {
  return select(db, scope)
    .where('r.organisation_id', '=', organisationId)
    .where('r.rule', 'is not', null)
    .orderBy('r.name')
    .orderBy('r.id')
    .forShare()
    .execute();
}

/** What a receiver's columns are set to (every one, credentials aside when `credentials_sealed` is undefined). */
export interface ReceiverValues {
  name: string;
  code: string | null;
  batch_sender: string | null;
  batch_receiver: string | null;
  message_sender: string | null;
  message_receiver: string | null;
  profile: string;
  mask_personal_data: boolean;
  fda_route: string;
  due_days_serious: number;
  due_days_non_serious: number;
  transport: string;
  url: string | null;
  auth: string;
  ca_certificate: string | null;
  is_default: boolean;
  as2_from: string | null;
  as2_to: string | null;
  as2_partner_certificate: string | null;
  as2_encryption: string;
  as2_signing: string;
  rule: string | null;
  requires_review: boolean;
  delivery_attempts: number;
  credentials_sealed?: string | null;
}

export async function insertReceiver(
  db: Db,
  scope: Scope,
  of: { platformId: string; organisationId: string },
  values: ReceiverValues,
): Promise<string> {
  requireCovers(scope, of.platformId, of.organisationId, 'Organisation');
  const row = await db
    .insertInto('receivers')
    .values({ platform_id: of.platformId, organisation_id: of.organisationId, ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReceiver(db: Db, scope: Scope, id: string, values: ReceiverValues) {
  await inScope(db.updateTable('receivers as r'), scope, own)
    .set({ ...values, updated_at: dbNow() })
    .where('r.id', '=', id)
    .execute();
}

export async function deleteReceiver(db: Db, scope: Scope, id: string) {
  await inScope(db.deleteFrom('receivers as r'), scope, own).where('r.id', '=', id).execute();
}

/** Whether any submission report names the receiver (then it is kept: the history needs it). */
export async function receiverInUse(db: Db, scope: Scope, id: string): Promise<boolean> {
  const row = await inScope(db.selectFrom('submission_reports as s'), scope, {
    platform: 's.platform_id',
    organisation: 's.organisation_id',
  })
    .select('s.id')
    .where('s.receiver_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Clears the default flag of the organisation's other receivers (decision 0200), answering
 * the rows as they were. Choices of the default of one organisation are taken one at a time
 * (a lock for the transaction), so the last one wins and the unique index never trips.
 */
export async function clearOtherDefaults(
  db: Db,
  scope: Scope,
  organisationId: string,
  keepId: string | undefined,
): Promise<ReceiverRow[]> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('receivers-default'), hashtext(${organisationId}))`.execute(
    db,
  );
  let q = select(db, scope).where('r.organisation_id', '=', organisationId).where('r.is_default', '=', true);
  if (keepId) q = q.where('r.id', '!=', keepId);
  const before = await q.forUpdate().execute();
  if (before.length > 0)
    await inScope(db.updateTable('receivers as r'), scope, own)
      .set({ is_default: false, updated_at: dbNow() })
      .where(
        'r.id',
        'in',
        before.map((r) => r.id),
      )
      .execute();
  return before;
}

/** The organisation's default receiver, if it named one (decision 0200). */
export async function findDefaultReceiver(
  db: Db,
  scope: Scope,
  organisationId: string,
): Promise<ReceiverRow | undefined> {
  return select(db, scope)
    .where('r.organisation_id', '=', organisationId)
    .where('r.is_default', '=', true)
    .executeTakeFirst();
}
