import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ApiKey, ApiKeyCreateBody, CreatedApiKey } from '@vigilo/contract';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { API_KEY_PREFIX } from '../../platform/authenticate.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { organisationTarget } from '../../platform/organisation-target.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import {
  findApplication,
  findDefaultApplication,
  insertApplication,
} from '../applications/applications.shared.ts';
import { apiKeyPolicy } from './api-keys.policy.ts';
import {
  findKey,
  findKeyForAuthentication,
  insertKey,
  listKeys,
  revokeKey,
  toApiKey,
  touchKey,
} from './api-keys.repository.ts';

const KEY_FORMAT = /^vk_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

/** Keys carry 256 random bits, so one SHA-256 is enough (no slow hash needed, decision 0016). */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** The name a default application gets when the first key of an organisation creates it. */
export const DEFAULT_APPLICATION_NAME = 'Default application';

/** GET /v1/api-keys: the live keys of the session's organisation (or `organisationId`). */
export async function listApiKeys(
  db: Db,
  actor: Actor,
  query: { includeSubmissionServiceUsers: boolean; organisationId?: string },
): Promise<ApiKey[]> {
  const target = await organisationTarget(db, actor, query.organisationId, 'query/organisationId');
  requireAccess(actor, apiKeyPolicy.list, target, 'Organisation');
  const rows = await listKeys(db, scopeFor(actor), {
    ...target,
    includeSubmissionServiceUsers: query.includeSubmissionServiceUsers,
  });
  return rows.map(toApiKey);
}

/**
 * POST /v1/api-keys: a new key for `applicationId`, or for the organisation's default
 * application (created when there is none). The answer holds the key; it is never shown again.
 */
export async function createApiKey(
  db: Db,
  actor: Actor,
  body: ApiKeyCreateBody,
  requestId: string,
): Promise<CreatedApiKey> {
  const scope = scopeFor(actor);
  let target: { platformId: string; organisationIds: readonly string[]; organisationId: string };
  if (body.applicationId) {
    const application = await loadForAccess(db, actor, findApplication, body.applicationId, {
      rule: apiKeyPolicy.create,
      what: 'Application',
      target: rowTarget,
    });
    target = {
      platformId: application.platform_id,
      organisationIds: [application.organisation_id],
      organisationId: application.organisation_id,
    };
  } else {
    target = await organisationTarget(db, actor, body.organisationId, 'body/organisationId');
  }
  requireAccess(actor, apiKeyPolicy.create, target, body.applicationId ? 'Application' : 'Organisation');
  return withTransaction(db, async (tx) => {
    let applicationId = body.applicationId;
    if (!applicationId) {
      const existing = await findDefaultApplication(tx, scope, target);
      applicationId =
        existing?.id ??
        (
          await insertApplication(tx, scope, {
            platformId: target.platformId,
            organisationId: target.organisationId,
            name: DEFAULT_APPLICATION_NAME,
            submissionServiceUser: false,
            isDefault: true,
          })
        ).id;
    }
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    const key = `${API_KEY_PREFIX}${id}_${secret}`;
    await insertKey(tx, scope, {
      id,
      platformId: target.platformId,
      organisationId: target.organisationId,
      applicationId,
      name: body.name,
      keyHash: hashApiKey(key),
      prefix: `${API_KEY_PREFIX}${id}_${secret.slice(0, 4)}`,
      createdBy: actor.userId,
    });
    const created = toApiKey((await findKey(tx, scope, id))!);
    await audit(tx, {
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: id,
      platformId: target.platformId,
      organisationId: target.organisationId,
      actorUserId: actor.userId,
      after: created,
      requestId,
    });
    return { ...created, key };
  });
}

/** DELETE /v1/api-keys/{id}: the key stops working at once (the next request is refused). */
export async function revokeApiKey(db: Db, actor: Actor, id: string, requestId: string): Promise<void> {
  const row = await loadForAccess(db, actor, findKey, id, {
    rule: apiKeyPolicy.revoke,
    what: 'API key',
    target: rowTarget,
  });
  await withTransaction(db, async (tx) => {
    await revokeKey(tx, scopeFor(actor), id);
    await audit(tx, {
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: { revoked: false },
      after: { revoked: true },
      details: { name: row.name, prefix: row.prefix },
      requestId,
    });
  });
}

/**
 * The request authenticator's key loader: the application's actor for a live key, else null
 * (→ 403 TOKEN_INVALID). Read on every request, so revocation applies at once.
 */
export function apiKeyActorLoader(db: Db) {
  return async (key: string): Promise<Actor | null> => {
    const match = KEY_FORMAT.exec(key);
    if (!match) return null;
    const row = await findKeyForAuthentication(db, match[1]!);
    if (!row) return null;
    const given = Buffer.from(hashApiKey(key), 'hex');
    const stored = Buffer.from(row.key_hash, 'hex');
    if (given.length !== stored.length || !timingSafeEqual(given, stored)) return null;
    await touchKey(db, row.id);
    return {
      userId: row.application_id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      familyId: '',
      memberships: [],
      application: {
        id: row.application_id,
        name: row.application_name,
        keyId: row.id,
        submissionServiceUser: row.submission_service_user,
      },
      // A description of the caller in the shape every actor has; no route that accepts keys shows it.
      profile: {
        id: row.application_id,
        platformId: row.platform_id,
        platformName: row.platform_name,
        email: '',
        username: null,
        firstName: row.application_name,
        lastName: '',
        language: 'en',
        accountType: 'application',
        deactivated: false,
        organisationId: row.organisation_id,
        memberships: [],
        createdAt: row.created_at.toISOString(),
      },
    };
  };
}
