import { PassThrough, Readable } from 'node:stream';
import type { CaseSearchQuery } from '@vigilo/contract';
import ExcelJS from 'exceljs';
import { writeCsv } from '../../platform/csv.ts';
import type { Db } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';
import { type CaseFilters, findCasePage } from './reports.cases.repository.ts';

/**
 * The case list as a file (POST /v1/reports/export, decision 0104): read page by page by key
 * (1,000 cases a query, never one huge result), written row by row into a stream the export
 * job stores as it comes; CSV, or XLSX through exceljs's streaming writer. A cell starting with =, +, - or @ is neutralised with an
 * apostrophe so no spreadsheet runs it as a formula.
 */

const BATCH = 1000;

/**
 * What an export of cases wrote, filled in as it is read: at most `limit` rows (EXPORT_MAX_ROWS),
 * and `truncated` when the search found more (issue 29: never a silent cut-off).
 */
export interface ExportTally {
  readonly limit: number;
  rows: number;
  truncated: boolean;
}

export const exportTally = (limit: number): ExportTally => ({ limit, rows: 0, truncated: false });

const HEADER = [
  'reference',
  'status',
  'dayZero',
  'dueDate',
  'daysLeft',
  'overdue',
  'serious',
  'seriousness',
  'reportType',
  'country',
  'source',
  'origin',
  'suspectProducts',
  'reactions',
  'extReportId',
  'name',
  'assigneeUserId',
  'reportVersion',
  'createdAt',
  'updatedAt',
  'id',
];

type Filters = Omit<CaseSearchQuery, 'page' | 'size' | 'cursor'>;

/** Every matching case, in the list's order, a batch at a time, up to the tally's limit. */
async function* caseRows(db: Db, scope: Scope, filters: Filters, tally: ExportTally) {
  const { sort = 'priority', assignee, ...rest } = filters;
  const f: CaseFilters = {
    ...rest,
    ...(assignee ? { assignee: assignee === 'none' ? null : assignee } : {}),
  };
  let after: unknown[] | undefined;
  for (;;) {
    // One row past what is left tells a search that finds more from one that ends there.
    const left = tally.limit - tally.rows;
    const size = Math.min(BATCH, left + 1);
    const { rows: found } = await findCasePage(db, scope, f, {
      page: 1,
      size,
      sort,
      ...(after ? { after } : {}),
      // No count: the export reads until a batch comes back short.
      total: 0,
    });
    const rows = found.length > left ? found.slice(0, left) : found;
    tally.truncated = found.length > left;
    tally.rows += rows.length;
    for (const r of rows) {
      const daysLeft = r.days_left === null ? null : Number(r.days_left);
      yield [
        r.reference,
        r.status,
        r.receipt_date,
        r.due_date,
        daysLeft,
        daysLeft !== null && daysLeft < 0,
        r.serious,
        r.seriousness.join('; '),
        r.report_type,
        r.country,
        r.source,
        r.origin,
        r.suspect_products.join('; '),
        r.reaction_terms.join('; '),
        r.ext_report_id,
        r.name,
        r.assignee_user_id,
        r.current_version,
        r.created_at.toISOString(),
        r.updated_at.toISOString(),
        r.id,
      ];
    }
    if (tally.truncated || found.length < size) return;
    after = rows.at(-1)!.sort_key as unknown[];
  }
}

/** A text cell no spreadsheet reads as a formula. */
const neutral = (value: unknown) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The CSV, made as it is read: a thousand lines per chunk. */
export function reportsCsv(db: Db, scope: Scope, filters: Filters, tally: ExportTally): Readable {
  return Readable.from(
    (async function* () {
      let rows: unknown[][] = [HEADER];
      for await (const row of caseRows(db, scope, filters, tally)) {
        rows.push(row);
        if (rows.length >= BATCH) {
          yield Buffer.from(writeCsv(rows));
          rows = [];
        }
      }
      if (rows.length > 0) yield Buffer.from(writeCsv(rows));
    })(),
  );
}

/**
 * The XLSX, made as it is read: exceljs's streaming writer zips each committed row into the
 * stream answered, which the caller stores as it comes (decision 0104), so neither the rows
 * nor the file are ever held whole. A failure while reading destroys the stream with it.
 */
export function reportsXlsx(db: Db, scope: Scope, filters: Filters, tally: ExportTally): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  (async () => {
    const sheet = book.addWorksheet('Cases');
    sheet.addRow(HEADER).commit();
    for await (const row of caseRows(db, scope, filters, tally)) sheet.addRow(row.map(neutral)).commit();
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}
