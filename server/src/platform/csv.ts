import { type Options, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The one CSV reader and writer (issue 27, decision 0317), over csv-parse and csv-stringify
 * (RFC 4180: quoted cells may hold the delimiter, doubled quotes and line breaks).
 */

export interface CsvRecord {
  /** 1-based line of the file the record starts on (a quoted line break counts as a line). */
  line: number;
  cells: string[];
}

export interface CsvResult {
  records: CsvRecord[];
  /** A quote left open: the line of the record it opens in. */
  unclosedQuoteAt: number | null;
}

const CR = 0x0d;
const LF = 0x0a;

/** Counts line breaks (CRLF, LF or a lone CR, each one line) in bytes[from, to). */
function breaks(bytes: Buffer, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    if (bytes[i] === LF) n++;
    else if (bytes[i] === CR) {
      n++;
      if (bytes[i + 1] === LF) i++;
    }
  }
  return n;
}

/** Skips the blank lines at `at`: answers where the next record starts and the lines passed. */
function skipBlank(bytes: Buffer, at: number): { at: number; lines: number } {
  let i = at;
  while (i < bytes.length && (bytes[i] === CR || bytes[i] === LF)) i++;
  return { at: i, lines: breaks(bytes, at, i) };
}

/**
 * The records of `text`: a leading byte-order mark dropped, blank lines skipped, any of CRLF,
 * LF or CR ending a record, rows of any length (the caller compares them with its header), a
 * quote inside an unquoted cell kept as text. The line numbers are counted here from the
 * parser's byte offsets: csv-parse's own count takes a quoted CRLF for two lines.
 */
export function readCsv(text: string, delimiter = ','): CsvResult {
  const bytes = Buffer.from(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, 'utf8');
  const options: Options = {
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
  };
  let parsed: { record: string[]; info: { bytes: number } }[];
  try {
    parsed = parse(bytes, options) as unknown as typeof parsed;
  } catch (error) {
    const e = error as { code?: string; bytes_records?: number };
    if (e.code !== 'CSV_QUOTE_NOT_CLOSED') throw error;
    const end = e.bytes_records ?? 0;
    return { records: [], unclosedQuoteAt: 1 + breaks(bytes, 0, end) + skipBlank(bytes, end).lines };
  }
  const records: CsvRecord[] = [];
  let line = 1;
  let at = 0;
  for (const { record, info } of parsed) {
    const blank = skipBlank(bytes, at);
    line += blank.lines;
    records.push({ line, cells: record });
    line += breaks(bytes, blank.at, info.bytes);
    at = info.bytes;
  }
  return { records, unclosedQuoteAt: null };
}

/** A value as a cell's text: nothing for null and undefined. */
const cellText = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/**
 * Rows as CSV lines ending in CRLF, the last one too. Cells are quoted when they hold the
 * delimiter, a quote or a line break; a cell starting with = + - @ (or tab, CR, or their
 * full-width forms) gets an apostrophe so no spreadsheet runs it as a formula (CSV injection).
 * (csv-stringify quotes a lone LF only when asked: quoted_match.) Every value is written as text first, so a negative number is neutralised as before.
 */
export function writeCsv(rows: readonly (readonly unknown[])[], delimiter = ','): string {
  return stringify(
    rows.map((row) => row.map(cellText)),
    { delimiter, record_delimiter: '\r\n', escape_formulas: true, quoted_match: /[\r\n]/ },
  );
}
