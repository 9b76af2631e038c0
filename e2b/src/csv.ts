import { parse } from 'csv-parse/sync';

/**
 * RFC 4180 CSV (quoted fields may hold commas, quotes and newlines) → rows of fields, through
 * csv-parse with the options of the server's reader (decision 0317): a leading byte-order mark
 * dropped, CRLF, LF or CR ending a row, rows of any length. Blank lines stay as rows of one
 * empty field, as the tables' readers count rows by position.
 */
export function parseCsv(text: string): string[][] {
  return parse(text, {
    bom: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
  });
}
