import type { CaseSearchQuery } from '@vigilo/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Db } from '../../platform/db.ts';
import { inScope, requireCovers, type Scope } from '../../platform/scope.ts';
import { escapeLike } from '../../platform/sql-like.ts';
import { reportColumns, type SearchColumns, selectReportsWithDeleted } from './reports.repository.ts';

/**
 * Case management's queries (issue 12): a case with its clock, assignment and deletion, the
 * inbox search, status, assignment and deletion writes, the audit timeline. Every function
 * takes (db, scope, …) and filters in the query (decision 0050).
 */

/**
 * Today in the calendar of the case's organisation (its time zone), by the database's clock
 * `vigilo_now()` (decision 0318). Given the one organisation a search reads, the zone is read
 * once for the statement rather than for each row.
 */
const todayOf = (organisationId?: string) =>
  sql<string>`(vigilo_now() at time zone (select zone_org.time_zone from organisations zone_org
    where zone_org.id = ${organisationId === undefined ? sql.ref('r.organisation_id') : sql`${organisationId}::uuid`}))::date`;
const today = todayOf();
const daysLeft = sql<number | null>`case when r.clock_running then r.due_date - ${today} end`;

/** A message of the case held for an assessor's signed approval (decision 0251). */
const awaitingApproval = sql<boolean>`exists (select 1 from submission_reports sr where sr.report_id = r.id
  and sr.organisation_id = r.organisation_id and sr.status = 'NOT_SENT' and sr.valid
  and sr.review_required and sr.review_status = 'PENDING')`;

/** One case, soft-deleted or not (`deleted` says which to find). */
export async function findCase(db: Db, scope: Scope, id: string, deleted = false) {
  return selectReportsWithDeleted(db, scope)
    .select([
      'r.current_report_id',
      'r.location_id',
      'r.assignee_user_id',
      'r.assigned_at',
      'r.deleted_at',
      'r.deleted_by',
      'r.deletion_reason',
      'r.clock_running',
      sql<string | null>`r.due_date::text`.as('due_date'),
      daysLeft.as('days_left'),
      sql<
        string | null
      >`(select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text)
        from users u where u.id = r.assignee_user_id)`.as('assignee_name'),
      awaitingApproval.as('awaiting_approval'),
    ])
    .where('r.id', '=', id)
    .where('r.deleted_at', deleted ? 'is not' : 'is', null)
    .executeTakeFirst();
}
export type CaseRow = NonNullable<Awaited<ReturnType<typeof findCase>>>;

export const findDeletedCase = (db: Db, scope: Scope, id: string) => findCase(db, scope, id, true);

/** Locks a case row for a change and reads what a transition checks. */
export async function lockCase(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .select([
      'r.status',
      'r.assignee_user_id',
      'r.deleted_at',
      'r.platform_id',
      'r.organisation_id',
      awaitingApproval.as('awaiting_approval'),
    ])
    .where('r.id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes a case's status (and, for `assigned`, who and since when). */
export async function setCaseStatus(db: Db, scope: Scope, id: string, status: string): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    // Moving the case on is taking in what asked for attention (decisions 0250, 0252).
    .set({ status, attention: null, attention_at: null })
    .where('r.id', '=', id)
    .execute();
}

/** Gives a case to `userId` (or to nobody), and its status. */
export async function setAssignee(
  db: Db,
  scope: Scope,
  id: string,
  values: { userId: string | null; status: string },
): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    .set({
      assignee_user_id: values.userId,
      assigned_at: values.userId ? sql<Date>`now()` : null,
      status: values.status,
    })
    .where('r.id', '=', id)
    .execute();
}

/** Whether `userId` works on the organisation's cases (a member with one of `roles`, or platform-wide). */
export async function isCaseworker(
  db: Db,
  scope: Scope,
  userId: string,
  target: { platformId: string; organisationId: string },
  roles: readonly string[],
): Promise<boolean> {
  const row = await inScope(db.selectFrom('memberships as m'), scope, { platform: 'm.platform_id' })
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.id')
    .where('m.user_id', '=', userId)
    .where('m.platform_id', '=', target.platformId)
    .where('u.deactivated_at', 'is', null)
    .where((eb) =>
      eb.or([eb('m.organisation_id', '=', target.organisationId), eb('m.organisation_id', 'is', null)]),
    )
    .where(sql<SqlBool>`m.role = any(${[...roles]}::text[])`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks a case deleted (or, with null, restores it). */
export async function setCaseDeleted(
  db: Db,
  scope: Scope,
  id: string,
  deletion: { by: string; reason: string | null } | null,
): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    .set(
      deletion
        ? { deleted_at: sql<Date>`now()`, deleted_by: deletion.by, deletion_reason: deletion.reason }
        : { deleted_at: null, deleted_by: null, deletion_reason: null },
    )
    .where('r.id', '=', id)
    .execute();
}

/** A case of the same organisation, for `duplicateOf`. */
export async function sameOrganisationCase(db: Db, scope: Scope, id: string, organisationId: string) {
  const row = await inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .select('r.id')
    .where('r.id', '=', id)
    .where('r.organisation_id', '=', organisationId)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The audit rows about a report, oldest first, with the actor's name. */
export async function caseAuditRows(db: Db, scope: Scope, reportId: string) {
  return inScope(db.selectFrom('audit_log as a'), scope, { platform: 'a.platform_id' })
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.at',
      'a.action',
      'a.changes',
      'a.reason',
      'a.details',
      'a.request_id',
      'a.actor_user_id',
      'u.first_name',
      'u.last_name',
      'u.email',
    ])
    .where('a.entity_type', '=', 'report')
    .where('a.entity_id', '=', reportId)
    .orderBy('a.at')
    .orderBy('a.id')
    .limit(5000)
    .execute();
}

// ---- the inbox search ------------------------------------------------------------------

export type CaseFilters = Omit<CaseSearchQuery, 'page' | 'size' | 'cursor' | 'assignee'> & {
  /** A user id; null = unassigned. */
  assignee?: string | null;
};

/** How each sort orders (every key the same direction, so a row comparison seeks the next page). */
const SORTS = {
  priority: {
    keys: [sql`not r.clock_running`, sql`coalesce(r.due_date, 'infinity'::date)`, sql`r.id`],
    casts: ['boolean', 'date', 'uuid'],
    desc: false,
  },
  received: {
    keys: [sql`coalesce(r.receipt_date, '-infinity'::date)`, sql`r.id`],
    casts: ['date', 'uuid'],
    desc: true,
  },
  '-received': {
    keys: [sql`coalesce(r.receipt_date, '-infinity'::date)`, sql`r.id`],
    casts: ['date', 'uuid'],
    desc: false,
  },
  updated: { keys: [sql`r.updated_at`, sql`r.id`], casts: ['timestamptz', 'uuid'], desc: true },
  '-updated': { keys: [sql`r.updated_at`, sql`r.id`], casts: ['timestamptz', 'uuid'], desc: false },
  reference: { keys: [sql`r.reference`, sql`r.id`], casts: ['text', 'uuid'], desc: false },
} as const;
export type CaseSortName = keyof typeof SORTS;

const STAGES: Record<NonNullable<CaseFilters['stage']>, string[]> = {
  draft: ['draft'],
  open: ['received', 'in_triage', 'assigned', 'coded', 'verified', 'ready_to_submit'],
  done: ['submitted', 'closed'],
  void: ['nullified', 'duplicate'],
};

const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean).slice(0, 10);

/**
 * One organisation the search reads, when it reads one: named as such (`organisation_id =`),
 * PostgreSQL 15 reads an index in order only after an equality on its first column. When the
 * scope covers it unnarrowed, the scope's own `= any(…)` is left out: the planner would count
 * the same condition twice and misjudge every plan (decision 0133).
 */
function oneOrganisation(scope: Scope, f: CaseFilters): { single?: string; scope: Scope } {
  const single =
    f.organisationId ?? (scope.organisationIds?.length === 1 ? scope.organisationIds[0] : undefined);
  if (!single) return { scope };
  const covered = scope.organisationIds?.includes(single) && !scope.narrowedIn.includes(single);
  // The same rows: the scope's platform, of an organisation the scope holds.
  return { single, scope: covered ? { ...scope, organisationIds: null } : scope };
}

function searchCases(db: Db, scope: Scope, f: CaseFilters) {
  const one = oneOrganisation(scope, f);
  let q = inScope(db.selectFrom('reports as r'), one.scope, reportColumns).where(
    'r.deleted_at',
    f.deleted ? 'is not' : 'is',
    null,
  );
  const where = (e: Expression<SqlBool>) => {
    q = q.where(e);
  };
  if (f.dateFrom) q = q.where('r.receipt_date', '>=', f.dateFrom);
  if (f.dateTo) q = q.where('r.receipt_date', '<=', f.dateTo);
  if (one.single && f.query?.trim())
    // A text search: the text indexes lead, and the organisation is checked on the rows they
    // find, not ANDed as a bitmap of the whole organisation (450,000 entries at a million
    // cases: 60–270 ms for a search that matches a few hundred). Same rows (never null).
    where(sql<SqlBool>`coalesce(r.organisation_id, ${one.single}::uuid) = ${one.single}::uuid`);
  else if (one.single) q = q.where('r.organisation_id', '=', one.single);
  if (f.status?.length) where(sql<SqlBool>`r.status = any(${[...f.status]}::text[])`);
  // Open cases are exactly those whose clock runs: said as the inbox index's second key, so
  // the index finds them (and the planner does not multiply two estimates of one fact).
  // (`<= false`: PostgreSQL folds `= false` back into `clock_running`, which no index matches.)
  if (f.stage === 'open') where(sql<SqlBool>`(not r.clock_running) <= false`);
  else if (f.stage) where(sql<SqlBool>`r.status = any(${STAGES[f.stage]}::text[])`);
  if (f.type?.length) where(sql<SqlBool>`r.report_type = any(${[...f.type]}::text[])`);
  if (f.sources?.length) where(sql<SqlBool>`r.source = any(${[...f.sources]}::text[])`);
  if (f.extReportId) q = q.where('r.ext_report_id', '=', f.extReportId);
  if (f.attention?.length) where(sql<SqlBool>`r.attention = any(${[...f.attention]}::text[])`);
  if (f.ids?.length) where(sql<SqlBool>`r.id = any(${[...f.ids]}::uuid[])`);
  if (f.application) q = q.where('r.application_id', '=', f.application);
  if (f.includeFormviews?.length)
    where(sql<SqlBool>`r.form_view_id = any(${[...f.includeFormviews]}::uuid[])`);
  if (f.locations?.length) where(sql<SqlBool>`r.location_id = any(${[...f.locations]}::uuid[])`);
  if (f.serious !== undefined) q = q.where('r.serious', '=', f.serious);
  if (f.overdue !== undefined)
    where(
      f.overdue
        ? sql<SqlBool>`(r.clock_running and r.due_date < ${todayOf(one.single)})`
        : sql<SqlBool>`not (r.clock_running and coalesce(r.due_date < ${todayOf(one.single)}, false))`,
    );
  if (f.assignee !== undefined)
    q =
      f.assignee === null
        ? q.where('r.assignee_user_id', 'is', null)
        : q.where('r.assignee_user_id', '=', f.assignee);
  if (f.latestVersion)
    // The newest report of a follow-up chain: no other report names it as its previous one.
    where(
      sql<SqlBool>`not exists (select 1 from reports n where n.current_report_id = r.id and n.organisation_id = r.organisation_id and n.deleted_at is null)`,
    );
  if (f.sender || f.regulatorSenderId) {
    const document = sql`(select v.document from report_versions v where v.report_id = r.id and v.version = r.current_version)`;
    if (f.sender)
      where(sql<SqlBool>`${document} #>> '{C,sender,organisation}' ilike ${`%${escapeLike(f.sender)}%`}`);
    // C.1.1 is "country-sender identifier-number": the middle part names the sender.
    if (f.regulatorSenderId)
      where(
        sql<SqlBool>`split_part(${document} #>> '{C,senderSafetyReportId}', '-', 2) = ${f.regulatorSenderId}`,
      );
  }
  if (f.origin?.length) where(sql<SqlBool>`r.origin = any(${[...f.origin]}::text[])`);
  // Each word typed, anywhere in a product's or reaction's name, accents and case ignored:
  // the lists' trigram indexes (migration 202612020100) find them.
  for (const word of words(f.product))
    where(sql<SqlBool>`folded_list(r.suspect_products) like fold_text(${`%${escapeLike(word)}%`})`);
  for (const word of words(f.reaction))
    where(sql<SqlBool>`folded_list(r.reaction_terms) like fold_text(${`%${escapeLike(word)}%`})`);
  if (f.query?.trim()) {
    const text = f.query.trim();
    where(sql<SqlBool>`(r.search_vector @@ websearch_to_tsquery('simple', ${text})
      or r.search_text ilike ${`%${escapeLike(text)}%`}
      or r.reference = ${text.toUpperCase()})`);
  }
  return q;
}

const summaryColumns = [
  'r.id',
  'r.reference',
  'r.platform_id',
  'r.organisation_id',
  'r.status',
  'r.name',
  'r.source',
  'r.ext_report_id',
  'r.report_type',
  'r.serious',
  'r.seriousness',
  'r.country',
  'r.reporter_user_id',
  'r.assignee_user_id',
  'r.form_view_id',
  'r.current_version',
  'r.clock_running',
  'r.created_at',
  'r.updated_at',
  'r.origin',
  'r.suspect_products',
  'r.reaction_terms',
  'r.reactions_coded',
  'r.attention',
  'r.attention_at',
] as const;

/** The assignee's name (their email when they gave none), looked up for the page's rows only. */
const assigneeName = sql<
  string | null
>`(select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email::text)
  from users u where u.id = r.assignee_user_id)`;

/**
 * A page of cases. With `after` (the sort keys of the previous page's last row, from its
 * cursor) the page is sought by key, not skipped to by offset: as fast on page 2,000 as on
 * page 2 (decision 0101). The page and the count are two statements run side by side, so the
 * page stops at its last row (an index in the sort's order serves it) instead of reading
 * every match; with `total` (known from the cursor, or not wanted: the export) no count runs
 * (decision 0133).
 */
export async function findCasePage(
  db: Db,
  scope: Scope,
  filters: CaseFilters,
  page: { page: number; size: number; sort: CaseSortName; after?: unknown[]; total?: number },
) {
  const sort = SORTS[page.sort];
  const direction = sort.desc ? sql`desc` : sql`asc`;
  const keyRow = sql`(${sql.join(sort.keys)})`;
  let q = searchCases(db, scope, filters)
    .select([
      ...summaryColumns,
      sql<string | null>`r.receipt_date::text`.as('receipt_date'),
      sql<string | null>`r.due_date::text`.as('due_date'),
      daysLeft.as('days_left'),
      assigneeName.as('assignee_name'),
      sql<unknown[]>`json_build_array(${sql.join(sort.keys.map((k) => sql`(${k})::text`))})`.as('sort_key'),
    ])
    // Key by key, not as one row value: an index in the same order can then serve the sort.
    .orderBy(sql`${sql.join(sort.keys.map((k) => sql`${k} ${direction}`))}` as never)
    .limit(page.size);
  if (page.after !== undefined) {
    const values = sql`(${sql.join(sort.casts.map((cast, i) => sql`${String(page.after![i])}::${sql.raw(cast)}`))})`;
    q = q.where(sort.desc ? sql<SqlBool>`${keyRow} < ${values}` : sql<SqlBool>`${keyRow} > ${values}`);
  } else q = q.offset((page.page - 1) * page.size);
  if (filters.query?.trim() && page.total === undefined) {
    // A text search reads every match to sort it anyway: counting them in the same statement
    // saves reading them twice (decision 0133; past the last page a count runs alone).
    const found = await q.select(sql<string>`count(*) over ()`.as('total')).execute();
    if (found.length > 0) return { rows: found, total: Number(found[0]!.total) };
    return { rows: found, total: page.page === 1 && !page.after ? 0 : await countCases(db, scope, filters) };
  }
  const [rows, total] = await Promise.all([
    q.execute(),
    page.total !== undefined ? page.total : countCases(db, scope, filters),
  ]);
  return { rows, total };
}

async function countCases(db: Db, scope: Scope, filters: CaseFilters): Promise<number> {
  const row = await searchCases(db, scope, filters)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The sort keys a page may be sought after: the casts must take them. */
export const sortKeyCount = (sort: CaseSortName) => SORTS[sort].keys.length;

// ---- assignment tokens, transfers, names ---------------------------------------------

/** Keeps a new assignment token's hash for a case. */
export async function insertAssignmentToken(
  db: Db,
  scope: Scope,
  values: {
    reportId: string;
    platformId: string;
    organisationId: string;
    hash: string;
    createdBy: string;
    ttlSeconds: number;
  },
) {
  requireCovers(scope, values.platformId, values.organisationId, 'Report');
  return db
    .insertInto('report_assignment_tokens')
    .values({
      report_id: values.reportId,
      platform_id: values.platformId,
      organisation_id: values.organisationId,
      token_hash: values.hash,
      created_by: values.createdBy,
      expires_at: sql<Date>`now() + make_interval(secs => ${values.ttlSeconds})`,
    })
    .returning(['id', 'expires_at'])
    .executeTakeFirstOrThrow();
}

/** A case's assignment token by its hash, with whether it is used or expired now. */
export async function findAssignmentToken(db: Db, scope: Scope, reportId: string, hash: string) {
  return inScope(db.selectFrom('report_assignment_tokens as t'), scope, {
    platform: 't.platform_id',
    organisation: 't.organisation_id',
  })
    .select([
      't.id',
      't.expires_at',
      't.used_at',
      't.used_by',
      sql<boolean>`t.expires_at <= now()`.as('expired'),
    ])
    .where('t.report_id', '=', reportId)
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Uses a token once: true for the one caller that marked it, false when it was used or expired meanwhile. */
export async function useAssignmentToken(db: Db, scope: Scope, id: string, userId: string): Promise<boolean> {
  const row = await inScope(db.updateTable('report_assignment_tokens as t'), scope, {
    platform: 't.platform_id',
    organisation: 't.organisation_id',
  })
    .set({ used_at: sql<Date>`now()`, used_by: userId })
    .where('t.id', '=', id)
    .where('t.used_at', 'is', null)
    .where(sql<SqlBool>`t.expires_at > now()`)
    .returning('t.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a case (and its versions) to another organisation of its platform, unassigned and received. */
export async function moveCase(
  db: Db,
  scope: Scope,
  id: string,
  transfer: {
    toOrganisationId: string;
    fromOrganisationId: string;
    platformId: string;
    version: number;
    status: string;
    reason: string | null;
    by: string;
  },
): Promise<void> {
  requireCovers(scope, transfer.platformId, transfer.fromOrganisationId, 'Report');
  await db
    .insertInto('report_transfers')
    .values({
      report_id: id,
      platform_id: transfer.platformId,
      from_organisation_id: transfer.fromOrganisationId,
      to_organisation_id: transfer.toOrganisationId,
      report_version: transfer.version,
      status: transfer.status,
      reason: transfer.reason,
      transferred_by: transfer.by,
    })
    .execute();
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    .set({
      organisation_id: transfer.toOrganisationId,
      status: 'received',
      assignee_user_id: null,
      assigned_at: null,
      location_id: null,
    })
    .where('r.id', '=', id)
    .execute();
  await db
    .updateTable('report_versions')
    .set({ organisation_id: transfer.toOrganisationId })
    .where('report_id', '=', id)
    .execute();
}

/**
 * The sending organisation's trace of a case it sent away: the transfer (the latest from an
 * organisation of the scope) and the document as it was then.
 */
export async function findTransferredCase(db: Db, scope: Scope, id: string) {
  return inScope(db.selectFrom('report_transfers as t'), scope, {
    platform: 't.platform_id',
    organisation: 't.from_organisation_id',
  })
    .innerJoin('reports as r', 'r.id', 't.report_id')
    .innerJoin('report_versions as v', (join) =>
      join.onRef('v.report_id', '=', 't.report_id').onRef('v.version', '=', 't.report_version'),
    )
    .select([
      'r.id',
      'r.reference',
      'r.platform_id',
      't.from_organisation_id',
      't.to_organisation_id',
      't.report_version',
      't.status',
      't.reason',
      't.transferred_at',
      'v.document',
    ])
    .where('t.report_id', '=', id)
    .where('r.deleted_at', 'is', null)
    .orderBy('t.transferred_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Sets or clears a case's name. */
export async function setCaseName(db: Db, scope: Scope, id: string, name: string | null): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    .set({ name })
    .where('r.id', '=', id)
    .execute();
}

/** Rewrites the search columns of a case (regenerate). */
export async function setSearchColumns(db: Db, scope: Scope, id: string, c: SearchColumns): Promise<void> {
  await inScope(db.updateTable('reports as r'), scope, reportColumns)
    .set({
      receipt_date: c.receipt_date,
      report_type: c.report_type,
      serious: c.serious,
      seriousness: c.seriousness,
      country: c.country,
      search_text: c.search_text,
      suspect_products: c.suspect_products,
      reaction_terms: c.reaction_terms,
      reactions_coded: c.reactions_coded,
    })
    .where('r.id', '=', id)
    .execute();
}

/** The versions of a case's document, oldest first, without the documents. */
export async function listVersions(db: Db, scope: Scope, reportId: string) {
  return inScope(db.selectFrom('report_versions as v'), scope, {
    platform: 'v.platform_id',
    organisation: 'v.organisation_id',
  })
    .select([
      'v.version',
      'v.created_at',
      'v.created_by',
      'v.from_reporter',
      sql<number>`jsonb_array_length(v.attachments)`.as('attachments'),
    ])
    .where('v.report_id', '=', reportId)
    .orderBy('v.version')
    .execute();
}

/** Two versions' documents of a case (absent when a number does not exist). */
export async function versionDocuments(db: Db, scope: Scope, reportId: string, versions: number[]) {
  return inScope(db.selectFrom('report_versions as v'), scope, {
    platform: 'v.platform_id',
    organisation: 'v.organisation_id',
  })
    .select(['v.version', 'v.document'])
    .where('v.report_id', '=', reportId)
    .where('v.version', 'in', versions)
    .execute();
}

/** The reports of the same organisation that follow this one up (name it as `currentReportId`). */
export async function followUpsOf(db: Db, scope: Scope, reportId: string, organisationId: string) {
  const rows = await inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .select('r.id')
    .where('r.current_report_id', '=', reportId)
    .where('r.organisation_id', '=', organisationId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.created_at')
    .execute();
  return rows.map((r) => r.id);
}

/** The report a case follows up, when it is one of the same organisation the scope sees. */
export async function previousOf(
  db: Db,
  scope: Scope,
  currentReportId: string | null,
  organisationId: string,
) {
  if (!currentReportId) return null;
  const row = await inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .select('r.id')
    .where('r.id', '=', currentReportId)
    .where('r.organisation_id', '=', organisationId)
    .where('r.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The newest case in scope with this external id (the sender's own id for it). */
export async function findCaseIdByExternalId(db: Db, scope: Scope, extReportId: string) {
  const row = await inScope(db.selectFrom('reports as r'), scope, reportColumns)
    .select('r.id')
    .where('r.ext_report_id', '=', extReportId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .executeTakeFirst();
  return row?.id;
}
