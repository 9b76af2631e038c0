import type { User } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import type { Db } from '../../platform/db.ts';
import { notFound } from '../../platform/errors.ts';
import { userPolicy } from './users.policy.ts';
import { findUserView, toUser, type UserViewRow } from './users.repository.ts';

const organisationIdsOf = (row: UserViewRow) =>
  row.memberships.flatMap((m) => (m.organisationId === null ? [] : [m.organisationId]));

/** GET /v1/users/{id}: one user; `@me` is the caller, with the organisation the session works in. */
export async function getUser(db: Db, actor: Actor, id: string): Promise<User> {
  const userId = id === '@me' ? actor.userId : id;
  // The caller's own record came with the authentication query.
  if (userId === actor.userId) return actor.profile;
  const row = await findUserView(db, userId);
  if (!row) throw notFound('User');
  requireAccess(
    actor,
    userPolicy.read,
    { platformId: row.platform_id, organisationIds: organisationIdsOf(row), userId: row.id },
    'User',
  );
  return toUser(row, null);
}
