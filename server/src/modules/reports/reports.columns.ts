import { SERIOUSNESS_CRITERIA } from '@vigilo/contract/seriousness';
import { dayIn } from '../../platform/calendar.ts';
import type { Db } from '../../platform/db.ts';
import { preferredTermNames } from '../meddra/meddra.service.ts';
import { organisationCalendar } from '../organisations/organisations.service.ts';
import type { SearchColumns } from './reports.repository.ts';

/**
 * The columns lists search, filter and show, read from the case document (decision 0040) so
 * that they always say what the document says: written in the same transaction as each
 * version. The worklist's products, reactions and origin (decision 0285) are among them.
 */

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {});
const arr = (v: unknown): Doc[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const FULL_DATE = /^\d{4}-\d{2}-\d{2}/;
/** A date with an hour and a UTC offset (the case document's dates, PARTIAL_DATE_PATTERN). */
const WITH_OFFSET =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.\d{1,4})?)?)?([+-])(\d{2}):(\d{2})$/;

/**
 * The calendar day a receipt date names in the organisation's time zone (decision 0318): a
 * time with a UTC offset is an instant, whose day is read in `timeZone`
 * (`2026-12-01T23:59:00-05:00` is 2 December in UTC and in Paris, 1 December in New York); a
 * date, or a time without an offset (a local time as written), is the day it says.
 */
export function receiptDay(value: string, timeZone: string): string {
  const m = WITH_OFFSET.exec(value);
  if (!m) return value.slice(0, 10);
  const [, y, mo, d, h, mi, sec, sign, oh, om] = m;
  const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const instant =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi ?? 0), Number(sec ?? 0)) -
    offsetMinutes * 60_000;
  return dayIn(instant, timeZone);
}

/** A reaction's coded term (E.i.2.1), when it has one of the right shape. */
function codedTerm(reaction: Doc): { version: string; code: string } | null {
  const term = obj(reaction.term);
  const version = str(term.version);
  const code = str(term.code);
  return version !== null && code !== null ? { version, code } : null;
}

const text = (v: unknown) => {
  const s = str(v)?.trim();
  return s ? s : null;
};

/**
 * The suspect products: G.k.2.2 (else the active substances) of every drug whose role (G.k.1)
 * is suspect (1), interacting (3) or not given (a public form does not ask), in order.
 */
function suspectProducts(doc: Doc): string[] {
  return arr(obj(doc.G).drugs)
    .filter((d) => d.role === undefined || d.role === '1' || d.role === '3')
    .map(
      (d) =>
        text(d.name) ??
        (arr(d.substances)
          .map((s) => text(s.name))
          .filter(Boolean)
          .join(' + ') ||
          null),
    )
    .filter((name): name is string => name !== null);
}

/**
 * The columns of a document, its receipt day counted in the organisation's `timeZone`.
 * `ptNames` holds, per reaction in order, the PT name of its coded term (caseColumns looks them
 * up); without it every reaction reads as reported.
 */
export function searchColumns(
  document: unknown,
  timeZone: string,
  ptNames: readonly (string | null)[] = [],
): SearchColumns {
  const doc = obj(document);
  const c = obj(doc.C);
  const reactions = arr(obj(doc.E).reactions);
  const terms = reactions.map((r, i) => ({
    pt: ptNames[i] ?? null,
    words: text(r.nativeTerm) ?? text(r.translatedTerm),
  }));
  const seriousness = SERIOUSNESS_CRITERIA.filter((criterion) =>
    reactions.some((r) => r[criterion] === true),
  );
  const received = [c.mostRecentInformationDate, c.firstReceivedDate]
    .map(str)
    .find((d): d is string => d !== null && FULL_DATE.test(d));
  const country =
    reactions.map((r) => str(r.country)).find(Boolean) ??
    arr(c.primarySources)
      .map((s) => str(s.country))
      .find(Boolean) ??
    null;
  // What full-text search reads (migration 202611241700 makes the same from stored documents).
  const search_text = [
    str(obj(doc.H).narrative),
    ...reactions.map((r) => str(r.nativeTerm)),
    ...arr(obj(doc.G).drugs).map((d) => str(d.name)),
  ]
    .filter(Boolean)
    .join(' ');
  return {
    receipt_date: received ? receiptDay(received, timeZone) : null,
    report_type: str(c.reportType),
    serious: seriousness.length > 0,
    seriousness: [...seriousness],
    country,
    search_text,
    suspect_products: suspectProducts(doc),
    reaction_terms: terms.map((t) => t.pt ?? t.words).filter((t): t is string => t !== null),
    reactions_coded: terms.length > 0 && terms.every((t) => t.pt !== null),
  };
}

/**
 * The columns of a document of a case of organisation `organisationId` (its time zone read),
 * with its coded reactions' PT names looked up (one query, when any is coded).
 */
export async function caseColumns(db: Db, document: unknown, organisationId: string): Promise<SearchColumns> {
  const { timeZone } = await organisationCalendar(db, organisationId);
  const reactions = arr(obj(obj(document).E).reactions);
  const coded = reactions.map(codedTerm);
  const wanted = coded.filter((t): t is { version: string; code: string } => t !== null);
  const names = await preferredTermNames(db, wanted);
  let next = 0;
  return searchColumns(
    document,
    timeZone,
    coded.map((t) => (t === null ? null : (names[next++] ?? null))),
  );
}

export type CaseOrigin = 'public' | 'professional' | 'import' | 'api';

/**
 * Where a case came from, set once when it is created (decision 0285): an E2B import, an
 * integration's API key, else the audience of the form it was filled in with; without a form
 * (an anonymous report is the public's), the primary source's qualification (C.2.r.4: 1–3
 * health professionals, 4–5 lawyer and consumer).
 */
export function originOf(report: {
  imported: boolean;
  applicationId: string | null;
  audience: string | null;
  anonymous: boolean;
  document: unknown;
}): CaseOrigin | null {
  if (report.imported) return 'import';
  if (report.applicationId) return 'api';
  if (report.audience === 'public' || report.audience === 'professional') return report.audience;
  if (report.anonymous) return 'public';
  const sources = arr(obj(obj(report.document).C).primarySources);
  const primary = sources.find((s) => s.primaryForRegulatoryPurposes === '1') ?? sources[0];
  const qualification = str(primary?.qualification);
  if (qualification === '1' || qualification === '2' || qualification === '3') return 'professional';
  if (qualification === '4' || qualification === '5') return 'public';
  return null;
}

/**
 * A report being sent is received today: C.1.4 (first received) and C.1.5 (most recent
 * information) are the receiver's dates, filled in when the sender left them out.
 */
export function withReceiptDates(document: Doc, today: string, firstSubmission: boolean): Doc {
  const c = obj(document.C);
  return {
    ...document,
    C: {
      ...c,
      ...(c.firstReceivedDate === undefined && firstSubmission ? { firstReceivedDate: today } : {}),
      ...(c.mostRecentInformationDate === undefined ? { mostRecentInformationDate: today } : {}),
    },
  };
}
