import type { CaseDocument } from '@vigilo/contract';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * The CIOMS I form ("Suspect adverse reaction report") drawn from the case document, as
 * companies and regulators exchange it outside E2B: one A4 page of numbered boxes, and
 * continuation pages when the description does not fit. Standard PDF fonts only (no font
 * files to ship): characters outside WinAnsi print as "?".
 */
type Doc = CaseDocument;
type Drug = NonNullable<NonNullable<Doc['G']>['drugs']>[number];

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 28;
const INK = rgb(0, 0, 0);

/** Text a reader understands: values, `unknown` for null flavours, nothing for absent. */
function show(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'object' && 'nullFlavor' in v) return 'unknown';
  if (typeof v === 'object' && 'value' in v) {
    const q = v as { value: string; unit?: string };
    return q.unit ? `${q.value} ${q.unit}` : q.value;
  }
  if (typeof v === 'object' && 'code' in v) return `MedDRA ${(v as { code: string }).code}`;
  return String(v);
}

/** Standard PDF fonts carry WinAnsi only: other characters become "?" rather than failing. */
function printable(font: PDFFont, text: string): string {
  return [...text.replace(/\r?\n/g, ' ')]
    .map((c) => {
      try {
        font.encodeText(c);
        return c;
      } catch {
        return '?';
      }
    })
    .join('');
}

function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of printable(font, paragraph).split(' ')) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width || line === '') line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    lines.push(line);
  }
  return lines;
}

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
  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([A4.width, A4.height]);
  }

  title(text: string, y: number) {
    this.page.drawText(text, { x: MARGIN, y, size: 12, font: this.bold, color: INK });
  }

  /** A numbered box with its label on top and the value below; returns what did not fit. */
  box({ x, y, w, h, label, value }: Box): string[] {
    this.page.drawRectangle({ x, y: y - h, width: w, height: h, borderColor: INK, borderWidth: 0.6 });
    const labels = wrap(this.font, 6.5, label, w - 6);
    labels.forEach((line, i) => {
      this.page.drawText(line, { x: x + 3, y: y - 9 - i * 7.5, size: 6.5, font: this.font, color: INK });
    });
    const top = y - 12 - labels.length * 7.5;
    const lines = wrap(this.font, 8, value, w - 6);
    const room = Math.max(0, Math.floor((top - (y - h) - 2) / 10));
    lines.slice(0, room).forEach((line, i) => {
      this.page.drawText(line, { x: x + 3, y: top - 6 - i * 10, size: 8, font: this.font, color: INK });
    });
    return lines.slice(room);
  }

  /** Continuation pages for text that overflowed its box. */
  continuation(heading: string, lines: string[]) {
    let rest = lines;
    while (rest.length > 0) {
      this.page = this.pdf.addPage([A4.width, A4.height]);
      this.title(printable(this.bold, `${heading} (continued)`), A4.height - MARGIN - 12);
      const perPage = Math.floor((A4.height - 2 * MARGIN - 30) / 10);
      rest.slice(0, perPage).forEach((line, i) => {
        this.page.drawText(line, {
          x: MARGIN,
          y: A4.height - MARGIN - 36 - i * 10,
          size: 8,
          font: this.font,
          color: INK,
        });
      });
      rest = rest.slice(perPage);
    }
  }
}

const day = (d: unknown) => (typeof d === 'string' ? d.slice(0, 10) : show(d));
const drugLine = (d: Drug) => {
  const dose = d.dosages?.map((x) =>
    [show(x.dose), x.frequency ? `every ${show(x.frequency)}` : ''].join(' ').trim(),
  );
  return [d.name ?? '', d.substances?.map((s) => show(s.name)).join(', ') ?? '', dose?.join('; ') ?? '']
    .filter(Boolean)
    .join(' | ');
};
const isSuspect = (d: Drug) => d.role === '1' || d.role === '3';

/** Renders the CIOMS I form for one case; the result is a PDF file's bytes. */
export async function renderCiomsI(doc: Doc, options: { manufacturer?: string } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`CIOMS I ${doc.C.worldwideUniqueId ?? doc.C.senderSafetyReportId ?? ''}`.trim());
  pdf.setCreator('Vigilo');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheet = new Sheet(pdf, font, bold);
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
    ['3. SEX', doc.D?.sex === '1' ? 'Male' : doc.D?.sex === '2' ? 'Female' : show(doc.D?.sex), 0.12],
    ['4-6. REACTION ONSET', day(reactions[0]?.startDate), 0.3],
  ];
  let x = MARGIN;
  for (const [label, value, share] of row1) {
    sheet.box({ x, y, w: W * share, h: 32, label, value });
    x += W * share;
  }
  y -= 32;
  const description = [
    ...reactions.map((r) =>
      [r.nativeTerm ?? r.translatedTerm, show(r.term), r.outcome ? `outcome ${r.outcome}` : '']
        .filter(Boolean)
        .join(', '),
    ),
    doc.H?.narrative ?? '',
    ...(doc.F?.tests ?? []).map((t) =>
      `Test ${day(t.date)} ${t.name ?? ''} ${show(t.result) || show(t.resultText)}`.trim(),
    ),
  ]
    .filter(Boolean)
    .join('\n');
  const overflow = sheet.box({
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
    value: suspects.map(drugLine).join('\n'),
  });
  y -= 44;
  const first = suspects[0];
  const dosage = first?.dosages?.[0];
  const row2: [string, string, number][] = [
    ['15. DAILY DOSE(S)', show(dosage?.dose), 0.25],
    ['16. ROUTE(S) OF ADMINISTRATION', show(dosage?.routeText ?? dosage?.route?.code), 0.25],
    [
      '17. INDICATION(S) FOR USE',
      first?.indications?.map((i) => show(i.text ?? i.term)).join(', ') ?? '',
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
    ['20. DID REACTION ABATE AFTER STOPPING DRUG?', first?.actionTaken === '1' ? 'drug withdrawn' : '', 0.25],
    [
      '21. DID REACTION REAPPEAR AFTER REINTRODUCTION?',
      recurred === '1' ? 'YES' : recurred === '2' ? 'NO' : '',
      0.25,
    ],
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
      .map(drugLine)
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
    value: show(doc.D?.medicalHistoryText),
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
  if (overflow.length > 0) sheet.continuation('7 + 13. DESCRIBE REACTION(S)', overflow);
  return pdf.save({ useObjectStreams: false });
}
