import { type Static, Type } from 'typebox';
import { Id, Page, PageNumber, PageSize, Reason, Timestamp, UserRef } from './common.ts';
import { Report } from './reports.ts';
import { caseAttentions, type caseOrigins, type caseStatuses } from './values.ts';

export { caseAttentions, caseOrigins, caseStatuses } from './values.ts';

/**
 * Case management (issue 12, ENDPOINTS.md section 4): the lifecycle of a report, the case as
 * staff read it (the four minimum criteria, seriousness, day zero and the regulatory clock),
 * search, and the audit timeline. Decisions 0100–0104.
 */

export const CaseStatus = Type.Union([
  Type.Literal('draft'),
  Type.Literal('received'),
  Type.Literal('in_triage'),
  Type.Literal('assigned'),
  Type.Literal('coded'),
  Type.Literal('verified'),
  Type.Literal('ready_to_submit'),
  Type.Literal('submitted'),
  Type.Literal('closed'),
  Type.Literal('nullified'),
  Type.Literal('duplicate'),
]);
export type CaseStatus = (typeof caseStatuses)[number];

/** PUT /v1/reports/{id}/status: move a case along its lifecycle. */
export const StatusChangeBody = Type.Object(
  {
    status: CaseStatus,
    /** Required to nullify, to mark a duplicate and to reopen (400 naming body/reason without it). */
    reason: Type.Optional(Reason),
    /** With `duplicate`: the case this one repeats (another case of the same organisation). */
    duplicateOf: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type StatusChangeBody = Static<typeof StatusChangeBody>;

/** The four minimum criteria of a valid case (ICH E2D), each met or not. */
export const CaseCriteria = Type.Object({
  patient: Type.Boolean(),
  reporter: Type.Boolean(),
  product: Type.Boolean(),
  reaction: Type.Boolean(),
  /** All four met. */
  valid: Type.Boolean(),
});

/** Day zero and the regulatory clock: 15 days for a serious case, 90 for another. */
export const CaseClock = Type.Object({
  /** The receipt date (C.1.5, most recent information; C.1.4 otherwise), a UTC day. */
  dayZero: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  /** 15 or 90. */
  days: Type.Integer(),
  dueDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  /** Days until the due date (negative once overdue); null when the clock does not run. */
  daysLeft: Type.Union([Type.Integer(), Type.Null()]),
  overdue: Type.Boolean(),
  /** False for drafts and for cases submitted, closed, nullified or marked duplicate. */
  running: Type.Boolean(),
});

/** A soft deletion: when, by whom, why (restored by an administrator). */
export const CaseDeletion = Type.Object({
  at: Timestamp,
  by: Type.Union([Id, Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
});

/** What asks for staff's attention on a case (values.ts: caseAttentions). */
const AttentionKind = Type.Union([Type.Literal('new_information'), Type.Literal('rejected')]);
export const CaseAttention = Type.Union([
  Type.Object({ kind: AttentionKind, since: Timestamp }),
  Type.Null(),
]);
export type CaseAttention = Static<typeof CaseAttention>;

/** GET /v1/reports/{id}: the report with what case management adds. */
export const ReportCase = Type.Object({
  ...Report.properties,
  assigneeUserId: Type.Union([Id, Type.Null()]),
  /** The assignee's name as their colleagues see it (their email when they gave none). */
  assigneeName: Type.Union([Type.String(), Type.Null()]),
  assignedAt: Type.Union([Timestamp, Type.Null()]),
  criteria: CaseCriteria,
  clock: CaseClock,
  /** The next statuses the caller's roles may move this case to now. */
  allowedTransitions: Type.Array(CaseStatus),
  /**
   * Whether the caller may save a new version of the case document now (PUT /v1/report/{id}):
   * staff and administrators of the case's organisation, while the case is neither nullified, a
   * duplicate, deleted nor a trace of a case sent away. Assessors read; a reporter never edits a
   * case once sent (decision 0260).
   */
  canEdit: Type.Boolean(),
  attention: CaseAttention,
  /**
   * A message of the case waits for an assessor's signed approval (decision 0251): the case
   * stays ready to submit and its clock runs until a first message is actually sent.
   */
  awaitingApproval: Type.Boolean(),
  /**
   * The lifecycle's next step on the main path and the roles that may take it (decision 0253),
   * so a screen can say whose step it is when the caller's roles cannot take it; null at the end.
   */
  nextStep: Type.Union([Type.Object({ status: CaseStatus, roles: Type.Array(Type.String()) }), Type.Null()]),
  deleted: Type.Union([CaseDeletion, Type.Null()]),
  /**
   * Set when the caller's organisation sent this case to another one: a read-only trace of
   * the case as it left (its status, version and document then; decision 0102).
   */
  trace: Type.Union([
    Type.Object({
      fromOrganisationId: Id,
      toOrganisationId: Id,
      at: Timestamp,
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
    Type.Null(),
  ]),
});
export type ReportCase = Static<typeof ReportCase>;

/** Where a case came from (values.ts: caseOrigins). */
export const CaseOrigin = Type.Union([
  Type.Literal('public'),
  Type.Literal('professional'),
  Type.Literal('import'),
  Type.Literal('api'),
]);
export type CaseOrigin = (typeof caseOrigins)[number];

/** A case in the inbox: the search columns and the clock, not the document. */
export const CaseSummary = Type.Object({
  id: Id,
  reference: Type.String(),
  platformId: Id,
  organisationId: Id,
  status: Type.String(),
  name: Type.Union([Type.String(), Type.Null()]),
  source: Type.Union([Type.String(), Type.Null()]),
  extReportId: Type.Union([Type.String(), Type.Null()]),
  reportType: Type.Union([Type.String(), Type.Null()]),
  serious: Type.Boolean(),
  seriousness: Type.Array(Type.String()),
  country: Type.Union([Type.String(), Type.Null()]),
  reporterUserId: Type.Union([Id, Type.Null()]),
  assigneeUserId: Type.Union([Id, Type.Null()]),
  formViewId: Type.Union([Id, Type.Null()]),
  reportVersion: Type.Integer({ minimum: 1 }),
  clock: CaseClock,
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** What triage reads without opening the case (decision 0285). The receipt date (C.1.5, else C.1.4). */
  receiptDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  /** Null for a case whose way in is not known (typed in by staff with no qualification). */
  origin: Type.Union([CaseOrigin, Type.Null()]),
  /** G.k.2.2 (else the substances) of each drug that is suspect, interacting or without a role. */
  suspectProducts: Type.Array(Type.String()),
  /** Each reaction: the MedDRA PT once E.i.2.1 is coded, the words as reported (E.i.1.1a) before. */
  reactions: Type.Array(Type.String()),
  /** Every reaction is coded (so `reactions` are all PTs). */
  reactionsCoded: Type.Boolean(),
  /** The assignee's name as their colleagues see it. */
  assigneeName: Type.Union([Type.String(), Type.Null()]),
  attention: CaseAttention,
});
export type CaseSummary = Static<typeof CaseSummary>;

export const CasePage = Type.Object({
  ...Page(CaseSummary).properties,
  /** Pass as `cursor` with `page` + 1 to read the next page by key rather than by offset (decision 0101). */
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type CasePage = Static<typeof CasePage>;

const IdList = Type.Array(Id, { maxItems: 100 });
const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });
const Day = Type.String({ format: 'date' });

/** `stage`: a bucket of statuses (decision 0101). */
export const CaseStage = Type.Union([
  Type.Literal('draft'),
  Type.Literal('open'),
  Type.Literal('done'),
  Type.Literal('void'),
]);

export const CaseSort = Type.Union([
  Type.Literal('priority'),
  Type.Literal('received'),
  Type.Literal('-received'),
  Type.Literal('updated'),
  Type.Literal('-updated'),
  Type.Literal('reference'),
]);

/**
 * GET /v1/reports (the contract row's parameters, then ours) and POST /v1/reports/export
 * (the same fields in the body). Lists are comma-joined or repeated.
 */
export const CaseSearchFields = {
  dateFrom: Type.Optional(Day),
  dateTo: Type.Optional(Day),
  organisationId: Type.Optional(Id),
  status: Type.Optional(Type.Array(CaseStatus, { maxItems: 11 })),
  type: Type.Optional(Type.Array(Text(10), { maxItems: 10 })),
  sources: Type.Optional(Type.Array(Text(100), { maxItems: 50 })),
  stage: Type.Optional(CaseStage),
  query: Type.Optional(Text(500)),
  extReportId: Type.Optional(Text()),
  /** Only these cases (the inbox's selection, exported or listed; decision 0138). */
  ids: Type.Optional(IdList),
  application: Type.Optional(Id),
  latestVersion: Type.Optional(Type.Boolean()),
  includeFormviews: Type.Optional(IdList),
  locations: Type.Optional(IdList),
  sender: Type.Optional(Text()),
  regulatorSenderId: Type.Optional(Text(100)),
  serious: Type.Optional(Type.Boolean()),
  /** A user id, `@me`, or `none` (unassigned). */
  assignee: Type.Optional(Type.String({ pattern: '^(@me|none|[0-9a-fA-F-]{36})$' })),
  overdue: Type.Optional(Type.Boolean()),
  /** Administrators only: the soft-deleted cases instead. */
  deleted: Type.Optional(Type.Boolean()),
  /** Where the cases came from (any of them). */
  origin: Type.Optional(Type.Array(CaseOrigin, { maxItems: 4 })),
  /** Words of a suspect product's name (accents and case ignored). */
  product: Type.Optional(Text(200)),
  /** Words of a reaction, as reported or its PT (accents and case ignored). */
  reaction: Type.Optional(Text(200)),
  /** Only cases asking for attention for one of these reasons (decisions 0250, 0252). */
  attention: Type.Optional(
    Type.Array(Type.Union(caseAttentions.map((k) => Type.Literal(k))), { maxItems: 2 }),
  ),
  sort: Type.Optional(CaseSort),
};

export const CaseSearchQuery = Type.Object({
  page: PageNumber,
  size: PageSize,
  cursor: Type.Optional(Type.String({ maxLength: 500 })),
  ...CaseSearchFields,
});
export type CaseSearchQuery = Static<typeof CaseSearchQuery>;

/** DELETE /v1/reports/{id} and POST /v1/reports/{id}/restore. */
export const CaseReasonBody = Type.Object({ reason: Type.Optional(Reason) }, { additionalProperties: false });

/** One line of a case's audit timeline (GET /v1/reports/{id}/audit). */
export const CaseAuditEntry = Type.Object({
  id: Id,
  at: Timestamp,
  action: Type.String(),
  /** A sentence: "Status changed from received to in triage". */
  summary: Type.String(),
  actor: Type.Union([
    Type.Object({ id: Id, name: Type.String(), email: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
  changes: Type.Array(Type.Object({ field: Type.String(), old: Type.Unknown(), new: Type.Unknown() })),
  reason: Type.Union([Type.String(), Type.Null()]),
  /**
   * Why, as a code, when Vigilo itself gave the reason (the web says it in the reader's language,
   * decision 0312): `receiver_rejected` (an acknowledgement refused the message), `follow_up`
   * (the reporter sent new information). Null when a person typed the reason or none was given.
   */
  reasonCode: Type.Union([Type.Literal('receiver_rejected'), Type.Literal('follow_up'), Type.Null()]),
  /** The receiver's acknowledgement code (CR, AR, AE) of a `receiver_rejected`, or null. */
  acknowledgementCode: Type.Union([Type.String(), Type.Null()]),
  requestId: Type.Union([Type.String(), Type.Null()]),
});
export type CaseAuditEntry = Static<typeof CaseAuditEntry>;

/** PUT /v1/report/{id}/assign/user/{userId}. */
export const AssignUserParams = Type.Object({ id: Id, userId: UserRef });

/** POST /v1/report/{id}/assign: to `userId` (`@me` when omitted). */
export const AssignBody = Type.Object({ userId: Type.Optional(UserRef) }, { additionalProperties: false });

/** POST /v1/report/{id}/assignment-token: a single-use link to take the case (shown once). */
export const AssignmentToken = Type.Object({ token: Type.String(), expiresAt: Timestamp });

export const AssignmentTokenParams = Type.Object({
  id: Id,
  token: Type.String({ minLength: 1, maxLength: 200 }),
});

/** GET /v1/report/{id}/verify/{token}: whether the link would assign the case now. */
export const AssignmentVerification = Type.Object({
  valid: Type.Boolean(),
  state: Type.Union([Type.Literal('valid'), Type.Literal('used'), Type.Literal('expired')]),
  reportId: Id,
  reference: Type.String(),
  expiresAt: Timestamp,
});

/** PUT /v1/report/{id}/reassign/organisation/{organisationId}. */
export const ReassignParams = Type.Object({ id: Id, organisationId: Id });

/** POST /v1/report/{id}/name. */
export const CaseNameBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);

/** One saved state of a case's document (GET /v1/reports/{id}/versions). */
export const CaseVersion = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  createdAt: Timestamp,
  createdBy: Type.Union([Id, Type.Null()]),
  attachments: Type.Integer({ minimum: 0 }),
  /** Follow-up information the reporter sent on the report already sent (decision 0250). */
  fromReporter: Type.Boolean(),
});

/** GET /v1/reports/{id}/versions: the document's versions, and the follow-up chain around it. */
export const CaseVersions = Type.Object({
  reportId: Id,
  latestVersion: Type.Integer({ minimum: 1 }),
  versions: Type.Array(CaseVersion),
  /** The report this one follows up (`currentReportId`), and those that follow it up. */
  previousReportId: Type.Union([Id, Type.Null()]),
  followUpReportIds: Type.Array(Id),
});

export const CompareQuery = Type.Object(
  {
    from: Type.Integer({ minimum: 1 }),
    to: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

/** GET /v1/reports/{id}/versions/compare: every field that differs, by its path in the document. */
export const CaseComparison = Type.Object({
  reportId: Id,
  from: Type.Integer(),
  to: Type.Integer(),
  changes: Type.Array(
    Type.Object({
      /** `E.reactions[0].nativeTerm`: arrays by position, objects by key. */
      path: Type.String(),
      kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
      old: Type.Unknown(),
      new: Type.Unknown(),
    }),
  ),
});

/** POST /v1/reports/export: any case search, as CSV or XLSX, made in the background (decision 0104). */
export const CaseExportBody = Type.Object(
  {
    format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')], { default: 'xlsx' }),
    ...CaseSearchFields,
    sort: Type.Optional(CaseSort),
  },
  { additionalProperties: false },
);
export type CaseExportBody = Static<typeof CaseExportBody>;

/** GET /v1/reports/external/{extReportId}. */
export const ExternalIdParams = Type.Object({ extReportId: Type.String({ minLength: 1, maxLength: 200 }) });

/** POST and PUT /v1/saved-searches (ENDPOINTS.md section 10, decision 0105). */
export const SavedSearchBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    /** The list's query parameters, as the list takes them (`{"stage": "open", "serious": true}`). */
    filters: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 50 }),
    /** Which list: `reports` (the case inbox) unless said. */
    resource: Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z-]*$', default: 'reports' }),
    /** Shown to the organisation's other members (read-only for them). */
    shared: Type.Optional(Type.Boolean()),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type SavedSearchBody = Static<typeof SavedSearchBody>;

export const SavedSearch = Type.Object({
  id: Id,
  organisationId: Id,
  userId: Id,
  resource: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  filters: Type.Record(Type.String(), Type.Unknown()),
  shared: Type.Boolean(),
  /** True when the caller may change or delete it (its owner). */
  mine: Type.Boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SavedSearch = Static<typeof SavedSearch>;

export const SavedSearchQuery = Type.Object({
  resource: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z][a-z-]*$' })),
});

/** What a shared view shows beyond the clinical core, when the sharing organisation allows it (decision 0130). */
export const ShareReveal = Type.Union([
  Type.Literal('patient'),
  Type.Literal('reporter'),
  Type.Literal('narrative'),
]);
export type ShareReveal = Static<typeof ShareReveal>;

/** PUT /v1/report/{id}/share/organisation/{organisationId}: what the other organisation may see. */
export const CaseShareBody = Type.Object(
  { reveal: Type.Optional(Type.Array(ShareReveal, { maxItems: 3, uniqueItems: true })) },
  { additionalProperties: false },
);

/** A case shown read-only to another organisation of the platform. */
export const CaseShare = Type.Object({
  reportId: Id,
  reference: Type.String(),
  organisationId: Id,
  sharedWithOrganisationId: Id,
  reveal: Type.Array(ShareReveal),
  /** Where the other organisation reads it: GET /v1/reports/share/{extReportId or reference}. */
  link: Type.String(),
  createdBy: Type.Union([Id, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type CaseShare = Static<typeof CaseShare>;

/**
 * GET /v1/reports/share/{extReportId}: the shared view of a case. The clinical core
 * (reactions, drugs, tests, seriousness, dates) always; the patient's identifying fields, the
 * reporter's identity and the free texts only where `reveal` says; attachments never.
 */
export const SharedCase = Type.Object({
  reference: Type.String(),
  extReportId: Type.Union([Type.String(), Type.Null()]),
  platformId: Id,
  /** The organisation holding the case (the one that shared it). */
  organisationId: Id,
  /** Why the caller reads it: its organisation holds it, a platform-wide role, or a share. */
  access: Type.Union([Type.Literal('holder'), Type.Literal('platform'), Type.Literal('shared')]),
  reveal: Type.Array(ShareReveal),
  sharedAt: Type.Union([Timestamp, Type.Null()]),
  status: Type.String(),
  reportType: Type.Union([Type.String(), Type.Null()]),
  serious: Type.Boolean(),
  seriousness: Type.Array(Type.String()),
  country: Type.Union([Type.String(), Type.Null()]),
  receiptDate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  reportVersion: Type.Integer({ minimum: 1 }),
  updatedAt: Timestamp,
  /** The case document with what is not revealed taken out. */
  report: Type.Record(Type.String(), Type.Unknown()),
});
export type SharedCase = Static<typeof SharedCase>;

/** GET /v1/report/{id}/location-change-check: the locations the case might move to. */
export const LocationChangeQuery = Type.Object(
  { locations: Type.Array(Id, { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);

const Person = Type.Object({
  id: Id,
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
});
const GroupRef = Type.Object({ id: Id, name: Type.String() });

/**
 * What moving a case to each location would do (decision 0131): which user groups would stop
 * or start allowing it, which caseworkers would lose or gain sight of it. Nothing changes.
 */
export const LocationChangeCheck = Type.Object({
  reportId: Id,
  currentLocationId: Type.Union([Id, Type.Null()]),
  /** Caseworkers of the organisation who see the case now. */
  seeingNow: Type.Integer({ minimum: 0 }),
  locations: Type.Array(
    Type.Object({
      locationId: Id,
      name: Type.String(),
      /** Caseworkers who would see it there. */
      seeing: Type.Integer({ minimum: 0 }),
      groups: Type.Object({ gain: Type.Array(GroupRef), lose: Type.Array(GroupRef) }),
      users: Type.Object({ gain: Type.Array(Person), lose: Type.Array(Person) }),
      /** True when the caller would no longer see the case. */
      callerLoses: Type.Boolean(),
    }),
  ),
});
export type LocationChangeCheck = Static<typeof LocationChangeCheck>;
