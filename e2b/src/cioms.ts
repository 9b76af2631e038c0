import type { CaseDocument } from '@vigilo/contract';
import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { printable, Typeface } from './cioms/typeface.ts';
import {
  ACTION_TAKEN,
  DRUG_ROLE,
  NULL_FLAVOUR,
  OUTCOME,
  quantityWords,
  RECURRED,
  SEX,
} from './cioms/words.ts';

/**
 * The CIOMS I form ("Suspect adverse reaction report") drawn from the case document, as
 * companies and regulators exchange it outside E2B: one A4 page of numbered boxes, and
 * continuation pages when the description does not fit. MedDRA terms by their names, coded
 * values in words, any script in the embedded Noto fonts (decision 0233).
 */
type Doc = CaseDocument;
type Drug = NonNullable<NonNullable<Doc['G']>['drugs']>[number];
type Reaction = NonNullable<NonNullable<Doc['E']>['reactions']>[number];

/** A MedDRA term as a case holds it (E.i.2.1, G.k.7.r.2, D.7.1.r.1, ...). */
export interface MeddraTerm {
  version: string;
  code: string;
}
/** The names of a coded term in a MedDRA release, and that release's version. */
export interface MeddraNames {
  llt: string | null;
  pt: string | null;
  version: string;
}
/** The names of a term, or undefined where no release the caller holds knows it. */
export type MeddraLookup = (term: MeddraTerm) => MeddraNames | undefined;

const isTerm = (t: unknown): t is MeddraTerm =>
  typeof t === 'object' && t !== null && 'code' in t && 'version' in t;

/** Every MedDRA term the form shows, for the caller to look their names up before drawing. */
export function ciomsMeddraTerms(doc: Doc): MeddraTerm[] {
  const terms: unknown[] = [
    ...(doc.E?.reactions ?? []).map((r) => r.term),
    ...(doc.G?.drugs ?? []).flatMap((d) => (d.indications ?? []).map((i) => i.term)),
    ...(doc.D?.medicalHistory ?? []).map((h) => h.condition),
    ...(doc.D?.death?.reportedCauses ?? []).map((c) => c.cause),
    ...(doc.D?.death?.autopsyCauses ?? []).map((c) => c.cause),
  ];
  return terms.filter(isTerm);
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const INK = rgb(0, 0, 0);

/** Text a reader understands: values, null flavours in words, nothing for absent. */
function show(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object' && 'nullFlavor' in v) {
    const flavour = String((v as { nullFlavor: string }).nullFlavor);
    return NULL_FLAVOUR[flavour] ?? 'unknown';
  }
  if (typeof v === 'object' && 'value' in v) {
    const q = v as { value: string; unit?: string };
    return quantityWords(q.value, q.unit);
  }
  return String(v);
}

/** A coded value in words, the code itself when the list has no word for it. */
const word = (list: Record<string, string>, code: unknown) =>
  typeof code === 'string' ? (list[code] ?? code) : show(code);

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
  value: string;
}

class Sheet {
  private page: PDFPage;
  private readonly overflows: { label: string; lines: string[] }[] = [];
  constructor(
    private readonly pdf: PDFDocument,
    private readonly type: Typeface,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  title(text: string, y: number) {
    this.page.drawText(printable(text), { x: MARGIN, y, size: 12, font: this.type.bold, color: INK });
  }

  /** A numbered box with its label on top and the value below; returns what did not fit. */
  box({ x, y, w, h, label, value }: Box): string[] {
    this.page.drawRectangle({ x, y: y - h, width: w, height: h, borderColor: INK, borderWidth: 0.6 });
    const labels = this.type.wrap(label, 6.5, w - 6);
    labels.forEach((line, i) => {
      this.type.draw(this.page, line, { x: x + 3, y: y - 9 - i * 7.5, size: 6.5 });
    });
    const top = y - 12 - labels.length * 7.5;
    const lines = this.type.wrap(value, 8, w - 6);
    const room = Math.max(0, Math.floor((top - (y - h) - 2) / 10));
    lines.slice(0, room).forEach((line, i) => {
      this.type.draw(this.page, line, { x: x + 3, y: top - 6 - i * 10, size: 8 });
    });
    const rest = lines.slice(room);
    if (rest.some((line) => line.trim() !== '')) this.overflows.push({ label, lines: rest });
    return rest;
  }

  /** Continuation pages for the text that overflowed its box, each under its box's label. */
  continuations() {
    for (const { label, lines } of this.overflows) this.continuation(label, lines);
  }

  private continuation(heading: string, lines: string[]) {
    let rest = lines;
    while (rest.length > 0) {
      this.page = this.pdf.addPage([A4.width, A4.height]);
      this.title(`${heading.replace(/ \(.*$/, '')} (continued)`, A4.height - MARGIN - 12);
      const perPage = Math.floor((A4.height - 2 * MARGIN - 30) / 10);
      rest.slice(0, perPage).forEach((line, i) => {
        this.type.draw(this.page, line, { x: MARGIN, y: A4.height - MARGIN - 36 - i * 10, size: 8 });
      });
      rest = rest.slice(perPage);
    }
  }
}

const day = (d: unknown) => (typeof d === 'string' ? d.slice(0, 10) : show(d));
const isSuspect = (d: Drug) => d.role === '1' || d.role === '3';

/** What the form writes of one case: the case and the names of its MedDRA terms. */
class Words {
  constructor(
    private readonly doc: Doc,
    private readonly names: MeddraLookup,
  ) {}

  /** A MedDRA term by its names: `LLT: …; PT: …` (one name when the LLT is the PT), with the release. */
  term(t: unknown): string {
    if (!isTerm(t)) return show(t);
    const n = this.names(t);
    if (!n || (!n.llt && !n.pt)) return `MedDRA ${t.version} code ${t.code}`;
    const names = n.llt && n.pt && n.llt !== n.pt ? `LLT: ${n.llt}; PT: ${n.pt}` : `PT: ${n.pt ?? n.llt}`;
    return `${names} (MedDRA ${n.version})`;
  }

  /** The reaction as reported, for the lines that name it (causality). */
  reactionName(r: Reaction | undefined, index: number): string {
    if (!r) return 'a reaction not in the case';
    const n = isTerm(r.term) ? this.names(r.term) : undefined;
    return r.nativeTerm ?? r.translatedTerm ?? n?.llt ?? n?.pt ?? `reaction ${index + 1}`;
  }

  reaction(r: Reaction): string {
    const reported = [r.nativeTerm, r.translatedTerm].filter(Boolean).join(' / ');
    const dates = [r.startDate ? `from ${day(r.startDate)}` : '', r.endDate ? `to ${day(r.endDate)}` : '']
      .filter(Boolean)
      .join(' ');
    return [
      reported,
      r.term ? this.term(r.term) : '',
      dates,
      r.outcome ? `outcome: ${word(OUTCOME, r.outcome)}` : '',
    ]
      .filter(Boolean)
      .join(', ');
  }

  /** Each causality assessment (G.k.9.i.2.r) of each drug for each reaction, one line each. */
  causality(): string[] {
    const reactions = this.doc.E?.reactions ?? [];
    return (this.doc.G?.drugs ?? []).flatMap((d, k) =>
      (d.reactionAssessments ?? []).flatMap((pair) => {
        const index = reactions.findIndex((r) => r.id === pair.reactionId);
        const about = `${d.name ?? `drug ${k + 1}`} and ${this.reactionName(reactions[index], index)}`;
        return (pair.assessments ?? []).map((a) => {
          const how = [
            a.method ? `method: ${show(a.method)}` : '',
            a.source ? `source: ${show(a.source)}` : '',
          ]
            .filter(Boolean)
            .join(', ');
          return `Causality of ${about}: ${show(a.result) || 'no result given'}${how ? ` (${how})` : ''}`;
        });
      }),
    );
  }

  test(t: NonNullable<NonNullable<Doc['F']>['tests']>[number]): string {
    const result = t.result
      ? `${t.result.qualifier ? `${t.result.qualifier} ` : ''}${show({ value: t.result.value, unit: t.result.unit })}`
      : show(t.resultText);
    const range =
      t.normalLow || t.normalHigh
        ? `(normal ${[t.normalLow, t.normalHigh].map((v) => v ?? '').join(' - ')}${(t.normalHighUnit ?? t.normalLowUnit) ? ` ${t.normalHighUnit ?? t.normalLowUnit}` : ''})`
        : '';
    return ['Test', day(t.date), t.name ?? (t.code ? this.term(t.code) : ''), result, range]
      .filter(Boolean)
      .join(' ');
  }

  drug(d: Drug): string {
    const doses = (d.dosages ?? []).map((x) =>
      [show(x.dose), x.frequency ? `every ${show(x.frequency)}` : '', x.batchLot ? `lot ${x.batchLot}` : '']
        .filter(Boolean)
        .join(' '),
    );
    const role = d.role === '3' ? `(${DRUG_ROLE['3']})` : '';
    return [
      [d.name ?? '', role].filter(Boolean).join(' '),
      (d.substances ?? []).map((s) => show(s.name)).join(', '),
      doses.filter(Boolean).join('; '),
    ]
      .filter(Boolean)
      .join(' | ');
  }

  /** Box 23: the history as text, then each coded condition with its dates. */
  history(): string {
    const conditions = (this.doc.D?.medicalHistory ?? []).map((h) =>
      [
        h.condition ? this.term(h.condition) : '',
        h.startDate ? `from ${day(h.startDate)}` : '',
        h.continuing === true ? 'continuing' : '',
        h.endDate ? `to ${day(h.endDate)}` : '',
        h.comments ? show(h.comments) : '',
      ]
        .filter(Boolean)
        .join(', '),
    );
    return [show(this.doc.D?.medicalHistoryText), ...conditions].filter(Boolean).join('\n');
  }
}

/** Every text of a case (and the names of its terms), to choose the fonts it needs. */
function textsOf(doc: Doc, names: MeddraLookup): string[] {
  const found: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') found.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(walk);
  };
  walk(doc);
  for (const t of ciomsMeddraTerms(doc)) {
    const n = names(t);
    if (n) found.push(n.llt ?? '', n.pt ?? '');
  }
  return found;
}

export interface CiomsOptions {
  manufacturer?: string;
  /** The names of the case's MedDRA terms (`ciomsMeddraTerms`); without it, codes are shown. */
  meddra?: MeddraLookup;
}

/** Renders the CIOMS I form for one case; the result is a PDF file's bytes. */
export async function renderCiomsI(doc: Doc, options: CiomsOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`CIOMS I ${doc.C.worldwideUniqueId ?? doc.C.senderSafetyReportId ?? ''}`.trim());
  pdf.setCreator('Vigilo');
  const names = options.meddra ?? (() => undefined);
  const words = new Words(doc, names);
  const type = await Typeface.embed(pdf, [...textsOf(doc, names), options.manufacturer ?? '']);
  const sheet = new Sheet(pdf, type);
  const reactions = doc.E?.reactions ?? [];
  const drugs = doc.G?.drugs ?? [];
  const serious = (k: 'resultsInDeath' | 'hospitalisation' | 'disabling' | 'lifeThreatening') =>
    reactions.some((r) => r[k] === true) ? 'X' : '';
  const W = A4.width - 2 * MARGIN;
  let y = A4.height - MARGIN;
  sheet.title('CIOMS FORM - SUSPECT ADVERSE REACTION REPORT', y - 12);
  y -= 26;
  sheet.title('I. REACTION INFORMATION', y - 10);
  y -= 16;
  const row1: [string, string, number][] = [
    ['1. PATIENT INITIALS', show(doc.D?.name), 0.18],
    ['1a. COUNTRY', show(reactions[0]?.country ?? doc.C.primarySources?.[0]?.country), 0.12],
    ['2. DATE OF BIRTH', day(doc.D?.birthDate), 0.16],
    ['2a. AGE', show(doc.D?.ageAtOnset), 0.12],
    ['3. SEX', word(SEX, doc.D?.sex), 0.12],
    ['4-6. REACTION ONSET', day(reactions[0]?.startDate), 0.3],
  ];
  let x = MARGIN;
  for (const [label, value, share] of row1) {
    sheet.box({ x, y, w: W * share, h: 32, label, value });
    x += W * share;
  }
  y -= 32;
  const description = [
    ...reactions.map((r) => words.reaction(r)),
    ...words.causality(),
    doc.H?.narrative ?? '',
    ...(doc.F?.tests ?? []).map((t) => words.test(t)),
  ]
    .filter(Boolean)
    .join('\n');
  sheet.box({
    x: MARGIN,
    y,
    w: W * 0.7,
    h: 190,
    label: '7 + 13. DESCRIBE REACTION(S) (including relevant tests/lab data)',
    value: description,
  });
  const checks = [
    ['8-12. CHECK ALL APPROPRIATE TO ADVERSE REACTION', ''],
    [`[${serious('resultsInDeath')}] PATIENT DIED`, ''],
    [`[${serious('hospitalisation')}] INVOLVED OR PROLONGED INPATIENT HOSPITALISATION`, ''],
    [`[${serious('disabling')}] INVOLVED PERSISTENT OR SIGNIFICANT DISABILITY OR INCAPACITY`, ''],
    [`[${serious('lifeThreatening')}] LIFE THREATENING`, ''],
  ];
  checks.forEach(([label], i) => {
    sheet.box({ x: MARGIN + W * 0.7, y: y - i * 38, w: W * 0.3, h: 38, label: label!, value: '' });
  });
  y -= 190;
  sheet.title('II. SUSPECT DRUG(S) INFORMATION', y - 14);
  y -= 20;
  const suspects = drugs.filter(isSuspect);
  sheet.box({
    x: MARGIN,
    y,
    w: W,
    h: 44,
    label: '14. SUSPECT DRUG(S) (include generic name)',
    value: suspects.map((d) => words.drug(d)).join('\n'),
  });
  y -= 44;
  const first = suspects[0];
  const dosage = first?.dosages?.[0];
  const row2: [string, string, number][] = [
    ['15. DAILY DOSE(S)', show(dosage?.dose), 0.25],
    ['16. ROUTE(S) OF ADMINISTRATION', show(dosage?.routeText ?? dosage?.route?.code), 0.25],
    [
      '17. INDICATION(S) FOR USE',
      first?.indications?.map((i) => (i.text ? show(i.text) : words.term(i.term))).join(', ') ?? '',
      0.5,
    ],
  ];
  x = MARGIN;
  for (const [label, value, share] of row2) {
    sheet.box({ x, y, w: W * share, h: 32, label, value });
    x += W * share;
  }
  y -= 32;
  const recurred = first?.reactionAssessments?.find((a) => a.recurred)?.recurred;
  const row3: [string, string, number][] = [
    [
      '18. THERAPY DATES (from/to)',
      [day(dosage?.startDate), day(dosage?.endDate)].filter(Boolean).join(' to '),
      0.3,
    ],
    ['19. THERAPY DURATION', show(dosage?.duration), 0.2],
    [
      '20. DID REACTION ABATE AFTER STOPPING DRUG?',
      first?.actionTaken ? `action taken: ${word(ACTION_TAKEN, first.actionTaken)}` : '',
      0.25,
    ],
    ['21. DID REACTION REAPPEAR AFTER REINTRODUCTION?', recurred ? word(RECURRED, recurred) : '', 0.25],
  ];
  x = MARGIN;
  for (const [label, value, share] of row3) {
    sheet.box({ x, y, w: W * share, h: 40, label, value });
    x += W * share;
  }
  y -= 40;
  sheet.title('III. CONCOMITANT DRUG(S) AND HISTORY', y - 14);
  y -= 20;
  sheet.box({
    x: MARGIN,
    y,
    w: W,
    h: 60,
    label: '22. CONCOMITANT DRUG(S) AND DATES OF ADMINISTRATION',
    value: drugs
      .filter((d) => !isSuspect(d))
      .map((d) => words.drug(d))
      .join('\n'),
  });
  y -= 60;
  sheet.box({
    x: MARGIN,
    y,
    w: W,
    h: 60,
    label:
      '23. OTHER RELEVANT HISTORY (e.g. diagnostics, allergies, pregnancy with last month of period, etc.)',
    value: words.history(),
  });
  y -= 60;
  sheet.title('IV. MANUFACTURER INFORMATION', y - 14);
  y -= 20;
  const row4: [string, string, number][] = [
    ['24a. NAME AND ADDRESS OF MANUFACTURER', options.manufacturer ?? show(doc.C.sender?.organisation), 0.4],
    ['24b. MFR CONTROL NO.', show(doc.C.senderSafetyReportId), 0.2],
    ['24c. DATE RECEIVED BY MANUFACTURER', day(doc.C.firstReceivedDate), 0.2],
    ['DATE OF THIS REPORT', day(doc.C.creationDate), 0.2],
  ];
  x = MARGIN;
  for (const [label, value, share] of row4) {
    sheet.box({ x, y, w: W * share, h: 40, label, value });
    x += W * share;
  }
  y -= 40;
  const source = [
    doc.C.study ? 'STUDY' : '',
    doc.C.literature ? 'LITERATURE' : '',
    doc.C.primarySources?.some((p) => ['1', '2', '3'].includes(String(p.qualification)))
      ? 'HEALTH PROFESSIONAL'
      : '',
  ]
    .filter(Boolean)
    .join(', ');
  sheet.box({ x: MARGIN, y, w: W * 0.6, h: 32, label: '24d. REPORT SOURCE', value: source });
  sheet.box({
    x: MARGIN + W * 0.6,
    y,
    w: W * 0.4,
    h: 32,
    label: '25a. REPORT TYPE',
    value: doc.C.nullificationOrAmendment ? 'FOLLOWUP' : 'INITIAL',
  });
  sheet.continuations();
  return pdf.save({ useObjectStreams: false });
}
