import type { CaseDocument, E2bFinding, E2bProfile } from '@vigilo/contract';
import { exportBatch, type ValidateOptions, validate } from '@vigilo/e2b';
import type { Db } from '../../platform/db.ts';
import type { Language } from '../../platform/language.ts';
import { toFinding } from '../e2b/e2b.findings.ts';
import { headersFor, receiverHeaders } from '../e2b/e2b.headers.ts';
import { deadlinesOf, type MessageCaseOptions, messageCaseOf } from '../e2b/e2b.message-case.ts';
import { referenceFor } from '../e2b/e2b.reference.ts';
import type { ReportRow } from '../reports/reports.shared.ts';
import type { ReceiverRow } from './receivers.repository.ts';

/**
 * The E2B(R3) message one receiver is sent (decision 0170): its own batch and message ids,
 * the receiver's identifiers, personal data masked when the receiver asks, checked against
 * the receiver's profile before anything is stored as "to send".
 */

const MSK = { nullFlavor: 'MSK' } as const;

/** Personal data, by where the case document holds it: every one of these accepts null flavour MSK. */
const PATIENT = ['name', 'birthDate'] as const;
const RECORD_NUMBERS = ['gp', 'specialist', 'hospital', 'investigation'] as const;
const PARENT = ['identification', 'birthDate'] as const;
const REPORTER = [
  'title',
  'givenName',
  'middleName',
  'familyName',
  'organisation',
  'department',
  'street',
  'city',
  'state',
  'postcode',
  'telephone',
  'email',
] as const;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Replaces each present value of `keys` in `o` with MSK. */
function mask(o: unknown, keys: readonly string[]): void {
  if (!isObj(o)) return;
  for (const key of keys) if (o[key] !== undefined && o[key] !== null) o[key] = { ...MSK };
}

/** A copy of the case with the patient's and reporters' personal data as null flavour MSK. */
export function maskPersonalData(document: CaseDocument): CaseDocument {
  const copy = structuredClone(document) as unknown as Obj;
  const patient = copy.D;
  mask(patient, PATIENT);
  if (isObj(patient)) {
    mask(patient.medicalRecordNumbers, RECORD_NUMBERS);
    mask(patient.parent, PARENT);
  }
  const c = copy.C;
  if (isObj(c) && Array.isArray(c.primarySources))
    for (const source of c.primarySources) mask(source, REPORTER);
  return copy as unknown as CaseDocument;
}

export interface BuiltMessage {
  xml: string;
  document: CaseDocument;
  valid: boolean;
  findings: E2bFinding[];
}

/**
 * The message of one case for one receiver. The sender is the receiver's registered
 * identifier, else the sender profile's, else the organisation's id (decisions 0095, 0242);
 * the receiver identifiers are the receiver's own, else its profile's regulator. `document`
 * is the message case (decision 0240), written by the caller for this receiver.
 */
export function buildMessage(
  document: CaseDocument,
  receiver: ReceiverRow,
  messageId: string,
  at: Date,
  options: {
    language?: Language;
    /** The sender profile's identifier (decision 0242), where the receiver names no sender. */
    senderId?: string | undefined;
    /** The server's reference lists the EU profile checks against (`referenceFor`, decision 0232). */
    reference?: ValidateOptions['reference'];
  } = {},
): BuiltMessage {
  const { language = 'en', senderId, reference } = options;
  const profile = receiver.profile as E2bProfile;
  const sent = receiver.mask_personal_data ? maskPersonalData(document) : document;
  const { batch, header } = headersFor(
    { id: messageId, organisationId: receiver.organisation_id, ...(senderId ? { senderId } : {}) },
    receiverHeaders(receiver),
    sent,
    at,
  );
  const xml = exportBatch(batch, [{ header, document: sent }]);
  const report = validate(xml, profile, { language, ...(reference ? { reference } : {}) });
  const findings = [...report.findings, ...report.cases.flatMap((c) => c.findings)].map(toFinding);
  return { xml, document: sent, valid: report.valid, findings };
}

/**
 * What distribute sends one receiver and the preview shows: the message case written for the
 * receiver (decision 0240; its C.1.1 kept when `assign` is given), checked against the receiver's
 * profile with the server's reference lists (decision 0232).
 */
export async function receiverMessage(
  db: Db,
  report: ReportRow,
  receiver: ReceiverRow,
  message: { id: string; at: Date; language: Language; assign?: MessageCaseOptions['assign'] },
): Promise<BuiltMessage> {
  const { id, at, language, assign } = message;
  const written = await messageCaseOf(db, report, {
    at,
    deadlines: deadlinesOf(receiver),
    ...(assign ? { assign } : {}),
  });
  return buildMessage(written.document, receiver, id, at, {
    language,
    senderId: written.senderId,
    reference: await referenceFor(db, receiver.profile as E2bProfile, written.document),
  });
}

/** The deadline: day zero plus the receiver's days for a serious or a non-serious case (ISO dates, UTC). */
export function dueDate(dayZero: string, serious: boolean, receiver: ReceiverRow): string {
  const days = serious ? receiver.due_days_serious : receiver.due_days_non_serious;
  const date = new Date(`${dayZero}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
