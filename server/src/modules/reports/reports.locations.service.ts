import type { LocationChangeCheck } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { fieldError } from '../../platform/errors.ts';
import { loadForAccess, scopeFor } from '../../platform/scope.ts';
import { findCase } from './reports.cases.repository.ts';
import { caseTarget } from './reports.cases.service.ts';
import { caseworkersAt, groupsAt, organisationLocations } from './reports.locations.repository.ts';
import { caseworkPolicy } from './reports.policy.ts';

/** Roles whose members read an organisation's cases, as members of it (platform-wide roles always see). */
const MEMBER_CASEWORKERS = ['assessor', 'organisation_staff', 'organisation_admin'];

/** Rows of (something, candidate number, yes/no) gathered per thing: `seen[0]` is where the case is now. */
function byKey<R extends { ord: string }>(rows: R[], key: (r: R) => string, yes: (r: R) => boolean) {
  const out = new Map<string, { row: R; seen: boolean[] }>();
  for (const r of rows) {
    const entry = out.get(key(r)) ?? { row: r, seen: [] };
    entry.seen[Number(r.ord) - 1] = yes(r);
    out.set(key(r), entry);
  }
  return [...out.values()];
}

/**
 * GET /v1/report/{id}/location-change-check?locations=…: for each location, which user groups
 * would stop or start allowing the case and which caseworkers would lose or gain sight of it
 * (decision 0050's group narrowing), were the case moved there. Changes nothing.
 */
export async function checkLocationChange(
  db: Db,
  actor: Actor,
  id: string,
  locations: string[],
): Promise<LocationChangeCheck> {
  const row = await loadForAccess(db, actor, findCase, id, {
    rule: caseworkPolicy.checkLocations,
    what: 'Report',
    target: caseTarget,
  });
  const scope = scopeFor(actor);
  const ids = [...new Set(locations)];
  const known = await organisationLocations(db, scope, row.organisation_id, ids);
  const missing = ids.filter((l) => !known.some((k) => k.id === l));
  if (missing.length > 0)
    throw fieldError(
      'query/locations',
      'notFound',
      `Not a location of the case's organisation: ${missing.join(', ')}`,
    );
  const [people, groups] = await Promise.all([
    caseworkersAt(db, scope, id, ids, MEMBER_CASEWORKERS),
    groupsAt(db, scope, id, ids),
  ]);
  const users = byKey(
    people,
    (p) => p.user_id,
    (p) => p.sees,
  );
  const allowing = byKey(
    groups,
    (g) => g.id,
    (g) => g.allows,
  );
  const person = ({ row: p }: (typeof users)[number]) => ({
    id: p.user_id,
    name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || (p.email ?? ''),
    email: p.email,
  });
  const group = ({ row: g }: (typeof allowing)[number]) => ({ id: g.id, name: g.name });
  return {
    reportId: id,
    currentLocationId: row.location_id,
    seeingNow: users.filter((u) => u.seen[0]).length,
    locations: ids.map((locationId, i) => {
      const at = i + 1;
      const gain = users.filter((u) => !u.seen[0] && u.seen[at]);
      const lose = users.filter((u) => u.seen[0] && !u.seen[at]);
      return {
        locationId,
        name: known.find((k) => k.id === locationId)!.name,
        seeing: users.filter((u) => u.seen[at]).length,
        groups: {
          gain: allowing.filter((g) => !g.seen[0] && g.seen[at]).map(group),
          lose: allowing.filter((g) => g.seen[0] && !g.seen[at]).map(group),
        },
        users: { gain: gain.map(person), lose: lose.map(person) },
        callerLoses: lose.some((u) => u.row.user_id === actor.userId),
      };
    }),
  };
}
