import type { Selectable } from 'kysely';
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
  due_days_serious: number;
  due_days_non_serious: number;
  transport: string;
  url: string | null;
  auth: string;
  ca_certificate: string | null;
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
