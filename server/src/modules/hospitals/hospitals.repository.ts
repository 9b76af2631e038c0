import type { Hospital, HospitalLookup } from '@vigilo/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';

/** Where an organisation's rows live: the filter every list here takes. */
export interface OrganisationRef {
  platformId: string;
  organisationId: string;
}

const hospitalScope = { platform: 'h.platform_id', organisation: 'h.organisation_id' };

// Rows without an organisation (decision 0013 allowed platform-level catalogue rows) are no one's hospitals.
const selectHospitals = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('hospitals as h'), scope, hospitalScope)
    .where('h.organisation_id', 'is not', null)
    .select([
      'h.id',
      'h.platform_id',
      'h.organisation_id',
      'h.name',
      'h.code',
      'h.city',
      'h.country',
      'h.active',
      'h.created_at',
      'h.updated_at',
    ]);

export type HospitalRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof selectHospitals>['executeTakeFirst']>>
>;

export const toHospital = (row: HospitalRow): Hospital => ({
  id: row.id,
  platformId: row.platform_id,
  organisationId: row.organisation_id!,
  name: row.name,
  code: row.code,
  city: row.city,
  country: row.country,
  active: row.active,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export const toLookup = (row: HospitalRow): HospitalLookup => ({
  id: row.id,
  name: row.name,
  code: row.code,
  city: row.city,
  active: row.active,
});

export interface HospitalFilter {
  query?: string;
  includeInactive: boolean;
  ids?: readonly string[];
}

const words = (query: string | undefined) =>
  (query ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);

/**
 * One organisation's hospitals matching `filter`: every typed word starts a word of the
 * name, city or code (accents and case folded), the name starting with the first word
 * first, then by name; at most `limit`.
 */
export async function listHospitals(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  filter: HospitalFilter,
  limit: number,
) {
  let q = selectHospitals(db, scope)
    .where('h.platform_id', '=', organisation.platformId)
    .where('h.organisation_id', '=', organisation.organisationId);
  if (!filter.includeInactive) q = q.where('h.active', '=', true);
  if (filter.ids) q = q.where('h.id', '=', sql<string>`any(${[...filter.ids]}::uuid[])`);
  const typed = words(filter.query);
  for (const word of typed) q = q.where(sql<boolean>`h.search ~ ('\\m' || fold_text(${word}))`);
  return q
    .orderBy(sql`fold_text(h.name) LIKE fold_text(${typed[0] ?? ''}) || '%'`, 'desc')
    .orderBy('h.name')
    .orderBy('h.id')
    .limit(limit)
    .execute();
}

export async function findHospital(db: Db, scope: Scope, id: string) {
  return selectHospitals(db, scope).where('h.id', '=', id).executeTakeFirst();
}

export interface HospitalValues {
  name: string;
  code: string | null;
  city: string | null;
  country: string | null;
  active: boolean;
}

export async function insertHospital(
  db: Db,
  scope: Scope,
  organisation: OrganisationRef,
  values: HospitalValues,
): Promise<{ id: string }> {
  requireCovers(scope, organisation.platformId, organisation.organisationId, 'Organisation');
  return db
    .insertInto('hospitals')
    .values({
      platform_id: organisation.platformId,
      organisation_id: organisation.organisationId,
      name: values.name,
      code: values.code,
      city: values.city,
      country: values.country,
      active: values.active,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function updateHospital(
  db: Db,
  scope: Scope,
  id: string,
  values: HospitalValues,
): Promise<void> {
  await inScope(db.updateTable('hospitals as h'), scope, hospitalScope)
    .set({
      name: values.name,
      code: values.code,
      city: values.city,
      country: values.country,
      active: values.active,
      updated_at: sql`now()`,
    })
    .where('h.id', '=', id)
    .execute();
}

export async function deleteHospital(db: Db, scope: Scope, id: string): Promise<void> {
  await inScope(db.deleteFrom('hospitals as h'), scope, hospitalScope).where('h.id', '=', id).execute();
}
