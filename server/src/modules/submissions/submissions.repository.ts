import type { SubmissionListQuery } from '@vigilo/contract';
import {
  type Expression,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import { dbNow } from '../../db/columns.ts';
import type {
  SubmissionReportTable,
  SubmissionResponseTable,
  SubmissionTable,
} from '../../db/tables/submissions.ts';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';

/** Submissions, their submission reports and delivery claims (decisions 0170–0171). */

const own = (alias: string) => ({
  platform: `${alias}.platform_id`,
  organisation: `${alias}.organisation_id`,
});

export type SubmissionRow = Selectable<SubmissionTable>;
export type SubmissionReportRow = Selectable<SubmissionReportTable>;

/** Statuses that still need someone to act: not sent (yet), failed, or refused by the receiver. */
export const OPEN_STATUSES = ['NOT_SENT', 'FAILED', 'REJECTED'] as const;
/** "Due soon": within this many days from today (in the organisation's calendar). */
export const DUE_SOON_DAYS = 3;

const open = (alias: string) =>
  sql<SqlBool>`${sql.ref(`${alias}.status`)} in ('NOT_SENT', 'FAILED', 'REJECTED')`;
/** The time zone of the organisation of submission report `alias` (decision 0318). */
const zoneOf = (alias: string) =>
  // Its own alias: a caller may name its submission reports `o`.
  sql<string>`(select zone_org.time_zone from organisations zone_org where zone_org.id = ${sql.ref(`${alias}.organisation_id`)})`;
/** Today in that organisation's calendar, by the database's clock `vigilo_now()`. */
const todayOf = (alias: string) => sql<string>`(vigilo_now() at time zone ${zoneOf(alias)})::date`;
export const overdueSql = (alias = 'sr') =>
  sql<boolean>`(${open(alias)} and ${sql.ref(`${alias}.due_date`)} < ${todayOf(alias)})`;
export const dueSoonSql = (alias = 'sr') =>
  sql<boolean>`(${open(alias)} and ${sql.ref(`${alias}.due_date`)} between ${todayOf(alias)}
    and ${todayOf(alias)} + ${DUE_SOON_DAYS}::int)`;

export async function insertSubmission(
  db: Db,
  scope: Scope,
  values: Omit<SubmissionTable, 'id' | 'created_at'> & { id: string },
): Promise<void> {
  requireCovers(scope, values.platform_id, values.organisation_id, 'Organisation');
  await db.insertInto('submissions').values(values).execute();
}

export type NewSubmissionReport = Insertable<SubmissionReportTable> & { id: string };

/** Inserts a submission report and its first status (decision 0180); the caller's transaction holds both. */
export async function insertSubmissionReport(
  db: Db,
  scope: Scope,
  values: NewSubmissionReport,
  changedBy: string | null,
) {
  requireCovers(scope, values.platform_id, values.organisation_id, 'Organisation');
  await db.insertInto('submission_reports').values(values).execute();
  await db
    .insertInto('submission_report_statuses')
    .values({
      submission_report_id: values.id,
      platform_id: values.platform_id,
      organisation_id: values.organisation_id,
      status: values.status ?? 'NOT_SENT',
      reason: values.status_reason ?? null,
      source: 'distribution',
      changed_by: changedBy,
    })
    .execute();
}

const selectReports = (db: Db, scope: Scope) =>
  inScope(
    db
      .selectFrom('submission_reports as sr')
      .innerJoin('reports as r', 'r.id', 'sr.report_id')
      .leftJoin('receivers as rv', 'rv.id', 'sr.receiver_id'),
    scope,
    own('sr'),
  )
    .selectAll('sr')
    .select([
      'r.reference as case_reference',
      overdueSql().as('overdue'),
      dueSoonSql().as('due_soon'),
      zoneOf('sr').as('time_zone'),
      // The receiver's retry budget (decision 0327); a receiver is never removed once sent to.
      sql<number>`coalesce(rv.delivery_attempts, sr.attempts)`.as('max_attempts'),
    ]);

export type SubmissionReportView = SubmissionReportRow & {
  case_reference: string;
  /** The organisation's time zone: the day it was sent is counted there. */
  time_zone: string;
  overdue: boolean;
  due_soon: boolean;
  max_attempts: number;
};

export async function findSubmissionReport(
  db: Db,
  scope: Scope,
  id: string,
): Promise<SubmissionReportView | undefined> {
  return selectReports(db, scope).where('sr.id', '=', id).executeTakeFirst();
}

/** Locks a submission report for a change of its status. */
export async function lockSubmissionReport(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('submission_reports as sr'), scope, own('sr'))
    .select([
      'sr.id',
      'sr.status',
      'sr.manually_processed_reason',
      'sr.valid',
      'sr.review_required',
      'sr.review_status',
      'sr.queued_at',
      'sr.reviewed_at',
      'sr.reviewer_name',
      'sr.attempts',
      'sr.last_error',
    ])
    .where('sr.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function reportsOfSubmissions(
  db: Db,
  scope: Scope,
  submissionIds: readonly string[],
): Promise<SubmissionReportView[]> {
  if (submissionIds.length === 0) return [];
  return selectReports(db, scope)
    .where('sr.submission_id', 'in', [...submissionIds])
    .orderBy('sr.receiver_name')
    .orderBy('sr.id')
    .execute();
}

export async function findSubmission(db: Db, scope: Scope, id: string): Promise<SubmissionRow | undefined> {
  return inScope(db.selectFrom('submissions as s'), scope, own('s'))
    .selectAll('s')
    .where('s.id', '=', id)
    .executeTakeFirst();
}

function reportFilters(query: SubmissionListQuery, alias: string): Expression<SqlBool>[] {
  const ref = (c: string) => sql.ref(`${alias}.${c}`);
  const parts: Expression<SqlBool>[] = [];
  if (query.status) parts.push(sql<SqlBool>`${ref('status')} = ${query.status}`);
  if (query.receiverId) parts.push(sql<SqlBool>`${ref('receiver_id')} = ${query.receiverId}`);
  if (query.reportId) parts.push(sql<SqlBool>`${ref('report_id')} = ${query.reportId}`);
  if (query.overdue !== undefined)
    parts.push(query.overdue ? overdueSql(alias) : sql<SqlBool>`not ${overdueSql(alias)}`);
  if (query.dueSoon !== undefined)
    parts.push(query.dueSoon ? dueSoonSql(alias) : sql<SqlBool>`not ${dueSoonSql(alias)}`);
  if (query.reviewStatus) parts.push(sql<SqlBool>`${ref('review_status')} = ${query.reviewStatus}`);
  // The case reference as people type or read it out (decision 0077): any case, dashes and
  // spaces ignored, its beginning is enough ("k7hd 3m" finds K7HD-3MXT-R).
  if (query.reference) {
    const typed = query.reference.toUpperCase().replace(/[\s-]/g, '');
    parts.push(sql<SqlBool>`exists (select 1 from reports cr where cr.id = ${ref('report_id')}
      and replace(cr.reference, '-', '') like ${`${escapeLike(typed)}%`})`);
  }
  return parts;
}

const all = (parts: Expression<SqlBool>[]) =>
  parts.length === 0 ? sql<SqlBool>`true` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;

/** A page of submission reports: overdue first, then due soon (each earliest due first), then the newest. */
export async function pageSubmissionReports(db: Db, scope: Scope, query: SubmissionListQuery) {
  const where = all(reportFilters(query, 'sr'));
  const [items, count] = await Promise.all([
    selectReports(db, scope)
      .where(where)
      .orderBy(sql`case when ${overdueSql()} then 0 when ${dueSoonSql()} then 1 else 2 end`)
      .orderBy(sql`case when ${overdueSql()} or ${dueSoonSql()} then sr.due_date end`)
      .orderBy('sr.created_at', 'desc')
      .orderBy('sr.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    inScope(db.selectFrom('submission_reports as sr'), scope, own('sr'))
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** A page of submissions having a report that matches the filters: those with an overdue report first, then the newest. */
export async function pageSubmissions(db: Db, scope: Scope, query: SubmissionListQuery) {
  const filters = reportFilters(query, 'f');
  const matching = sql<SqlBool>`exists (select 1 from submission_reports f
    where f.submission_id = s.id and ${all(filters)})`;
  const anyOverdue = sql<SqlBool>`exists (select 1 from submission_reports o
    where o.submission_id = s.id and ${overdueSql('o')})`;
  const base = inScope(db.selectFrom('submissions as s'), scope, own('s')).where(
    filters.length > 0 ? matching : sql<SqlBool>`true`,
  );
  const [items, count] = await Promise.all([
    base
      .selectAll('s')
      .orderBy(sql`${anyOverdue} desc`)
      .orderBy('s.created_at', 'desc')
      .orderBy('s.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** Counts by status, overdue and due soon, over what the scope sees. */
export async function submissionSummary(db: Db, scope: Scope) {
  const rows = await inScope(db.selectFrom('submission_reports as sr'), scope, own('sr'))
    .select([
      'sr.status',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where ${overdueSql()})`.as('overdue'),
      sql<string>`count(*) filter (where ${dueSoonSql()})`.as('due_soon'),
    ])
    .groupBy('sr.status')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    n: Number(r.n),
    overdue: Number(r.overdue),
    dueSoon: Number(r.due_soon),
  }));
}

export type SubmissionReportChange = Partial<
  Pick<
    Updateable<SubmissionReportTable>,
    | 'status'
    | 'status_reason'
    | 'manually_processed_reason'
    | 'attempts'
    | 'last_error'
    | 'http_status'
    | 'response_body'
    | 'ack_code'
    | 'ack_errors'
  >
> & {
  /** The next attempt is due in this many seconds (by the database's clock); null: none is planned. */
  nextAttemptInSeconds?: number | null;
  /** Staff sent it again (decision 0327): the count goes up by one, `resent_at` is now. */
  resent?: true;
  sent?: true;
  acknowledged?: true /** Its delivery job was enqueued now (true) or is to be again (false). */;
  queued?: boolean;
};

/** Where a status change came from, for the history (decision 0180). */
export interface StatusOrigin {
  source: 'delivery' | 'acknowledgement' | 'staff';
  changedBy: string | null;
}

/**
 * Changes a submission report. A change that names a status also writes it to the status
 * history, in the same statement (decision 0180): no path changes one without the other.
 * `origin` defaults to the delivery job's own changes.
 */
export async function updateSubmissionReport(
  db: Db,
  scope: Scope,
  id: string,
  change: SubmissionReportChange,
  origin: StatusOrigin = { source: 'delivery', changedBy: null },
) {
  const { sent, acknowledged, queued, nextAttemptInSeconds, resent, ...values } = change;
  const update = (qb: Pick<Db, 'updateTable'>) =>
    inScope(qb.updateTable('submission_reports as sr'), scope, own('sr'))
      .set({
        ...values,
        ...(sent && { sent_at: dbNow() }),
        ...(acknowledged && { acknowledged_at: dbNow() }),
        ...(queued !== undefined && { queued_at: queued ? dbNow() : null }),
        ...(nextAttemptInSeconds !== undefined && {
          next_attempt_at:
            nextAttemptInSeconds === null
              ? null
              : sql<Date>`now() + make_interval(secs => ${nextAttemptInSeconds})`,
        }),
        ...(resent && { resend_count: sql<number>`sr.resend_count + 1`, resent_at: dbNow() }),
        updated_at: dbNow(),
      })
      .where('sr.id', '=', id);
  if (values.status === undefined) {
    await update(db).execute();
    return;
  }
  await db
    .with('changed', (qb) =>
      update(qb).returning([
        'sr.id',
        'sr.platform_id',
        'sr.organisation_id',
        'sr.status',
        'sr.status_reason',
      ]),
    )
    .insertInto('submission_report_statuses')
    .columns([
      'submission_report_id',
      'platform_id',
      'organisation_id',
      'status',
      'reason',
      'source',
      'changed_by',
    ])
    .expression((eb) =>
      eb
        .selectFrom('changed')
        .select([
          'changed.id',
          'changed.platform_id',
          'changed.organisation_id',
          'changed.status',
          'changed.status_reason',
          sql<string>`${origin.source}::text`.as('source'),
          sql<string | null>`${origin.changedBy}::uuid`.as('changed_by'),
        ]),
    )
    .execute();
}

/** The receiver statuses a submission report took, oldest first, with the name of whoever set one by hand. */
export async function statusHistory(db: Db, scope: Scope, id: string) {
  return inScope(
    db.selectFrom('submission_report_statuses as h').leftJoin('users as u', 'u.id', 'h.changed_by'),
    scope,
    own('h'),
  )
    .select([
      'h.id',
      'h.status',
      'h.reason',
      'h.source',
      'h.changed_by',
      'h.created_at',
      'u.first_name',
      'u.last_name',
    ])
    .where('h.submission_report_id', '=', id)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
}

/**
 * Claims the delivery of a message to its receiver for `leaseSeconds` (decision 0171): the
 * first claim inserts the row, a later one takes it over only when it is still `sending` and
 * its lease ran out (a worker that died mid-send). Answers the attempt number, or null when
 * the message was delivered or given up, or another worker holds it now, or it may not be sent
 * any more. The last is read in the claim's own statement, not from the row the job read
 * before: a rejection that took back an approval (decision 0193), or a status set by hand, that
 * committed by then stops the message; one that commits after it finds the message leaving.
 * (No row lock on the report here: the recording transaction takes the claim's row before the
 * report's, and the opposite order in the claim could deadlock the two.)
 */
export async function claimDelivery(
  db: Db,
  scope: Scope,
  row: Pick<SubmissionReportRow, 'id' | 'receiver_id' | 'message_id' | 'platform_id' | 'organisation_id'>,
  leaseSeconds: number,
): Promise<{ attempts: number; state: string } | null> {
  requireCovers(scope, row.platform_id, row.organisation_id, 'Submission report');
  const { rows } = await sql<{ attempts: number; state: string }>`
    INSERT INTO submission_deliveries (receiver_id, message_id, submission_report_id, lease_until, attempts)
    SELECT ${row.receiver_id}, ${row.message_id}, sr.id, now() + make_interval(secs => ${leaseSeconds}), 1
      FROM submission_reports sr
     WHERE sr.id = ${row.id} AND sr.status = 'NOT_SENT' AND sr.valid
       AND (NOT sr.review_required OR sr.review_status = 'APPROVED')
    ON CONFLICT (receiver_id, message_id) DO UPDATE
      SET lease_until = excluded.lease_until, attempts = submission_deliveries.attempts + 1, updated_at = now()
      WHERE submission_deliveries.state = 'sending' AND submission_deliveries.lease_until < now()
    RETURNING attempts, state`.execute(db);
  return rows[0] ?? null;
}

/** The claim's state now (after a claim that answered null). */
export async function deliveryState(
  db: Db,
  scope: Scope,
  row: Pick<SubmissionReportRow, 'receiver_id' | 'message_id'>,
) {
  return inScope(
    db
      .selectFrom('submission_deliveries as d')
      .innerJoin('submission_reports as sr', 'sr.id', 'd.submission_report_id'),
    scope,
    own('sr'),
  )
    .select(['d.state', 'd.attempts'])
    .where('d.receiver_id', '=', row.receiver_id)
    .where('d.message_id', '=', row.message_id)
    .executeTakeFirst();
}

/**
 * The claim of a message, locked (decision 0327): sending again takes it before the report's
 * row, in the order the delivery's recording transaction takes the two (claim, then report),
 * so the two never wait on each other in a circle. Undefined when it was never claimed.
 */
export async function lockDelivery(
  db: Db,
  scope: Scope,
  row: Pick<SubmissionReportRow, 'receiver_id' | 'message_id' | 'platform_id' | 'organisation_id'>,
) {
  requireCovers(scope, row.platform_id, row.organisation_id, 'Submission report');
  return db
    .selectFrom('submission_deliveries')
    .select(['state', 'attempts', sql<boolean>`lease_until > now()`.as('leased')])
    .where('receiver_id', '=', row.receiver_id)
    .where('message_id', '=', row.message_id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Opens a claim again for a message sent again (decision 0327): `sending`, no attempt yet in
 * this round, its lease run out, so the next delivery job claims it as its first attempt.
 */
export async function reopenDelivery(
  db: Db,
  scope: Scope,
  row: Pick<SubmissionReportRow, 'receiver_id' | 'message_id' | 'platform_id' | 'organisation_id'>,
) {
  requireCovers(scope, row.platform_id, row.organisation_id, 'Submission report');
  await db
    .updateTable('submission_deliveries')
    .set({
      state: 'sending',
      attempts: 0,
      lease_until: sql<Date>`now() - interval '1 second'`,
      updated_at: dbNow(),
    })
    .where('receiver_id', '=', row.receiver_id)
    .where('message_id', '=', row.message_id)
    .execute();
}

/** Ends a claim: delivered or failed for good, or `sending` with the lease released for the next try. */
export async function releaseDelivery(
  db: Db,
  scope: Scope,
  row: Pick<SubmissionReportRow, 'receiver_id' | 'message_id' | 'platform_id' | 'organisation_id'>,
  state: 'sending' | 'delivered' | 'failed',
) {
  requireCovers(scope, row.platform_id, row.organisation_id, 'Submission report');
  await db
    .updateTable('submission_deliveries')
    .set({ state, lease_until: dbNow(), updated_at: dbNow() })
    .where('receiver_id', '=', row.receiver_id)
    .where('message_id', '=', row.message_id)
    .execute();
}

/** The email addresses of an organisation's active staff and administrators (who hear of a failed delivery). */
export async function staffEmails(db: Db, scope: Scope, organisationId: string): Promise<string[]> {
  const rows = await inScope(
    db.selectFrom('memberships as m').innerJoin('users as u', 'u.id', 'm.user_id'),
    scope,
    { platform: 'm.platform_id', organisation: 'm.organisation_id' },
  )
    .select('u.email')
    .distinct()
    .where('m.organisation_id', '=', organisationId)
    .where('m.role', 'in', ['organisation_staff', 'organisation_admin'])
    .where('u.deactivated_at', 'is', null)
    .where('u.email', 'is not', null)
    .execute();
  return rows.map((r) => r.email as string);
}

/** The signer's name and password hash, for the review's electronic signature. */
export async function findSigner(db: Db, scope: Scope, userId: string) {
  return inScope(db.selectFrom('users as u'), scope, { platform: 'u.platform_id', member: 'u.id' })
    .select(['u.id', 'u.platform_id', 'u.first_name', 'u.last_name', 'u.email', 'u.password_hash'])
    .where('u.id', '=', userId)
    .where('u.deactivated_at', 'is', null)
    .executeTakeFirst();
}

export async function signReview(
  db: Db,
  scope: Scope,
  id: string,
  review: {
    status: string;
    approvalComment: string | null;
    rejectionComment: string | null;
    signerId: string;
    signerName: string;
    meaning: string;
    method: string;
  },
) {
  await inScope(db.updateTable('submission_reports as sr'), scope, own('sr'))
    .set({
      review_status: review.status,
      approval_comment: review.approvalComment,
      rejection_comment: review.rejectionComment,
      reviewed_by: review.signerId,
      reviewer_name: review.signerName,
      reviewed_at: dbNow(),
      review_meaning: review.meaning,
      review_method: review.method,
      updated_at: dbNow(),
    })
    .where('sr.id', '=', id)
    .execute();
}

/** Submission reports of an organisation by message id (an acknowledgement names them), locked to record it. */
export async function reportsByMessageIds(
  db: Db,
  scope: Scope,
  organisationId: string,
  messageIds: readonly string[],
) {
  if (messageIds.length === 0) return [];
  return inScope(db.selectFrom('submission_reports as sr'), scope, own('sr'))
    .select([
      'sr.id',
      'sr.message_id',
      'sr.status',
      'sr.report_id',
      'sr.sent_at',
      'sr.review_required',
      'sr.review_status',
    ])
    .where('sr.organisation_id', '=', organisationId)
    .where('sr.message_id', 'in', [...messageIds])
    .forUpdate()
    .execute();
}

export async function insertSubmissionResponse(
  db: Db,
  scope: Scope,
  values: Insertable<SubmissionResponseTable>,
) {
  requireCovers(scope, values.platform_id, values.organisation_id, 'Organisation');
  return db
    .insertInto('submission_responses')
    .values(values)
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

const responseColumns = [
  'rs.id',
  'rs.platform_id',
  'rs.organisation_id',
  'rs.matched',
  'rs.malformed',
  'rs.problem',
  'rs.code',
  'rs.message_ids',
  'rs.submission_report_id',
  'rs.created_by',
  'rs.created_at',
  'rs.via',
  'rs.kind',
  'rs.receiver_id',
  'rs.as2_message_id',
  'rs.content_type',
  'rv.name as receiver_name',
] as const;

const responses = (db: Db, scope: Scope) =>
  inScope(db.selectFrom('submission_responses as rs'), scope, own('rs')).leftJoin(
    'receivers as rv',
    'rv.id',
    'rs.receiver_id',
  );

/** A page of the acknowledgements kept, newest first, filtered by `matched` and `malformed`. */
export async function pageSubmissionResponses(
  db: Db,
  scope: Scope,
  query: { page: number; size: number; matched?: boolean; malformed?: boolean },
) {
  let base = responses(db, scope);
  if (query.matched !== undefined) base = base.where('rs.matched', '=', query.matched);
  if (query.malformed !== undefined) base = base.where('rs.malformed', '=', query.malformed);
  const [items, count] = await Promise.all([
    base
      .select(responseColumns)
      .orderBy('rs.created_at', 'desc')
      .orderBy('rs.id')
      .limit(query.size)
      .offset((query.page - 1) * query.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.n) };
}

/** One kept acknowledgement with its XML. */
export async function findSubmissionResponse(db: Db, scope: Scope, id: string) {
  return responses(db, scope)
    .select([...responseColumns, 'rs.xml'])
    .where('rs.id', '=', id)
    .executeTakeFirst();
}

/**
 * The response kept for an AS2 Message-ID of a receiver, once the caller holds the lock of
 * that pair for its transaction (decision 0196): the same message is processed once.
 */
export async function lockAs2Message(db: Db, scope: Scope, receiverId: string, as2MessageId: string) {
  await sql`SELECT pg_advisory_xact_lock(hashtext('as2-inbound'), hashtext(${`${receiverId} ${as2MessageId}`}))`.execute(
    db,
  );
  return inScope(db.selectFrom('submission_responses as rs'), scope, own('rs'))
    .select(['rs.id', 'rs.matched', 'rs.malformed', 'rs.problem', 'rs.code', 'rs.created_at'])
    .where('rs.receiver_id', '=', receiverId)
    .where('rs.as2_message_id', '=', as2MessageId)
    .executeTakeFirst();
}
