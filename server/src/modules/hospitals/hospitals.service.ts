import type {
  Hospital,
  HospitalCreateBody,
  HospitalLookup,
  HospitalLookupQuery,
  HospitalPatch,
} from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { mergePatch } from '../../platform/merge-patch.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { isCountry } from '../reports/reports.codes.ts';
import { hospitalPolicy } from './hospitals.policy.ts';
import {
  deleteHospital,
  findHospital,
  type HospitalFilter,
  type HospitalRow,
  type HospitalValues,
  insertHospital,
  listHospitals,
  type OrganisationRef,
  toHospital,
  toLookup,
  updateHospital,
} from './hospitals.repository.ts';

/** The most a list answers (decision 0110's rule for plain lists). */
export const LIST_LIMIT = 500;

/** The organisation a list or a new hospital is for, checked (404 outside the caller's scope). */
async function organisationFor(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  field: string,
  rule: keyof typeof hospitalPolicy,
): Promise<OrganisationRef> {
  const target = await organisationTarget(db, actor, organisationId, field);
  requireAccess(actor, hospitalPolicy[rule], target, 'Organisation');
  return target;
}

const accessibleHospital = (db: Db, actor: Actor, rule: keyof typeof hospitalPolicy, id: string) =>
  loadForAccess(db, actor, findHospital, id, {
    rule: hospitalPolicy[rule],
    what: 'Hospital',
    target: rowTarget,
  });

/** GET /v1/hospitals and GET /v1/organisation/{id}/hospitals. */
export async function findHospitals(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  filter: HospitalFilter,
  field = 'query/organisationId',
): Promise<Hospital[]> {
  const organisation = await organisationFor(db, actor, organisationId, field, 'read');
  return (await listHospitals(db, scopeFor(actor), organisation, filter, LIST_LIMIT)).map(toHospital);
}

/**
 * GET /v1/hospitals/lookup: for a picker, the active hospitals matching `query`; with `ids`,
 * the hospitals a stored report names (inactive ones too), in the order asked.
 */
export async function lookupHospitals(
  db: Db,
  actor: Actor,
  query: HospitalLookupQuery,
): Promise<HospitalLookup[]> {
  const organisation = await organisationFor(db, actor, query.organisationId, 'query/organisationId', 'read');
  const ids =
    query.ids === undefined
      ? undefined
      : [
          ...new Set(
            query.ids
              .split(',')
              .map((i) => i.trim())
              .filter(Boolean),
          ),
        ];
  if (ids) {
    const bad = ids.findIndex(
      (id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
    );
    if (bad >= 0 || ids.length > 100)
      throw new AppError('VALIDATION_FAILED', 'ids must be at most 100 hospital ids, comma-separated', {
        fields: [
          { field: 'querystring/ids', message: 'must be at most 100 ids, comma-separated', reason: 'format' },
        ],
      });
  }
  const rows = await listHospitals(
    db,
    scopeFor(actor),
    organisation,
    { query: query.query, includeInactive: ids !== undefined, ids },
    ids ? ids.length : (query.limit ?? 20),
  );
  if (!ids) return rows.map(toLookup);
  const byId = new Map(rows.map((r) => [r.id, toLookup(r)]));
  return ids.flatMap((id) => byId.get(id.toLowerCase()) ?? []);
}

export async function getHospital(db: Db, actor: Actor, id: string): Promise<Hospital> {
  return toHospital(await accessibleHospital(db, actor, 'read', id));
}

function checkCountry(country: string | null): void {
  if (country !== null && !isCountry(country))
    throw new AppError('VALIDATION_FAILED', `country ${country} is not an ISO 3166 country code`, {
      fields: [
        {
          field: 'body/country',
          message: 'is not an ISO 3166 country code (for example FR)',
          reason: 'choice',
        },
      ],
    });
}

export async function createHospital(
  db: Db,
  actor: Actor,
  body: HospitalCreateBody,
  requestId: string,
): Promise<Hospital> {
  const organisation = await organisationFor(db, actor, body.organisationId, 'body/organisationId', 'change');
  const values: HospitalValues = {
    name: body.name.trim(),
    code: body.code ?? null,
    city: body.city ?? null,
    country: body.country ?? null,
    active: body.active ?? true,
  };
  checkCountry(values.country);
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    const { id } = await insertHospital(tx, scope, organisation, values);
    const created = toHospital((await findHospital(tx, scope, id))!);
    await audit(tx, {
      action: 'hospital.created',
      entityType: 'hospital',
      entityId: id,
      platformId: organisation.platformId,
      organisationId: organisation.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return created;
  });
}

const editable = (row: HospitalRow): HospitalValues => ({
  name: row.name,
  code: row.code,
  city: row.city,
  country: row.country,
  active: row.active,
});

/** PATCH /v1/hospitals/{id}: the merge patch applied to the editable fields. */
export async function patchHospital(
  db: Db,
  actor: Actor,
  id: string,
  patch: HospitalPatch,
  requestId: string,
): Promise<Hospital> {
  const row = await accessibleHospital(db, actor, 'change', id);
  const merged = mergePatch(editable(row), patch) as Partial<HospitalValues>;
  const values: HospitalValues = {
    name: (merged.name ?? row.name).trim(),
    code: merged.code ?? null,
    city: merged.city ?? null,
    country: merged.country ?? null,
    active: merged.active ?? row.active,
  };
  checkCountry(values.country);
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    await updateHospital(tx, scope, id, values);
    const updated = toHospital((await findHospital(tx, scope, id))!);
    await audit(tx, {
      action: 'hospital.updated',
      entityType: 'hospital',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toHospital(row),
      after: updated,
      requestId,
    });
    return updated;
  });
}

/** DELETE /v1/hospitals/{id}. Reports keep the name they were sent with; pickers no longer offer it. */
export async function removeHospital(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await accessibleHospital(db, actor, 'change', id);
  await withTransaction(db, async (tx) => {
    await deleteHospital(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'hospital.deleted',
      entityType: 'hospital',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: toHospital(row),
      requestId,
    });
  });
}
