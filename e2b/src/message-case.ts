import { type CaseDocument, explicitSeriousness, seriousnessOf } from '@vigilo/contract';

/**
 * The message case (decision 0240): the case document as a message writes it, with the
 * administrative elements of section C filled from the case's history and the organisation,
 * never from the reporter. Pure: the server gathers the facts, this decides what they mean, so
 * that every way a message is written (download, validation, distribution, CIOMS I) says the
 * same and the rules can be tested on their own.
 */

type SectionC = CaseDocument['C'];
/** C.3, the sender of the message. */
export type SenderDetails = NonNullable<SectionC['sender']>;
type Identifier = { source?: string; caseId?: string };

/** What the server knows of the case and of the message being written. */
export interface MessageFacts {
  /** C.1.1, assigned once for the case (see `safetyReportId`). */
  safetyReportId: string;
  /** C.1.2: the time the message is written, to the second with its offset. */
  messageTime: string;
  /** The day the organisation first received the case (import, form or API): day zero, C.1.4. */
  receivedOn: string;
  /**
   * The case came from an E2B(R3) file: its previous sender's identifiers (C.1.1, C.1.8.1,
   * C.1.8.2, C.1.4) are the case's history and are kept.
   */
  imported: boolean;
  /** C.1.3 where the document names none: the kind of source (a form or the API: spontaneous). */
  reportType: NonNullable<SectionC['reportType']>;
  /** Identifiers the case had elsewhere (the sender's own `extReportId`), listed in C.1.9.1.r. */
  otherIdentifiers: readonly Identifier[];
  /** The files attached to the case, by name: C.1.6.1.r. */
  attachments: readonly string[];
  /** C.1.8.2 for a case this organisation is the first to send: 1 regulator, 2 other. */
  firstSender: '1' | '2';
  /** C.3: the organisation's sender profile, completed by the server. */
  sender: SenderDetails;
  /**
   * The receiver's deadlines in days (a serious and a non-serious case): a case is expedited
   * (C.1.7) when its deadline is 15 days or less. Without a receiver, serious = expedited.
   */
  deadlines?: { serious: number; nonSerious: number };
  /**
   * The language the source wrote in (ISO 639-2, `eng`): the form's language. E.i.1.1b of each
   * reaction reported in words whose language the document does not say.
   */
  sourceLanguage?: string;
  /** The case is nullified, with the reason given (C.1.11). */
  nullified?: { reason: string | null };
}

/** The ICH expedited reporting period (E2D): 15 calendar days. */
const EXPEDITED_DAYS = 15;
const NI = { nullFlavor: 'NI' } as const;

/**
 * C.1.1 in the ICH pattern `country-sender-local number` (E2B(R3) C.1.1 guidance), e.g.
 * `GB-NPC-K7HD-3MXT-R`: the sender's ISO country code, its identifier (letters and digits,
 * upper case) and the case's own number.
 */
export function safetyReportId(country: string, sender: string, localNumber: string): string {
  const identifier = sender.toUpperCase().replace(/[^A-Z0-9]/g, '') || 'SENDER';
  const id = `${country.toUpperCase()}-${identifier.slice(0, 40)}-${localNumber}`;
  return id.slice(0, 100);
}

const FULL_DATE = /^\d{4}-\d{2}-\d{2}/;
const day = (d: unknown) => (typeof d === 'string' && FULL_DATE.test(d) ? d.slice(0, 10) : undefined);

/** The latest of the dates known at least to the day, none after the day `limit`; as precise as given. */
function latest(limit: string, ...dates: unknown[]): string | undefined {
  let best: string | undefined;
  for (const d of dates) {
    const known = day(d);
    if (known === undefined || known > limit) continue;
    if (best === undefined || known > day(best)!) best = d as string;
  }
  return best;
}

/** C.1.9.1.r: the document's, the previous sender's C.1.1 for an imported case, then the facts'. */
function otherIdentifiers(c: SectionC, facts: MessageFacts): Identifier[] {
  const list: Identifier[] = [...(c.otherCaseIdentifiers ?? [])];
  const previous = c.senderSafetyReportId;
  if (facts.imported && previous && previous !== facts.safetyReportId)
    list.push({ source: c.sender?.organisation ?? 'Previous sender', caseId: previous });
  list.push(...facts.otherIdentifiers);
  const seen = new Set<string>();
  return list.filter((i) => {
    const key = `${i.source}\u0000${i.caseId}`;
    if (seen.has(key) || i.caseId === facts.safetyReportId) return false;
    seen.add(key);
    return true;
  });
}

/** C.1.6.1.r: the documents the case already lists, then each attachment not listed by name. */
function documentsHeld(c: SectionC, attachments: readonly string[]) {
  const held = [...(c.documentsHeldBySender ?? [])];
  const titles = new Set(held.map((d) => d.title));
  for (const name of attachments) {
    const title = name.slice(0, 2000);
    if (title && !titles.has(title)) {
      held.push({ title });
      titles.add(title);
    }
  }
  return held;
}

function expedited(serious: boolean | undefined, deadlines: MessageFacts['deadlines']) {
  if (serious === undefined) return { ...NI };
  if (!deadlines) return serious;
  return (serious ? deadlines.serious : deadlines.nonSerious) <= EXPEDITED_DAYS;
}

/**
 * The case document as its message is written: C.1.1–C.1.11 and C.3 from `facts`, what staff
 * set on C.1.3 and C.1.7 kept (they are theirs to change), every assessed reaction's
 * seriousness explicit. The document given is not changed.
 */
export function messageCase(document: CaseDocument, facts: MessageFacts): CaseDocument {
  const c = document.C ?? {};
  const language = facts.sourceLanguage;
  const reactions = (document.E?.reactions ?? []).map((r) =>
    explicitSeriousness(
      r.nativeTerm && !r.nativeTermLanguage && language ? { ...r, nativeTermLanguage: language } : r,
    ),
  );
  const messageDay = facts.messageTime.slice(0, 10);
  const firstReceived = (facts.imported && latest(messageDay, c.firstReceivedDate)) || facts.receivedOn;
  const identifiers = otherIdentifiers(c, facts);
  const held = documentsHeld(c, facts.attachments);
  const filled: SectionC = {
    ...c,
    senderSafetyReportId: facts.safetyReportId,
    creationDate: facts.messageTime,
    reportType: c.reportType ?? facts.reportType,
    firstReceivedDate: firstReceived,
    mostRecentInformationDate:
      latest(messageDay, firstReceived, c.mostRecentInformationDate) ?? firstReceived,
    additionalDocumentsAvailable: held.length > 0 || c.additionalDocumentsAvailable === true,
    documentsHeldBySender: held.length > 0 ? held : undefined,
    fulfilsLocalExpeditedCriteria:
      c.fulfilsLocalExpeditedCriteria ?? expedited(seriousnessOf(reactions), facts.deadlines),
    worldwideUniqueId: facts.imported
      ? (c.worldwideUniqueId ?? c.senderSafetyReportId ?? facts.safetyReportId)
      : facts.safetyReportId,
    firstSender: facts.imported ? (c.firstSender ?? facts.firstSender) : facts.firstSender,
    otherCaseIdentifiersInPreviousTransmissions: identifiers.length > 0 ? true : { ...NI },
    otherCaseIdentifiers: identifiers.length > 0 ? identifiers : undefined,
    ...(facts.nullified
      ? {
          nullificationOrAmendment: '1' as const,
          nullificationOrAmendmentReason:
            c.nullificationOrAmendmentReason ?? facts.nullified.reason ?? undefined,
        }
      : {}),
    sender: facts.sender,
  };
  for (const key of Object.keys(filled) as (keyof SectionC)[])
    if (filled[key] === undefined) delete filled[key];
  const out: CaseDocument = { ...document, C: filled };
  if (document.E?.reactions) out.E = { ...document.E, reactions };
  return out;
}
