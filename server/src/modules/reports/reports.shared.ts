// What the reports area offers other areas (decision 0316): reading and locking one report in the
// caller's scope, with the db/transaction handle first so a caller's transaction spans the call.
import type { Db } from '../../platform/db.ts';
import type { Scope } from '../../platform/scope.ts';
import * as repository from './reports.repository.ts';

export type ReportRow = repository.ReportRow;

export function findReport(db: Db, scope: Scope, id: string) {
  return repository.findReport(db, scope, id);
}

export function lockReport(db: Db, scope: Scope, id: string) {
  return repository.lockReport(db, scope, id);
}
