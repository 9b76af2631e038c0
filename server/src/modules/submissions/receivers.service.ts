import type { As2Settings, E2bProfile, Receiver, ReceiverBody } from '@vigilo/contract';
import type { Config } from '../../config.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { checkOutboundUrl, OutboundRefusedError } from '../../platform/outbound-http.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { sealSecret } from '../../platform/secrets.ts';
import { findOrganisation } from '../organisations/organisations.repository.ts';
import { as2Columns, as2Credentials } from './receivers.as2.ts';
import {
  clearOtherDefaults,
  deleteReceiver,
  findReceiver,
  insertReceiver,
  listReceivers,
  type ReceiverRow,
  type ReceiverValues,
  receiverInUse,
  updateReceiver,
} from './receivers.repository.ts';
import { receiverPolicy } from './submissions.policy.ts';
import { checkRule } from './submissions.rules.ts';
import type { Credentials } from './submissions.transport.ts';

/** Receivers of an organisation, with their E2B settings and transport (decision 0170). */

export function toReceiver(row: ReceiverRow): Receiver {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    code: row.code,
    batchSender: row.batch_sender,
    batchReceiver: row.batch_receiver,
    messageSender: row.message_sender,
    messageReceiver: row.message_receiver,
    profile: row.profile as E2bProfile,
    maskPersonalData: row.mask_personal_data,
    dueDaysSerious: row.due_days_serious,
    dueDaysNonSerious: row.due_days_non_serious,
    transport: {
      type: row.transport as Receiver['transport']['type'],
      url: row.url,
      auth: row.auth as Receiver['transport']['auth'],
      hasCredentials: row.credentials_sealed !== null,
      caCertificate: row.ca_certificate,
      as2:
        row.transport === 'as2'
          ? {
              from: row.as2_from!,
              to: row.as2_to!,
              partnerCertificate: row.as2_partner_certificate!,
              encryption: row.as2_encryption as As2Settings['encryption'],
              signing: row.as2_signing as As2Settings['signing'],
            }
          : null,
    },
    isDefault: row.is_default,
    rule: row.rule,
    requiresReview: row.requires_review,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const organisationTarget = (row: { platform_id: string; id: string }) => ({
  platformId: row.platform_id,
  organisationIds: [row.id],
});

/**
 * The address a transport posts to: HTTPS for `https`; for AS2 also plain HTTP, since the
 * message itself is signed and encrypted (RFC 4130 runs over either). Checked by the outbound
 * guard now and again at each send.
 */
function checkUrl(config: Config, type: 'https' | 'as2', url: string | null) {
  const kind = type === 'as2' ? 'An AS2' : 'An HTTPS';
  if (!url)
    throw fieldError('body/transport/url', 'required', `${kind} transport needs the address to post to`);
  const schemes = type === 'as2' ? ['https://', 'http://'] : ['https://'];
  if (!schemes.some((s) => url.startsWith(s)))
    throw fieldError('body/transport/url', 'invalid', `The address must start with ${schemes.join(' or ')}`);
  try {
    checkOutboundUrl(url, config.outboundAllowedHosts);
  } catch (error) {
    if (error instanceof OutboundRefusedError)
      throw fieldError('body/transport/url', 'invalid', error.message);
    throw error;
  }
}

/** What each authentication needs, as fields of `transport.credentials`. */
const NEEDS: Record<string, (keyof Credentials)[]> = {
  none: [],
  bearer: ['token'],
  basic: ['username', 'password'],
  client_certificate: ['certificate', 'privateKey'],
};

/**
 * The columns a body sets. Credentials are sealed here and never leave the server again;
 * omitted on a PUT, the stored ones are kept (`credentials_sealed` left undefined) as long as
 * the authentication kind is the same.
 */
function valuesOf(config: Config, body: ReceiverBody, current?: ReceiverRow): ReceiverValues {
  const transport = body.transport ?? { type: 'none' as const };
  const auth = transport.type === 'https' ? (transport.auth ?? 'none') : 'none';
  const url = transport.type === 'none' ? null : (transport.url ?? null);
  if (transport.type !== 'https' && transport.auth && transport.auth !== 'none')
    throw fieldError(
      'body/transport/auth',
      'notAllowed',
      `A ${transport.type} transport takes no ${transport.auth} authentication`,
    );
  if (transport.type !== 'as2' && transport.as2)
    throw fieldError('body/transport/as2', 'notAllowed', 'AS2 settings go with an AS2 transport only');
  if (transport.type !== 'none') checkUrl(config, transport.type, url);
  const as2 = transport.type === 'as2' ? as2Columns(transport.as2) : null;
  // Omitted on a PUT, the rule and the review flag stay: a screen that does not show them must not clear them.
  const rule = body.rule === undefined ? (current?.rule ?? null) : body.rule?.trim() || null;
  if (rule && rule !== current?.rule) checkRule(rule, 'body/rule');
  const given = transport.credentials;
  let credentials_sealed: string | null | undefined;
  if (transport.type === 'as2') {
    // Our signing certificate and key: required, or kept from an AS2 receiver that has them.
    if (given)
      credentials_sealed = sealSecret(config, 'receiver-credentials', JSON.stringify(as2Credentials(given)));
    else if (current?.transport !== 'as2' || current.credentials_sealed === null)
      throw fieldError(
        'body/transport/credentials',
        'required',
        "AS2 needs Vigilo's signing certificate and private key",
      );
  } else if (auth === 'none') {
    if (given && Object.keys(given).length > 0)
      throw fieldError('body/transport/credentials', 'notAllowed', 'This transport takes no credentials');
    credentials_sealed = null;
  } else if (given) {
    const needed = NEEDS[auth]!;
    for (const name of needed)
      if (!given[name])
        throw fieldError(
          `body/transport/credentials/${name}`,
          'required',
          `${auth} authentication needs ${name}`,
        );
    const extra = Object.keys(given).filter((k) => !needed.includes(k as keyof Credentials));
    if (extra.length > 0)
      throw fieldError(
        `body/transport/credentials/${extra[0]}`,
        'notAllowed',
        `${auth} authentication takes no ${extra[0]}`,
      );
    credentials_sealed = sealSecret(config, 'receiver-credentials', JSON.stringify(given));
  } else if (current?.transport !== 'https' || current.auth !== auth || current.credentials_sealed === null) {
    throw fieldError(
      'body/transport/credentials',
      'required',
      `${auth} authentication needs its credentials`,
    );
  }
  return {
    name: body.name.trim(),
    code: body.code ?? null,
    batch_sender: body.batchSender ?? null,
    batch_receiver: body.batchReceiver ?? null,
    message_sender: body.messageSender ?? null,
    message_receiver: body.messageReceiver ?? null,
    profile: body.profile ?? 'ich',
    mask_personal_data: body.maskPersonalData ?? false,
    due_days_serious: body.dueDaysSerious ?? 15,
    due_days_non_serious: body.dueDaysNonSerious ?? 90,
    transport: transport.type,
    url,
    auth,
    ca_certificate: transport.type === 'none' ? null : (transport.caCertificate ?? null),
    // Omitted on a PUT, the flag stays: a screen that does not show it must not clear it.
    is_default: body.isDefault ?? current?.is_default ?? false,
    as2_from: as2?.as2_from ?? null,
    as2_to: as2?.as2_to ?? null,
    as2_partner_certificate: as2?.as2_partner_certificate ?? null,
    as2_encryption: as2?.as2_encryption ?? 'aes256-cbc',
    as2_signing: as2?.as2_signing ?? 'sha-256',
    rule,
    requires_review: body.requiresReview ?? current?.requires_review ?? false,
    ...(credentials_sealed !== undefined && { credentials_sealed }),
  };
}

/** What an audit row says of a receiver: its settings, never its credentials. */
const audited = (r: Receiver) => ({ ...r, transport: { ...r.transport } });

/**
 * Before a receiver (`keepId`, or a new one) becomes the organisation's default, the previous
 * default loses the flag, audited (0200). Cleared first: the unique index allows one at a time.
 */
async function takeDefault(
  tx: Db,
  actor: Actor,
  organisationId: string,
  keepId: string | undefined,
  requestId: string,
) {
  const scope = scopeFor(actor);
  for (const previous of await clearOtherDefaults(tx, scope, organisationId, keepId)) {
    const after = toReceiver((await findReceiver(tx, scope, previous.id))!);
    await audit(tx, {
      action: 'receiver.updated',
      entityType: 'receiver',
      entityId: previous.id,
      platformId: previous.platform_id,
      organisationId,
      actorUserId: actor.userId,
      before: audited(toReceiver(previous)),
      after: audited(after),
      requestId,
    });
  }
}

/** GET /v1/receivers: the receivers of the organisations the caller works for (or of one). */
export async function listAllReceivers(db: Db, actor: Actor, organisationId?: string): Promise<Receiver[]> {
  if (organisationId) {
    const org = await findOrganisation(db, scopeFor(actor), organisationId);
    if (!org) throw notFound('Organisation');
    requireAccess(actor, receiverPolicy.list, organisationTarget(org), 'Organisation');
  } else if (!actor.application) {
    // Someone with no organisation where it may list receivers is told so, not answered [].
    const any = actor.memberships.some((m) =>
      (receiverPolicy.list.roles as readonly string[]).includes(m.role),
    );
    if (!any) throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  } else throw new AppError('FORBIDDEN', 'You do not have permission to do this');
  const rows = await listReceivers(db, scopeFor(actor, receiverPolicy.list), organisationId);
  return rows.map(toReceiver);
}

/** POST /v1/organisation/{id}/receivers */
export async function createReceiver(
  db: Db,
  config: Config,
  actor: Actor,
  organisationId: string,
  body: ReceiverBody,
  requestId: string,
): Promise<Receiver> {
  const org = await loadForAccess(db, actor, findOrganisation, organisationId, {
    rule: receiverPolicy.manage,
    what: 'Organisation',
    target: organisationTarget,
  });
  const values = valuesOf(config, body);
  return withTransaction(db, async (tx) => {
    if (values.is_default) await takeDefault(tx, actor, organisationId, undefined, requestId);
    const id = await insertReceiver(
      tx,
      scopeFor(actor),
      { platformId: org.platform_id, organisationId },
      values,
    );
    const receiver = toReceiver((await findReceiver(tx, scopeFor(actor), id))!);
    await audit(tx, {
      action: 'receiver.created',
      entityType: 'receiver',
      entityId: id,
      platformId: org.platform_id,
      organisationId,
      actorUserId: actor.userId,
      after: audited(receiver),
      requestId,
    });
    return receiver;
  });
}

/** A receiver of the organisation `organisationId` the actor may configure (404 otherwise). */
export async function managed(db: Db, actor: Actor, organisationId: string, receiverId: string) {
  const row = await loadForAccess(db, actor, findReceiver, receiverId, {
    rule: receiverPolicy.manage,
    what: 'Receiver',
    target: rowTarget,
  });
  if (row.organisation_id !== organisationId) throw notFound('Receiver');
  return row;
}

/** PUT /v1/organisation/{id}/receivers/{receiverId}: every field replaced; credentials omitted are kept. */
export async function replaceReceiver(
  db: Db,
  config: Config,
  actor: Actor,
  params: { id: string; receiverId: string },
  body: ReceiverBody,
  requestId: string,
): Promise<Receiver> {
  const row = await managed(db, actor, params.id, params.receiverId);
  const values = valuesOf(config, body, row);
  const scope = scopeFor(actor);
  return withTransaction(db, async (tx) => {
    if (values.is_default) await takeDefault(tx, actor, row.organisation_id, row.id, requestId);
    await updateReceiver(tx, scope, row.id, values);
    const receiver = toReceiver((await findReceiver(tx, scope, row.id))!);
    await audit(tx, {
      action: 'receiver.updated',
      entityType: 'receiver',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: audited(toReceiver(row)),
      after: audited(receiver),
      ...(values.credentials_sealed !== undefined && values.credentials_sealed !== null
        ? { details: { credentialsReplaced: true } }
        : {}),
      requestId,
    });
    return receiver;
  });
}

/** DELETE /v1/organisation/{id}/receivers/{receiverId}: only a receiver nothing was sent to (409 otherwise). */
export async function removeReceiver(
  db: Db,
  actor: Actor,
  params: { id: string; receiverId: string },
  requestId: string,
): Promise<void> {
  const row = await managed(db, actor, params.id, params.receiverId);
  await withTransaction(db, async (tx) => {
    if (await receiverInUse(tx, scopeFor(actor), row.id))
      throw new AppError(
        'CONFLICT',
        'Reports were submitted to this receiver: it is kept for their history',
        {
          fields: [{ field: 'params/receiverId', message: 'has submissions', reason: 'taken' }],
        },
      );
    await deleteReceiver(tx, scopeFor(actor), row.id);
    await audit(tx, {
      action: 'receiver.deleted',
      entityType: 'receiver',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: actor.userId,
      before: audited(toReceiver(row)),
      requestId,
    });
  });
}
