/**
 * Reading and writing the product list's CSV (RFC 4180: quoted cells may hold the
 * separator, doubled quotes and line breaks). Every record keeps the line it starts on, so
 * an error names the line a spreadsheet shows.
 */

export interface CsvRecord {
  /** 1-based line of the file the record starts on. */
  line: number;
  cells: string[];
}

export interface CsvResult {
  records: CsvRecord[];
  /** A quote left open: the line it opens on. */
  unclosedQuoteAt: number | null;
}

/** The records of `text` (a leading byte-order mark dropped); blank lines are skipped. */
export function readCsv(text: string, delimiter: string): CsvResult {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let touched = false;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '' || touched) records.push({ line: start, cells });
    cells = [];
    cell = '';
    touched = false;
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"') {
        if (input[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
      continue;
    }
    if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
      touched = true;
    } else if (c === delimiter) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) return { records, unclosedQuoteAt: quoteLine };
  if (cell !== '' || cells.length > 0 || touched) endRecord();
  return { records, unclosedQuoteAt: null };
}

/**
 * A CSV cell: quoted when needed, and a leading = + - @ (or tab/CR) prefixed with an
 * apostrophe so a spreadsheet never runs it as a formula (CSV injection).
 */
export function csvCell(value: string | null | undefined, delimiter = ','): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return text.includes(delimiter) || /["\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
