import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderCiomsI } from '../src/index.ts';
import { handWrittenCase } from './fixtures.ts';

/** The text lines a PDF viewer would show: the hex strings of every `Tj` in the content streams. */
function textOf(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!;
    }
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
      lines.push(Buffer.from(t[1]!, 'hex').toString('latin1'));
  }
  return lines;
}

describe('CIOMS I', () => {
  it('draws the case into the numbered boxes of the form', async () => {
    const pdf = await renderCiomsI(handWrittenCase);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    const text = textOf(pdf);
    for (const expected of [
      'CIOMS FORM - SUSPECT ADVERSE REACTION REPORT',
      '1. PATIENT INITIALS',
      'AB',
      'FR',
      '1980-05',
      '43 a',
      'Female',
      '2024-02-28',
      '[X] PATIENT DIED',
      'Vigilomab 10 mg | vigilomab | 10 mg every 1 d',
      '10 mg',
      'oral',
      'psoriasis',
      '2024-02-01 to 2024-02-27',
      'drug withdrawn',
      'Paracetamol',
      'Hypertension since 2010',
      'Agence Vigilo',
      'FR-VIGILO-2024-000123',
      '2024-03-01',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('[] LIFE THREATENING');
  });

  it('continues a long description on further pages, and prints characters the font lacks as "?"', async () => {
    const doc = structuredClone(handWrittenCase);
    doc.H!.narrative = `${'The patient recovered slowly. '.repeat(400)}中文`;
    const pdf = await renderCiomsI(doc);
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(1);
    const text = textOf(pdf);
    expect(text).toContain('7 + 13. DESCRIBE REACTION(S) (continued)');
    expect(text.join(' ')).toContain('slowly. ??');
  });
});
