import type { AttachmentField, CaseDocument, E2bProfile } from '@vigilo/contract';
import { type MessageFacts, messageCase, type SenderDetails, safetyReportId } from '@vigilo/e2b';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { platformScope } from '../../platform/scope.ts';
import { type MessageSender, messageSenderOf } from '../organisations/sender-profile.service.ts';
import type { ReportRow } from '../reports/reports.shared.ts';
import { findDefaultReceiver, type ReceiverRow } from '../submissions/receivers.shared.ts';
import { findCaseId, insertCaseId, nullificationReason } from './e2b.case-ids.repository.ts';
import { DEFAULT_PROFILE, type ReceiverHeaders, receiverHeaders, regulatorOf } from './e2b.headers.ts';
import { XML_IMPORT_SOURCE } from './e2b.import.ts';

/**
 * The server's half of the message case (decision 0240): gathers what the case's history and
 * its organisation say, hands it to the e2b library's `messageCase`, and keeps the case's
 * C.1.1 the first time a message of it is written.
 */

/** C.3.1 by the kind of organisation, where its sender profile names none. */
const SENDER_TYPE: Record<string, NonNullable<SenderDetails['type']>> = {
  regulator: '2',
  marketing_authorisation_holder: '1',
  hospital: '3',
  vaccine_programme: '4',
};

/** A value that fits its E2B field, else nothing (an organisation's name may be longer than C.3.2). */
const fits = (value: string | null | undefined, max: number) =>
  value && value.length <= max ? value : undefined;

/** C.3: the profile's fields, the organisation's own details where the profile has none. */
export function senderDetails(sender: MessageSender): SenderDetails {
  const p = sender.profile;
  const details: SenderDetails = {
    type: p.type ?? SENDER_TYPE[sender.kind] ?? '6',
    organisation: p.organisation ?? fits(sender.name, 100) ?? sender.name.slice(0, 100),
    department: p.department ?? undefined,
    title: p.title ?? undefined,
    givenName: p.givenName ?? undefined,
    familyName: p.familyName ?? undefined,
    street: p.street ?? undefined,
    city: p.city ?? undefined,
    state: p.state ?? undefined,
    postcode: p.postcode ?? undefined,
    country: p.country ?? fits(sender.country, 2),
    telephone: p.telephone ?? fits(sender.phone, 33),
    email: p.email ?? fits(sender.email, 100),
  };
  for (const key of Object.keys(details) as (keyof SenderDetails)[])
    if (details[key] === undefined || details[key] === '') delete details[key];
  return details;
}

/** The sender identifier of C.1.1 and of the headers: the profile's, else the organisation's name in capitals. */
export const senderIdentifier = (sender: MessageSender) =>
  sender.profile.identifier ??
  (sender.name
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20) ||
    'VIGILO');

/** The ISO country of C.1.1: the sender's (profile, then organisation); XX (user-assigned) when none is known. */
const senderCountry = (sender: MessageSender) => sender.profile.country ?? fits(sender.country, 2) ?? 'XX';

const attachmentNames = (attachments: unknown): string[] =>
  (Array.isArray(attachments) ? (attachments as AttachmentField[]) : [])
    .map((a) => a.attachmentfile ?? a.attachmenturl?.split('/').at(-1) ?? '')
    .filter((name) => name.trim() !== '');

/** The languages Vigilo's forms are written in, as E.i.1.1b names them (ISO 639-2). */
const ISO_639_2: Record<string, string> = { en: 'eng', fr: 'fra' };

/** The time a message is written: to the second, with its offset (C.1.2, N.2.r.4). */
export const messageTime = (at: Date) => `${at.toISOString().slice(0, 19)}+00:00`;

/** Who asks for the message; when given, the case's C.1.1 is kept (audited) if it had none. */
export interface Assigner {
  actorUserId: string | null;
  requestId: string;
}

export interface MessageCaseOptions {
  /** The document to write; the stored one when left out (a draft's for the draft validation). */
  document?: CaseDocument;
  at: Date;
  /** The receiver's deadlines, for C.1.7 (decision 0240). */
  deadlines?: { serious: number; nonSerious: number };
  /** Keep the C.1.1 assigned now; without it nothing is stored (the draft validation). */
  assign?: Assigner;
}

export interface WrittenCase {
  document: CaseDocument;
  /** The sender profile's identifier, for the headers where the receiver names none (else the organisation's id). */
  senderId?: string;
}

/** The case's C.1.1: the one kept for it, else a new one, kept when `assign` is given. */
async function caseIdOf(db: Db, row: ReportRow, sender: MessageSender, assign: Assigner | undefined) {
  const scope = platformScope(row.platform_id);
  const kept = await findCaseId(db, scope, row.id);
  if (kept) return kept;
  const fresh = safetyReportId(senderCountry(sender), senderIdentifier(sender), row.reference);
  if (!assign) return fresh;
  return withTransaction(db, async (tx) => {
    const values = { reportId: row.id, platformId: row.platform_id, organisationId: row.organisation_id };
    if (!(await insertCaseId(tx, scope, { ...values, safetyReportId: fresh })))
      return (await findCaseId(tx, scope, row.id))!;
    await audit(tx, {
      action: 'report.case_id_assigned',
      entityType: 'report',
      entityId: row.id,
      platformId: row.platform_id,
      organisationId: row.organisation_id,
      actorUserId: assign.actorUserId,
      after: { senderSafetyReportId: fresh },
      requestId: assign.requestId,
    });
    return fresh;
  });
}

/** The case of `row` as its message writes it (decision 0240). */
export async function messageCaseOf(
  db: Db,
  row: ReportRow,
  options: MessageCaseOptions,
): Promise<WrittenCase> {
  const of = { platformId: row.platform_id, organisationId: row.organisation_id };
  const sender = await messageSenderOf(db, of);
  const [caseId, nullified] = await Promise.all([
    caseIdOf(db, row, sender, options.assign),
    row.status === 'nullified' ? nullificationReason(db, platformScope(row.platform_id), row.id) : undefined,
  ]);
  const received = row.submitted_at ?? row.created_at;
  const details = senderDetails(sender);
  const imported = row.source === XML_IMPORT_SOURCE;
  const facts: MessageFacts = {
    safetyReportId: caseId,
    messageTime: messageTime(options.at),
    receivedOn: received.toISOString().slice(0, 10),
    imported,
    reportType: '1',
    otherIdentifiers: row.ext_report_id
      ? [{ source: row.source?.slice(0, 100) || 'Sender', caseId: row.ext_report_id.slice(0, 100) }]
      : [],
    attachments: attachmentNames(row.attachments),
    // C.1.8.2: a regulatory authority (C.3.1 = 2) is a regulator as first sender, anyone else "other".
    firstSender: details.type === '2' ? '1' : '2',
    sender: details,
    ...(!imported && row.reporter_language && ISO_639_2[row.reporter_language]
      ? { sourceLanguage: ISO_639_2[row.reporter_language] }
      : {}),
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    ...(row.status === 'nullified' ? { nullified: { reason: nullified ?? null } } : {}),
  };
  const document = options.document ?? (row.document as CaseDocument);
  return { document: messageCase(document, facts), senderId: sender.profile.identifier ?? undefined };
}

/** Whom a message is written for: its headers and, for a stored receiver, its deadlines. */
export interface MessageTarget {
  headers: ReceiverHeaders;
  /** The stored receiver, when the message is for one. */
  receiver?: { id: string; name: string };
  deadlines?: { serious: number; nonSerious: number };
}

/** The deadlines of a stored receiver, for C.1.7. */
export const deadlinesOf = (receiver: ReceiverRow) => ({
  serious: receiver.due_days_serious,
  nonSerious: receiver.due_days_non_serious,
});

/**
 * The profile the caller names, with its regulator's identifiers; else the organisation's
 * default receiver (decision 0200), else ICH.
 */
export async function messageTargetOf(
  db: Db,
  row: { platform_id: string; organisation_id: string },
  requested: E2bProfile | undefined,
): Promise<MessageTarget> {
  if (requested) return { headers: regulatorOf(requested) };
  const receiver = await findDefaultReceiver(db, platformScope(row.platform_id), row.organisation_id);
  return receiver
    ? {
        headers: receiverHeaders(receiver),
        deadlines: deadlinesOf(receiver),
        receiver: { id: receiver.id, name: receiver.name },
      }
    : { headers: regulatorOf(DEFAULT_PROFILE) };
}
