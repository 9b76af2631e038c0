import type { SenderProfile, SenderProfileBody } from '@vigilo/contract';
import type { Actor } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { requireVersion } from '../../platform/concurrency.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { loadForAccess, platformScope, scopeFor } from '../../platform/scope.ts';
import { organisationPolicy as policy } from './organisations.policy.ts';
import { findOrganisation } from './organisations.repository.ts';
import { findSenderProfile, type SenderProfileRow, saveSenderProfile } from './sender-profile.repository.ts';

/**
 * The organisation's sender profile (decision 0242): what every message it writes says in
 * C.3, and the sender identifier of its case ids. Its members who work cases read it; its
 * administrators keep it.
 */

const FIELDS = [
  'identifier',
  'type',
  'organisation',
  'department',
  'title',
  'givenName',
  'familyName',
  'street',
  'city',
  'state',
  'postcode',
  'country',
  'telephone',
  'email',
] as const satisfies readonly (keyof SenderProfileBody)[];

type Details = { [K in (typeof FIELDS)[number]]: SenderProfile[K] };

const detailsOf = (stored: Record<string, unknown> | undefined): Details =>
  Object.fromEntries(FIELDS.map((f) => [f, (stored?.[f] as string | undefined) ?? null])) as Details;

const toSenderProfile = (organisationId: string, row: SenderProfileRow | undefined): SenderProfile => ({
  organisationId,
  ...detailsOf(row?.details),
  version: row?.version ?? 0,
  updatedAt: row ? row.updated_at.toISOString() : null,
});

const authorised = (db: Db, actor: Actor, rule: typeof policy.readDetails, id: string) =>
  loadForAccess(db, actor, findOrganisation, id, {
    rule,
    what: 'Organisation',
    target: (row) => ({ platformId: row.platform_id, organisationIds: [row.id] }),
  });

/** GET /v1/organisation/{id}/sender-profile */
export async function getSenderProfile(db: Db, actor: Actor, id: string): Promise<SenderProfile> {
  await authorised(db, actor, policy.readDetails, id);
  return toSenderProfile(id, await findSenderProfile(db, scopeFor(actor), id));
}

/** PUT /v1/organisation/{id}/sender-profile: the whole profile; a field left out is cleared. */
export async function putSenderProfile(
  db: Db,
  actor: Actor,
  id: string,
  body: SenderProfileBody,
  request: { requestId: string; expectedVersion?: number },
): Promise<SenderProfile> {
  return withTransaction(db, async (tx) => {
    const organisation = await authorised(tx, actor, policy.update, id);
    const scope = scopeFor(actor);
    const before = await findSenderProfile(tx, scope, id);
    if (before)
      await requireVersion(tx, 'sender_profiles', before.id, request.expectedVersion, async () =>
        toSenderProfile(id, await findSenderProfile(tx, scope, id)),
      );
    // Never saved is version 0: an If-Match of another version was made up, or the row went.
    else if (request.expectedVersion !== undefined && request.expectedVersion !== 0)
      throw new AppError('PRECONDITION_FAILED', 'This sender profile has not been saved yet: reload it', {
        currentVersion: 0,
        current: toSenderProfile(id, undefined),
      });
    const details = detailsOf(body as Record<string, unknown>);
    const after = await saveSenderProfile(tx, scope, {
      platformId: organisation.platform_id,
      organisationId: id,
      details: Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null)),
    });
    await audit(tx, {
      action: 'organisation.sender_profile_updated',
      entityType: 'organisation',
      entityId: id,
      platformId: organisation.platform_id,
      organisationId: id,
      actorUserId: actor.userId,
      before: detailsOf(before?.details),
      after: details,
      requestId: request.requestId,
    });
    return toSenderProfile(id, after);
  });
}

/** What a message needs of its sending organisation: its own details and its sender profile. */
export interface MessageSender {
  name: string;
  kind: string;
  country: string | null;
  phone: string | null;
  email: string | null;
  profile: Details;
}

/** The sending organisation of a case already checked by the caller (the messages it writes). */
export async function messageSenderOf(
  db: Db,
  of: { platformId: string; organisationId: string },
): Promise<MessageSender> {
  const scope = platformScope(of.platformId);
  const [organisation, profile] = await Promise.all([
    findOrganisation(db, scope, of.organisationId),
    findSenderProfile(db, scope, of.organisationId),
  ]);
  return {
    name: organisation?.name ?? '',
    kind: organisation?.kind ?? 'other',
    country: organisation?.country ?? null,
    phone: organisation?.phone ?? null,
    email: organisation?.email ?? null,
    profile: detailsOf(profile?.details),
  };
}
