import type { Actor, Target } from './access.ts';
import type { Db } from './db.ts';
import { AppError, notFound } from './errors.ts';
import { inScope, scopeFor } from './scope.ts';

// Several areas check access against "the organisation named, or the session's own"; the check
// belongs to no single area, so it lives here rather than in one area that others import.

/** Where an organisation lives, for the access check; 404 when it does not exist. */
export async function organisationTarget(
  db: Db,
  actor: Actor,
  organisationId: string | undefined,
  field: string,
): Promise<Target & { organisationId: string }> {
  const id = organisationId ?? actor.organisationId;
  if (!id) {
    throw new AppError('VALIDATION_FAILED', 'Say which organisation (organisationId)', {
      fields: [
        { field, message: 'is required when the session works in no organisation', reason: 'required' },
      ],
    });
  }
  const org = await inScope(db.selectFrom('organisations').select(['id', 'platform_id']), scopeFor(actor), {
    platform: 'platform_id',
    organisation: 'id',
  })
    .where('id', '=', id)
    .executeTakeFirst();
  if (!org) throw notFound('Organisation');
  return { platformId: org.platform_id, organisationIds: [org.id], organisationId: org.id };
}
