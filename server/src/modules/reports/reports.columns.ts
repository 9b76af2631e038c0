import type { SearchColumns } from './reports.repository.ts';

/**
 * The columns lists search and filter, read from the case document (decision 0040) so that
 * they always say what the document says: written in the same transaction as each version.
 */

const SERIOUSNESS = [
  'resultsInDeath',
  'lifeThreatening',
  'hospitalisation',
  'disabling',
  'congenitalAnomaly',
  'otherMedicallyImportant',
] as const;

type Doc = Record<string, unknown>;
const obj = (v: unknown): Doc => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Doc) : {});
const arr = (v: unknown): Doc[] => (Array.isArray(v) ? v.map(obj) : []);
const str = (v: unknown) => (typeof v === 'string' ? v : null);
const FULL_DATE = /^\d{4}-\d{2}-\d{2}/;

export function searchColumns(document: unknown): SearchColumns {
  const doc = obj(document);
  const c = obj(doc.C);
  const reactions = arr(obj(doc.E).reactions);
  const seriousness = SERIOUSNESS.filter((criterion) => reactions.some((r) => r[criterion] === true));
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
    receipt_date: received ? received.slice(0, 10) : null,
    report_type: str(c.reportType),
    serious: seriousness.length > 0,
    seriousness: [...seriousness],
    country,
    search_text,
  };
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
