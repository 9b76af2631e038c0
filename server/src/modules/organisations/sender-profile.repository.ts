import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

/** Sender profiles (decision 0242): one row per organisation, its C.3 fields in `details`. */
const own = { platform: 'p.platform_id', organisation: 'p.organisation_id' };

export async function findSenderProfile(db: Db, scope: Scope, organisationId: string) {
  return inScope(db.selectFrom('sender_profiles as p'), scope, own)
    .selectAll('p')
    .where('p.organisation_id', '=', organisationId)
    .executeTakeFirst();
}

export type SenderProfileRow = NonNullable<Awaited<ReturnType<typeof findSenderProfile>>>;

/** Writes the whole profile of an organisation, creating its row the first time. */
export async function saveSenderProfile(
  db: Db,
  scope: Scope,
  values: { platformId: string; organisationId: string; details: Record<string, unknown> },
): Promise<SenderProfileRow> {
  requireCovers(scope, values.platformId, values.organisationId, 'Organisation');
  const details = JSON.stringify(values.details);
  return db
    .insertInto('sender_profiles')
    .values({ platform_id: values.platformId, organisation_id: values.organisationId, details })
    .onConflict((oc) => oc.column('organisation_id').doUpdateSet({ details }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
