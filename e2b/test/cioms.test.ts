import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ciomsMeddraTerms, type MeddraLookup, renderCiomsI } from '../src/index.ts';
import { handWrittenCase } from './fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'cioms-'));
let files = 0;

/** The text a reader copies out of the PDF, as poppler's pdftotext extracts it (one line per line). */
function textOf(pdf: Uint8Array): string {
  const file = join(dir, `form-${files++}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

/** MedDRA 26.1 names of the fixture's terms, as the release prints them. */
const names: MeddraLookup = ({ version, code }) =>
  version !== '26.1'
    ? undefined
    : (
        {
          '10037844': { llt: 'Rash', pt: 'Rash', version: '26.1' },
          '10016256': { llt: 'Fatal outcome', pt: 'Death', version: '26.1' },
          '10020772': { llt: 'Hypertension', pt: 'Hypertension', version: '26.1' },
          '10037153': { llt: 'Psoriasis', pt: 'Psoriasis', version: '26.1' },
        } as Record<string, { llt: string; pt: string; version: string }>
      )[code];

describe('CIOMS I', () => {
  it('draws the case into the numbered boxes of the form', async () => {
    const pdf = await renderCiomsI(handWrittenCase, { meddra: names });
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = textOf(pdf);
    for (const expected of [
      'CIOMS FORM - SUSPECT ADVERSE REACTION REPORT',
      '1. PATIENT INITIALS',
      'AB',
      'FR',
      '1980-05-14',
      '43 years',
      'Female',
      '2024-02-28',
      '[X] PATIENT DIED',
      'Vigilomab 10 mg | vigilomab | 10 mg every 1 day lot LOT-9',
      '10 mg',
      'oral',
      'psoriasis',
      '2024-02-01 to 2024-02-27',
      'action taken: drug withdrawn',
      'UNKNOWN (rechallenged)',
      'Paracetamol',
      'Hypertension since 2010',
      'PT: Hypertension (MedDRA 26.1), from 2010, continuing, Treated',
      'Agence Vigilo',
      'FR-VIGILO-2024-000123',
      '2024-03-01',
      '[] LIFE THREATENING',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('names the reactions by their MedDRA LLT and PT, and the outcome in words', async () => {
    const text = textOf(await renderCiomsI(handWrittenCase, { meddra: names }));
    expect(text).toContain('éruption cutanée / skin rash, PT: Rash (MedDRA 26.1), from 2024-02-28, outcome:');
    expect(text).toContain('recovering/resolving');
    expect(text).toContain('LLT: Fatal outcome; PT: Death (MedDRA 26.1), from 2024-03, outcome: fatal');
    expect(text).not.toContain('10037844');
    expect(text).not.toContain('10016256');
    expect(text).not.toMatch(/outcome:? [0-5]\b/);
  });

  it('shows the code with its version where no release names the term', async () => {
    const text = textOf(await renderCiomsI(handWrittenCase));
    expect(text).toContain('MedDRA 26.1 code 10037844');
  });

  it('lists the terms it shows, for the caller to look up', () => {
    expect(ciomsMeddraTerms(handWrittenCase)).toEqual([
      { version: '26.1', code: '10037844' },
      { version: '26.1', code: '10016256' },
      { version: '26.1', code: '10037153' },
      { version: '26.1', code: '10020772' },
      { version: '26.1', code: '10007515' },
    ]);
  });

  it('writes each causality assessment of each drug and reaction', async () => {
    const doc = structuredClone(handWrittenCase);
    const pair = doc.G!.drugs![0]!.reactionAssessments![0]!;
    pair.assessments!.push({ source: 'Agence Vigilo', method: 'WHO-UMC', result: 'Probable/Likely' });
    doc.G!.drugs![0]!.reactionAssessments!.push({
      reactionId: doc.E!.reactions![1]!.id,
      assessments: [{ source: 'Primary source reporter', method: 'Naranjo', result: 'Possible (score 3)' }],
    });
    const text = textOf(await renderCiomsI(doc, { meddra: names })).replace(/\n/g, ' ');
    expect(text).toContain(
      'Causality of Vigilomab 10 mg and éruption cutanée: Related (method: Global introspection, source: Reporter)',
    );
    expect(text).toContain(
      'Causality of Vigilomab 10 mg and éruption cutanée: Probable/Likely (method: WHO-UMC, source: Agence Vigilo)',
    );
    expect(text).toContain(
      'Causality of Vigilomab 10 mg and Fatal outcome: Possible (score 3) (method: Naranjo, source: Primary source reporter)',
    );
  });

  it('prints Greek, Cyrillic, Japanese, Chinese and Korean as written, and a tab as spaces', async () => {
    const doc = structuredClone(handWrittenCase);
    doc.H!.narrative =
      'Ελληνικά: πυρετός.\nРусский: сыпь.\n日本語: 発疹が出た。\n中文: 皮疹。\n한국어: 발진.\nDose\t10 mg';
    doc.E!.reactions![0]!.nativeTerm = 'εξάνθημα';
    const pdf = await renderCiomsI(doc, { meddra: names });
    const text = textOf(pdf);
    for (const line of [
      'Ελληνικά: πυρετός.',
      'Русский: сыпь.',
      '日本語: 発疹が出た。',
      '中文: 皮疹。',
      '한국어: 발진.',
      'εξάνθημα / skin rash',
    ])
      expect(text).toContain(line);
    expect(text).toMatch(/Dose +10 mg/);
    // The only question marks are the two of the form's own questions (boxes 20 and 21).
    expect(text.match(/\?/g)).toEqual(['?', '?']);
    expect(text).toContain('STOPPING DRUG?');
    expect(text).toContain('REINTRODUCTION?');
    // The fonts are subset to the glyphs drawn: CJK does not make the file large.
    expect(pdf.length).toBeLessThan(80_000);
  });

  it('continues what does not fit on further pages, under the box it belongs to', async () => {
    const doc = structuredClone(handWrittenCase);
    doc.H!.narrative = `${'The patient recovered slowly. '.repeat(400)}中文`;
    doc.D!.medicalHistoryText = 'Long history. '.repeat(120);
    const pdf = await renderCiomsI(doc);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(2);
    const text = textOf(pdf);
    expect(text).toContain('7 + 13. DESCRIBE REACTION(S) (continued)');
    expect(text).toContain('23. OTHER RELEVANT HISTORY (continued)');
    expect(text).toContain('slowly. 中文');
  });

  it('prints "?" only for a character none of the fonts has (an emoji)', async () => {
    const doc = structuredClone(handWrittenCase);
    doc.H!.narrative = 'Better now 🙂 thanks';
    expect(textOf(await renderCiomsI(doc))).toContain('Better now ? thanks');
  });
});
