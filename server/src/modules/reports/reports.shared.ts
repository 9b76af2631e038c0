// What the reports area offers other areas (decision 0316): reading and locking one report in the
// caller's scope, the reporting organisation an import or a case XML names, storing an imported report and
// moving a case's status, each with the db/transaction handle first so a caller's transaction spans the
// call. One query each, in reports.repository.ts and reports.cases.repository.ts.
export { setCaseStatus } from './reports.cases.repository.ts';
export {
  findReport,
  findReportingOrganisation,
  insertReport,
  lockReport,
  type ReportRow,
  toReport,
} from './reports.repository.ts';
