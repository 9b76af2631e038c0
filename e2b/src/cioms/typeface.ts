import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont, PDFPage } from 'pdf-lib';

/**
 * The fonts of the CIOMS I form (decision 0233): Noto Sans for Latin, Greek and Cyrillic, then
 * Noto Sans JP, SC and KR for the CJK characters it lacks, each character drawn in the first
 * that has it. TrueType files of the npm packages `@expo-google-fonts/noto-sans*` (OFL), read
 * once per process; only the faces a case's text needs are embedded, and pdf-lib subsets each
 * to the glyphs drawn, so a form stays a few tens of kilobytes.
 */
const require = createRequire(import.meta.url);
const FILES = {
  latin: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  jp: '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  sc: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  kr: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
} as const;
type Face = keyof typeof FILES;
/** The order a character's face is chosen in: Japanese before Chinese for the shared ideographs. */
const CHAIN: readonly Face[] = ['latin', 'jp', 'sc', 'kr'];

interface Loaded {
  bytes: Uint8Array;
  face: ReturnType<typeof fontkit.create>;
}
const loaded = new Map<Face, Loaded>();
function load(face: Face): Loaded {
  let found = loaded.get(face);
  if (!found) {
    const bytes = new Uint8Array(readFileSync(require.resolve(FILES[face])));
    found = { bytes, face: fontkit.create(bytes) };
    loaded.set(face, found);
  }
  return found;
}

/** The face of each code point met so far (null: none of the fonts has it). */
const faceOf = new Map<number, Face | null>();
function faceFor(codePoint: number): Face | null {
  let face = faceOf.get(codePoint);
  if (face === undefined) {
    face = CHAIN.find((f) => load(f).face.hasGlyphForCodePoint(codePoint)) ?? null;
    faceOf.set(codePoint, face);
  }
  return face;
}

/**
 * Text as the form prints it: composed (NFC), a tab as four spaces, other control characters
 * (but line breaks) as one space, and a character none of the fonts has as "?".
 */
export function printable(text: string): string {
  return [
    ...text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replaceAll('\t', '    ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it replaces
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' '),
  ]
    .map((c) => (c === '\n' || faceFor(c.codePointAt(0)!) ? c : '?'))
    .join('');
}

interface Run {
  face: Face;
  font: PDFFont;
  text: string;
}

/** Advance widths per face and code point, in 1/1000 em: what a viewer spaces glyphs by. */
const advances = new Map<Face, Map<number, number>>();
function advance(face: Face, codePoint: number): number {
  let known = advances.get(face);
  if (!known) {
    known = new Map();
    advances.set(face, known);
  }
  let width = known.get(codePoint);
  if (width === undefined) {
    const font = load(face).face;
    width = (font.glyphForCodePoint(codePoint).advanceWidth * 1000) / font.unitsPerEm;
    known.set(codePoint, width);
  }
  return width;
}

/**
 * The width of a run at a size, from the glyphs' advance widths. pdf-lib's own measure shapes
 * the text with every OpenType feature each call, which cost 80 % of a form's time; the PDF
 * places glyphs by these advances alone, so the sum is the drawn width.
 */
const runWidth = (run: Run, size: number) => {
  let units = 0;
  for (const c of run.text) units += advance(run.face, c.codePointAt(0)!);
  return (units * size) / 1000;
};

/** The fonts embedded in one PDF and the drawing of text across them. */
export class Typeface {
  private constructor(
    private readonly fonts: Map<Face, PDFFont>,
    readonly bold: PDFFont,
  ) {}

  /** Embeds the faces that `texts` need (Noto Sans and its bold always). */
  static async embed(pdf: PDFDocument, texts: readonly string[]): Promise<Typeface> {
    pdf.registerFontkit(fontkit);
    const needed = new Set<Face>(['latin']);
    for (const text of texts)
      for (const c of printable(text)) {
        const face = c === '\n' ? null : faceFor(c.codePointAt(0)!);
        if (face) needed.add(face);
      }
    const fonts = new Map<Face, PDFFont>();
    for (const face of CHAIN)
      if (needed.has(face)) fonts.set(face, await pdf.embedFont(load(face).bytes, { subset: true }));
    const bold = await pdf.embedFont(load('bold').bytes, { subset: true });
    return new Typeface(fonts, bold);
  }

  /** Consecutive characters of one face as one run, in the text's order. */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    for (const c of printable(text)) {
      const wanted = faceFor(c.codePointAt(0)!) ?? 'latin';
      const face = this.fonts.has(wanted) ? wanted : 'latin';
      const last = runs.at(-1);
      if (last?.face === face) last.text += c;
      else runs.push({ face, font: this.fonts.get(face)!, text: c });
    }
    return runs;
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, r) => sum + runWidth(r, size), 0);
  }

  /** One line of text at (x, y), each run in its own font. */
  draw(page: PDFPage, text: string, at: { x: number; y: number; size: number }) {
    let x = at.x;
    for (const run of this.runs(text)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font });
      x += runWidth(run, at.size);
    }
  }

  /** Lines of at most `width` points, broken between words; line breaks start a new line. */
  wrap(text: string, size: number, width: number): string[] {
    const lines: string[] = [];
    for (const paragraph of printable(text).split('\n')) {
      let line = '';
      for (const word of paragraph.split(' ')) {
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, size) <= width) line = next;
        else if (this.width(word, size) <= width) {
          lines.push(line);
          line = word;
        } else {
          // A word wider than the box (Chinese and Japanese have no spaces): cut between characters.
          if (line) lines.push(line);
          line = '';
          for (const c of word) {
            if (line && this.width(line + c, size) > width) {
              lines.push(line);
              line = '';
            }
            line += c;
          }
        }
      }
      lines.push(line);
    }
    return lines;
  }
}
