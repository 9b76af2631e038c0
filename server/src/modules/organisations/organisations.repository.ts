import type { Db } from '../../platform/db.ts';

export async function insertPlatform(
  db: Db,
  values: { name: string; domain?: string | null; mfaMethods?: string[] },
): Promise<{ id: string }> {
  return db
    .insertInto('platforms')
    .values({ name: values.name, domain: values.domain ?? null, mfa_methods: values.mfaMethods ?? [] })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertOrganisation(
  db: Db,
  values: { platformId: string; name: string; kind?: string; country?: string | null },
): Promise<{ id: string }> {
  return db
    .insertInto('organisations')
    .values({
      platform_id: values.platformId,
      name: values.name,
      kind: values.kind ?? 'other',
      country: values.country ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
