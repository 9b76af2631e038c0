import type {
  As2Settings,
  E2bProfile,
  FdaRoute,
  Receiver,
  ReceiverBody,
  ReceiverPatchBody,
} from '@vigilo/contract';
import type { Config } from '../../config.ts';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError, fieldError, notFound } from '../../platform/errors.ts';
import { checkOutboundUrl, OutboundRefusedError } from '../../platform/outbound-http.ts';
import { loadForAccess, rowTarget, scopeFor } from '../../platform/scope.ts';
import { sealSecret } from '../../platform/secrets.ts';
import { findOrganisation } from '../organisations/organisations.shared.ts';
import { as2Credentials, checkPartnerCertificate } from './receivers.as2.ts';
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
    fdaRoute: row.fda_route as FdaRoute,
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
    deliveryAttempts: row.delivery_attempts,
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

/** The transport columns of a receiver that has none; another transport type starts from these too. */
const NO_TRANSPORT = {
  transport: 'none',
  url: null,
  auth: 'none',
  ca_certificate: null,
  as2_from: null,
  as2_to: null,
  as2_partner_certificate: null,
  as2_encryption: 'aes256-cbc',
  as2_signing: 'sha-256',
} satisfies Partial<ReceiverValues>;

/** A new receiver's columns before its body is applied: the defaults of decisions 0170, 0191, 0193, 0200. */
const NEW_RECEIVER: ReceiverValues = {
  name: '',
  code: null,
  batch_sender: null,
  batch_receiver: null,
  message_sender: null,
  message_receiver: null,
  profile: 'ich',
  mask_personal_data: false,
  fda_route: 'case',
  due_days_serious: 15,
  due_days_non_serious: 90,
  ...NO_TRANSPORT,
  is_default: false,
  rule: null,
  requires_review: false,
  delivery_attempts: 16,
};

/** A stored receiver's columns, its credentials aside (they are never read back to be changed). */
const storedValues = (row: ReceiverRow): ReceiverValues =>
  Object.fromEntries(
    Object.keys(NEW_RECEIVER).map((k) => [k, row[k as keyof ReceiverRow]]),
  ) as unknown as ReceiverValues;

/** The columns a body sends; undefined where it leaves a field out. */
function sentColumns(body: ReceiverPatchBody): { [K in keyof ReceiverValues]?: ReceiverValues[K] } {
  const t = body.transport;
  return {
    name: body.name?.trim(),
    code: body.code,
    batch_sender: body.batchSender,
    batch_receiver: body.batchReceiver,
    message_sender: body.messageSender,
    message_receiver: body.messageReceiver,
    profile: body.profile,
    mask_personal_data: body.maskPersonalData,
    fda_route: body.fdaRoute,
    due_days_serious: body.dueDaysSerious,
    due_days_non_serious: body.dueDaysNonSerious,
    is_default: body.isDefault,
    rule: body.rule === undefined ? undefined : body.rule?.trim() || null,
    requires_review: body.requiresReview,
    delivery_attempts: body.deliveryAttempts,
    transport: t?.type,
    url: t?.url,
    auth: t?.auth,
    ca_certificate: t?.caCertificate,
    as2_from: t?.as2?.from,
    as2_to: t?.as2?.to,
    as2_partner_certificate: t?.as2?.partnerCertificate,
    as2_encryption: t?.as2?.encryption,
    as2_signing: t?.as2?.signing,
  };
}

/** The merge patch (RFC 7396, one level): a field sent, null included, replaces the stored one; left out, it is kept. */
export function mergePatch<T extends object>(stored: T, sent: { [K in keyof T]?: T[K] }): T {
  const out = { ...stored };
  for (const key of Object.keys(sent) as (keyof T)[]) if (sent[key] !== undefined) out[key] = sent[key]!;
  return out;
}

/** A transport's kind, for keeping its secrets: AS2, or HTTPS with one authentication. */
const kindOf = (v: { transport: string; auth: string }) =>
  v.transport === 'https' ? `https/${v.auth}` : v.transport;

/**
 * The columns after `body` (decision 0202): the body merged onto the stored receiver (onto a
 * new receiver's defaults for a POST); a transport of another type starts from nothing, since
 * the old one's address and settings belong to another kind. Credentials are sealed here and
 * never leave the server again; left out, the stored ones are kept (`credentials_sealed`
 * undefined) while the transport stays the same kind.
 */
function valuesOf(config: Config, body: ReceiverPatchBody, current?: ReceiverRow): ReceiverValues {
  // A new receiver's retry budget is the deployment's (SUBMISSION_DELIVERY_ATTEMPTS, decision 0327).
  const stored = current
    ? storedValues(current)
    : { ...NEW_RECEIVER, delivery_attempts: config.submissionDeliveryAttempts };
  const t = body.transport;
  const base = t?.type && t.type !== stored.transport ? { ...stored, ...NO_TRANSPORT } : stored;
  const v = mergePatch(base, sentColumns(body));
  const type = v.transport as 'none' | 'https' | 'as2';
  if (type !== 'https' && t?.auth && t.auth !== 'none')
    throw fieldError(
      'body/transport/auth',
      'notAllowed',
      `A ${type} transport takes no ${t.auth} authentication`,
    );
  if (type !== 'as2' && t?.as2)
    throw fieldError('body/transport/as2', 'notAllowed', 'AS2 settings go with an AS2 transport only');
  // No transport has no address (one sent beside `type: none` is not kept).
  if (type === 'none') Object.assign(v, NO_TRANSPORT);
  // A transport sent is checked whole (its address again); one left out is kept as it was.
  if (t && type !== 'none') checkUrl(config, type, v.url);
  if (type === 'as2') {
    if (!v.as2_from || !v.as2_to || !v.as2_partner_certificate)
      throw fieldError(
        'body/transport/as2',
        'required',
        'An AS2 transport needs its AS2 names and the partner certificate',
      );
    if (t?.as2?.partnerCertificate) checkPartnerCertificate(t.as2.partnerCertificate);
  }
  // A stored rule is not checked again: a field the forms dropped since must not block other edits.
  if (v.rule && v.rule !== current?.rule) checkRule(v.rule, 'body/rule');
  const credentials_sealed = credentialsOf(config, v, t?.credentials, current);
  return { ...v, ...(credentials_sealed !== undefined && { credentials_sealed }) };
}

/**
 * The sealed credentials to store: those given (checked), null when the transport takes none,
 * undefined to keep the stored ones (the same kind of transport, which has them), else 400.
 */
function credentialsOf(
  config: Config,
  v: ReceiverValues,
  given: Credentials | undefined,
  current: ReceiverRow | undefined,
): string | null | undefined {
  const needed =
    v.transport === 'as2' ? ['certificate', 'privateKey'] : v.transport === 'https' ? NEEDS[v.auth]! : [];
  const seal = (c: Credentials) => sealSecret(config, 'receiver-credentials', JSON.stringify(c));
  if (given && v.transport === 'as2') return seal(as2Credentials(given));
  if (given && needed.length === 0) {
    if (Object.keys(given).length > 0)
      throw fieldError('body/transport/credentials', 'notAllowed', 'This transport takes no credentials');
    return null;
  }
  if (given) {
    for (const name of needed)
      if (!given[name as keyof Credentials])
        throw fieldError(
          `body/transport/credentials/${name}`,
          'required',
          `${v.auth} authentication needs ${name}`,
        );
    const extra = Object.keys(given).find((k) => !needed.includes(k));
    if (extra)
      throw fieldError(
        `body/transport/credentials/${extra}`,
        'notAllowed',
        `${v.auth} authentication takes no ${extra}`,
      );
    return seal(given);
  }
  if (needed.length === 0) return null;
  if (current && current.credentials_sealed !== null && kindOf(current) === kindOf(v)) return undefined;
  throw fieldError(
    'body/transport/credentials',
    'required',
    v.transport === 'as2'
      ? "AS2 needs Vigilo's signing certificate and private key"
      : `${v.auth} authentication needs its credentials`,
  );
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

/** PUT /v1/organisation/{id}/receivers/{receiverId}: a merge patch, fields left out are kept (decision 0202). */
export async function replaceReceiver(
  db: Db,
  config: Config,
  actor: Actor,
  params: { id: string; receiverId: string },
  body: ReceiverPatchBody,
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
