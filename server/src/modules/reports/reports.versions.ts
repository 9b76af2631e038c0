import type { AttachmentField } from '@vigilo/contract';
import type { Db } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';
import { caseColumns } from './reports.columns.ts';
import { findReport, insertReportVersion, lockReport, updateReport } from './reports.repository.ts';

/**
 * Versions of a case's document: writing one (for other areas, such as E2B's PUT …/xml) and
 * comparing two field by field (decision 0103).
 */

export interface DocumentChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  old: unknown;
  new: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every leaf that differs between two documents: objects by key, arrays by position (a
 * reaction added at the end reads as `E.reactions[1]` added), so a reviewer sees which
 * field of which reaction or drug changed, not the whole list.
 */
export function compareDocuments(before: unknown, after: unknown, path = ''): DocumentChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined) return [{ path, kind: 'added', old: null, new: after }];
  if (after === undefined) return [{ path, kind: 'removed', old: before, new: null }];
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((k) => compareDocuments(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => compareDocuments(before[i], after[i], `${path}[${i}]`)).flat();
  }
  return JSON.stringify(before) === JSON.stringify(after)
    ? []
    : [{ path, kind: 'changed', old: before, new: after }];
}

/** `a.b[2].c` as keys and indexes. */
const stepsOf = (path: string): (string | number)[] =>
  [...path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));

/**
 * `document` with `changes` (compareDocuments of two other documents) made to it: each added
 * or changed leaf set at its path, each removed one taken out (array items from the last, so
 * the indexes of the others hold). How a reporter's follow-up lands on a case staff have
 * worked on (decision 0250): only what the reporter changed moves, the rest stays.
 */
export function applyChanges(document: Record<string, unknown>, changes: readonly DocumentChange[]) {
  const result = structuredClone(document);
  const removals = changes.filter((c) => c.kind === 'removed').reverse();
  for (const change of [...changes.filter((c) => c.kind !== 'removed'), ...removals]) {
    const steps = stepsOf(change.path);
    if (steps.length === 0) continue;
    let at: Record<string | number, unknown> | undefined = result;
    for (const [i, step] of steps.slice(0, -1).entries()) {
      const next: unknown = at[step];
      if (typeof next !== 'object' || next === null) {
        // Nothing left to take out there; anything else is built on the way.
        if (change.kind === 'removed') {
          at = undefined;
          break;
        }
        at[step] = typeof steps[i + 1] === 'number' ? [] : {};
      }
      at = at[step] as Record<string | number, unknown>;
    }
    const last = steps.at(-1)!;
    if (!at) continue;
    if (change.kind !== 'removed') at[last] = structuredClone(change.new);
    else if (Array.isArray(at) && typeof last === 'number') at.splice(last, 1);
    else delete at[last];
  }
  return result;
}

/**
 * Writes a new version of a report's document in the caller's transaction and rewrites its
 * search columns from it; the status and every other column stay. Answers the new version's
 * number. The caller checks access, writes the audit row, and owns the transaction.
 * Exported for other areas (E2B's PUT /v1/report/{id}/xml) that replace a case's document.
 */
export async function writeReportVersion(
  tx: Db,
  scope: Scope,
  report: { id: string; platformId: string; organisationId: string },
  document: Record<string, unknown>,
  options: { createdBy: string | null; attachments?: AttachmentField[] },
): Promise<number | null> {
  const locked = await lockReport(tx, scope, report.id);
  const row = locked ? await findReport(tx, scope, report.id) : undefined;
  if (!locked || !row) return null;
  const version = locked.current_version + 1;
  await insertReportVersion(tx, scope, {
    reportId: report.id,
    version,
    platformId: report.platformId,
    organisationId: report.organisationId,
    document,
    attachments: options.attachments ?? (row.attachments as AttachmentField[]),
    createdBy: options.createdBy,
  });
  await updateReport(tx, scope, report.id, {
    status: row.status,
    currentVersion: version,
    submitNow: false,
    formViewId: row.form_view_id,
    formViewVersionId: row.form_view_version_id,
    formSchemaId: row.form_schema_id,
    source: row.source,
    sourceId: row.source_id,
    extReportId: row.ext_report_id,
    name: row.name,
    uploadType: row.upload_type,
    ...(await caseColumns(tx, document, report.organisationId)),
  });
  return version;
}
