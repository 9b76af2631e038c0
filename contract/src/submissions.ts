import { type Static, Type } from 'typebox';
import { Id, PageNumber, PageSize, Timestamp } from './common.ts';
import { E2bFinding, E2bProfile } from './e2b.ts';

/**
 * Receivers and submissions (ENDPOINTS.md section 6, issue 15, decisions 0170–0171): who a
 * case is sent to as E2B(R3), with which identifiers, profile and transport, and what each
 * receiver was sent and answered.
 */

const Identifier = Type.String({ minLength: 1, maxLength: 60 });
const DueDays = Type.Integer({ minimum: 1, maximum: 365 });

/**
 * A receiver's retry budget (decision 0327): how often a message is tried before it is FAILED,
 * 1 to 30. The waits between attempts start at 30 s and double up to one hour (the
 * deployment's SUBMISSION_RETRY_DELAY_SECONDS and SUBMISSION_RETRY_MAX_DELAY_SECONDS), so the
 * default 16 attempts span about nine hours: a receiver down for a working day still gets it.
 */
export const DELIVERY_ATTEMPTS_MAX = 30;
export const DeliveryAttempts = Type.Integer({ minimum: 1, maximum: DELIVERY_ATTEMPTS_MAX });

/** The wait before the attempt after attempt `attempt` (1-based): `base` doubled each time, at most `max` (seconds, no jitter). */
export const retryDelaySeconds = (attempt: number, base = 30, max = 3600) =>
  Math.min(max, base * 2 ** Math.min(attempt - 1, 30));

/** From the first attempt to the last of `attempts`, in seconds, with the waits of `retryDelaySeconds`. */
export function retrySpanSeconds(attempts: number, base = 30, max = 3600): number {
  let total = 0;
  for (let n = 1; n < attempts; n++) total += retryDelaySeconds(n, base, max);
  return total;
}
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const TransportType = Type.Union([Type.Literal('none'), Type.Literal('https'), Type.Literal('as2')]);
export const TransportAuth = Type.Union([
  Type.Literal('none'),
  Type.Literal('bearer'),
  Type.Literal('basic'),
  Type.Literal('client_certificate'),
]);

/** An AS2 name (RFC 4130 as2-name): 1 to 128 printable ASCII characters, no quote or backslash. */
const As2Name = Type.String({ minLength: 1, maxLength: 128, pattern: '^[ !#-\\[\\]-~]+$' });
export const As2Encryption = Type.Union([
  Type.Literal('aes128-cbc'),
  Type.Literal('aes192-cbc'),
  Type.Literal('aes256-cbc'),
  Type.Literal('3des'),
]);
export const As2Signing = Type.Union([
  Type.Literal('sha-1'),
  Type.Literal('sha-256'),
  Type.Literal('sha-384'),
  Type.Literal('sha-512'),
]);

/**
 * AS2 settings (decision 0195): `from` is Vigilo's AS2 name at this partner, `to` the
 * partner's; the partner's certificate (PEM) encrypts the message and checks its signed MDN.
 * Vigilo's own signing certificate and key are credentials (`certificate`, `privateKey`).
 */
export const As2Settings = Type.Object({
  from: As2Name,
  to: As2Name,
  partnerCertificate: Type.String({ minLength: 1, maxLength: 20000 }),
  /** The content encryption; default aes256-cbc. */
  encryption: As2Encryption,
  /** The signature's digest, also asked of the MDN; default sha-256. */
  signing: As2Signing,
});
export type As2Settings = Static<typeof As2Settings>;
export const As2SettingsBody = Type.Object(
  {
    from: As2Name,
    to: As2Name,
    partnerCertificate: Type.String({ minLength: 1, maxLength: 20000 }),
    encryption: Type.Optional(As2Encryption),
    signing: Type.Optional(As2Signing),
  },
  { additionalProperties: false },
);

/** What a receiver's transport is, as the API answers it: never its credentials. */
export const ReceiverTransport = Type.Object({
  type: TransportType,
  url: Nullable(Type.String()),
  auth: TransportAuth,
  /** Whether credentials are stored (they are sealed and never answered). */
  hasCredentials: Type.Boolean(),
  /** A CA certificate (PEM) trusted for this receiver instead of the public ones. */
  caCertificate: Nullable(Type.String()),
  /** The AS2 settings when `type` is `as2`, else null. */
  as2: Nullable(As2Settings),
});

/**
 * Which FDA route a receiver of the FDA profile sends to (decision 0231): `case` reads it from
 * the case (an IND number FDA.C.5.5a or a pre-ANDA number FDA.C.5.5b: premarket, N.1.4
 * ZZFDA_PREMKT; otherwise postmarket, ZZFDA), `postmarket` and `premarket` fix it.
 */
export const FdaRoute = Type.Union([
  Type.Literal('case'),
  Type.Literal('postmarket'),
  Type.Literal('premarket'),
]);
export type FdaRoute = Static<typeof FdaRoute>;

export const Receiver = Type.Object({
  id: Id,
  organisationId: Id,
  name: Type.String(),
  code: Nullable(Type.String()),
  /** N.1.3, the batch sender; null = the organisation's id. */
  batchSender: Nullable(Type.String()),
  /** N.1.4, the batch receiver. */
  batchReceiver: Nullable(Type.String()),
  /** N.2.r.2, the message sender; null = the batch sender. */
  messageSender: Nullable(Type.String()),
  /** N.2.r.3, the message receiver; null = the batch receiver. */
  messageReceiver: Nullable(Type.String()),
  profile: E2bProfile,
  /** Personal data of patient and reporters is sent as null flavour MSK. */
  maskPersonalData: Type.Boolean(),
  fdaRoute: FdaRoute,
  dueDaysSerious: Type.Integer(),
  dueDaysNonSerious: Type.Integer(),
  transport: ReceiverTransport,
  /** The organisation's default receiver: the E2B(R3) download follows its profile and identifiers (at most one). */
  isDefault: Type.Boolean(),
  /**
   * The distribution rule: a condition of the forms' language over the case document and
   * `case.serious`, `case.country`, `case.reportType`, `case.seriousness` (decision 0191), e.g.
   * `case.country == "US" and case.serious`. A distribution without receivers sends to those
   * whose rule picks the case; null = only when chosen by hand.
   */
  rule: Nullable(Type.String()),
  /** Messages to it wait for an assessor's signed approval before they are sent (decision 0193). */
  requiresReview: Type.Boolean(),
  /** How often a message is tried before it is FAILED (1–30; decision 0327). */
  deliveryAttempts: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Receiver = Static<typeof Receiver>;

/** Credentials by the transport's `auth`: `token` (bearer), `username` + `password` (basic), `certificate` + `privateKey` (PEM, client certificate); for AS2, the signing `certificate` + `privateKey`. */
export const ReceiverCredentials = Type.Object(
  {
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
    username: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    certificate: Type.Optional(Type.String({ minLength: 1, maxLength: 20000 })),
    privateKey: Type.Optional(Type.String({ minLength: 1, maxLength: 20000 })),
  },
  { additionalProperties: false },
);

/** The settings a body may carry, each optional (POST: omitted = the default; PUT: omitted = kept). */
const receiverFields = {
  code: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 60 }))),
  batchSender: Type.Optional(Nullable(Identifier)),
  batchReceiver: Type.Optional(Nullable(Identifier)),
  messageSender: Type.Optional(Nullable(Identifier)),
  messageReceiver: Type.Optional(Nullable(Identifier)),
  profile: Type.Optional(E2bProfile),
  maskPersonalData: Type.Optional(Type.Boolean()),
  fdaRoute: Type.Optional(FdaRoute),
  dueDaysSerious: Type.Optional(DueDays),
  dueDaysNonSerious: Type.Optional(DueDays),
  /** Make this the organisation's default receiver (the previous one stops being it); false clears it. */
  isDefault: Type.Optional(Type.Boolean()),
  /** `rule: null` removes the rule. */
  rule: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 4000 }))),
  requiresReview: Type.Optional(Type.Boolean()),
  /** 1 to 30; left out of a POST, the deployment's SUBMISSION_DELIVERY_ATTEMPTS (16: about nine hours). */
  deliveryAttempts: Type.Optional(DeliveryAttempts),
};
const transportFields = {
  url: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 2000 }))),
  auth: Type.Optional(TransportAuth),
  caCertificate: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 20000 }))),
  /** Sent, they replace the stored ones whole; left out, the stored ones are kept while the transport stays the same kind. */
  credentials: Type.Optional(ReceiverCredentials),
};

/** POST /v1/organisation/{id}/receivers: a field left out takes its default. */
export const ReceiverBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    ...receiverFields,
    transport: Type.Optional(
      Type.Object(
        {
          type: TransportType,
          ...transportFields,
          /** Required when `type` is `as2`; the credentials are then Vigilo's signing `certificate` and `privateKey`. */
          as2: Type.Optional(As2SettingsBody),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReceiverBody = Static<typeof ReceiverBody>;

/**
 * PUT /v1/organisation/{id}/receivers/{receiverId}, a merge patch (decision 0202): a field left
 * out keeps its stored value, a field sent replaces it (null clears a nullable one). Inside
 * `transport`, the same while the transport's `type` stays (left out = the same type); another
 * type starts from nothing. Credentials are never answered and are kept, when left out, while
 * the transport stays the same kind (the same type and, for HTTPS, the same `auth`).
 */
export const ReceiverPatchBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
    ...receiverFields,
    transport: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(TransportType),
          ...transportFields,
          as2: Type.Optional(
            Type.Object(
              {
                from: Type.Optional(As2Name),
                to: Type.Optional(As2Name),
                partnerCertificate: Type.Optional(Type.String({ minLength: 1, maxLength: 20000 })),
                encryption: Type.Optional(As2Encryption),
                signing: Type.Optional(As2Signing),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReceiverPatchBody = Static<typeof ReceiverPatchBody>;

export const ReceiverParams = Type.Object({ id: Id, receiverId: Id });

/** GET /v1/receivers: the receivers of the organisations the caller works for. */
export const ReceiverQuery = Type.Object(
  { organisationId: Type.Optional(Id) },
  { additionalProperties: false },
);

export const ReceiverStatus = Type.Union([
  Type.Literal('NOT_SENT'),
  Type.Literal('SENT'),
  Type.Literal('IN_REVIEW'),
  Type.Literal('ACCEPTED'),
  Type.Literal('REJECTED'),
  Type.Literal('FAILED'),
]);
export type ReceiverStatus = Static<typeof ReceiverStatus>;

export const ReviewStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('APPROVED'),
  Type.Literal('REJECTED'),
]);

/** The review's electronic signature (21 CFR 11.50): who signed, when (UTC), what it means. */
export const ReviewSignature = Type.Object({
  signerId: Nullable(Id),
  signerName: Type.String(),
  signedAt: Timestamp,
  meaning: Type.String(),
  /** How the signer proved who they are at signing: their password or an authenticator code. */
  method: Type.Union([Type.Literal('password'), Type.Literal('totp')]),
});

/** What one receiver was sent for a submission, and where it stands. */
export const SubmissionReport = Type.Object({
  id: Id,
  submissionId: Id,
  organisationId: Id,
  reportId: Id,
  receiverId: Id,
  receiverName: Type.String(),
  /** The case's reference (its `reportId` is the case). */
  caseReference: Type.String(),
  /** N.2.r.1 (and N.1.2): unique per receiver; sent as the X-Message-Id header too. */
  messageId: Type.String(),
  profile: E2bProfile,
  masked: Type.Boolean(),
  /** The message passed the receiver's profile; an invalid one is never sent. */
  valid: Type.Boolean(),
  findings: Type.Array(E2bFinding),
  status: ReceiverStatus,
  statusReason: Nullable(Type.String()),
  /**
   * Why it stands where it does, as a code the web app says in the reader's language
   * (decision 0251): not sent because the message is invalid, the receiver has no transport,
   * it waits for an assessor's approval or the assessor rejected it; queued for delivery.
   * Null for a message sent or answered (the status says it).
   */
  reasonCode: Nullable(
    Type.Union([
      Type.Literal('invalid'),
      Type.Literal('no_transport'),
      Type.Literal('awaiting_approval'),
      Type.Literal('approval_rejected'),
      Type.Literal('queued'),
    ]),
  ),
  manuallyProcessedReason: Nullable(Type.String()),
  reviewStatus: ReviewStatus,
  approvalComment: Nullable(Type.String()),
  rejectionComment: Nullable(Type.String()),
  signature: Nullable(ReviewSignature),
  /** It waits for an assessor's signed approval before it is sent (the receiver asked, decision 0193). */
  reviewRequired: Type.Boolean(),
  serious: Type.Boolean(),
  /** The case's day zero (its receipt date) and the receiver's deadline from it. */
  dayZero: Type.String({ format: 'date' }),
  dueDate: Type.String({ format: 'date' }),
  /** Not yet delivered (not sent, failed or rejected) and past its due date. */
  overdue: Type.Boolean(),
  /** Not yet delivered and due within 3 days. */
  dueSoon: Type.Boolean(),
  /** Attempts made since it was last queued (distributed, approved, or sent again). */
  attempts: Type.Integer(),
  /** The receiver's budget: after this many attempts it is FAILED (decision 0327). */
  maxAttempts: Type.Integer(),
  /** When the next attempt is due, after a failed one; null when none is planned. */
  nextAttemptAt: Nullable(Timestamp),
  /** How often staff sent it again after it FAILED (the same message id, the same bytes), and when last. */
  resendCount: Type.Integer(),
  resentAt: Nullable(Timestamp),
  lastError: Nullable(Type.String()),
  httpStatus: Nullable(Type.Integer()),
  ackCode: Nullable(Type.String()),
  ackErrors: Type.Array(Type.String()),
  sentAt: Nullable(Timestamp),
  /** Sent after its due date: by how many calendar days (UTC days, decision 0254); null when on time or not sent. */
  lateByDays: Nullable(Type.Integer({ minimum: 1 })),
  acknowledgedAt: Nullable(Timestamp),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SubmissionReport = Static<typeof SubmissionReport>;

export const Submission = Type.Object({
  id: Id,
  organisationId: Id,
  reportId: Id,
  reportVersion: Type.Integer(),
  createdBy: Nullable(Id),
  createdAt: Timestamp,
  reports: Type.Array(SubmissionReport),
});
export type Submission = Static<typeof Submission>;

/**
 * POST /v1/submissions/distribute: a case to one or more receivers (`resources` = receiver
 * ids); without `resources`, to the receivers whose distribution rule picks the case.
 */
export const DistributeBody = Type.Object(
  {
    reportId: Id,
    resources: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 50, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export type DistributeBody = Static<typeof DistributeBody>;

const listFilters = {
  page: PageNumber,
  size: PageSize,
  status: Type.Optional(ReceiverStatus),
  receiverId: Type.Optional(Id),
  reportId: Type.Optional(Id),
  /** true: only overdue ones; false: only those not overdue. */
  overdue: Type.Optional(Type.Boolean()),
  /** true: only those due within 3 days and not delivered; false: the others. */
  dueSoon: Type.Optional(Type.Boolean()),
  reviewStatus: Type.Optional(ReviewStatus),
  /** The case's reference, or its beginning, any case. */
  reference: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
};
/** GET /v1/submissions and /v1/submissions/reports: overdue first, then newest. */
export const SubmissionListQuery = Type.Object(listFilters, { additionalProperties: false });
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

/** PUT /v1/submissions/reports/{id}/receiver-status: staff set it by hand, saying why. */
export const ReceiverStatusBody = Type.Object(
  {
    status: Type.Union([
      Type.Literal('FAILED'),
      Type.Literal('IN_REVIEW'),
      Type.Literal('REJECTED'),
      Type.Literal('NOT_SENT'),
    ]),
    reason: Type.String({ minLength: 1, maxLength: 1000 }),
  },
  { additionalProperties: false },
);
export type ReceiverStatusBody = Static<typeof ReceiverStatusBody>;

export const ManuallyProcessedBody = Type.Object(
  { manuallyProcessedReason: Type.String({ minLength: 1, maxLength: 2000 }) },
  { additionalProperties: false },
);
export type ManuallyProcessedBody = Static<typeof ManuallyProcessedBody>;

/** GET /v1/reports/anonymised/{submissionReportId}: exactly what the receiver was sent. */
export const SentReport = Type.Object({
  submissionReportId: Id,
  reportId: Id,
  messageId: Type.String(),
  profile: E2bProfile,
  masked: Type.Boolean(),
  /** The case document as written into the message (masked where the receiver asks). */
  report: Type.Record(Type.String(), Type.Unknown()),
  /** The E2B(R3) message, byte for byte. */
  xml: Type.String(),
});

/** GET /v1/users/@me/submission-report-summary: the caller's organisations' submission reports. */
export const SubmissionReportSummary = Type.Object({
  total: Type.Integer(),
  byStatus: Type.Record(Type.String(), Type.Integer()),
  overdue: Type.Integer(),
  dueSoon: Type.Integer(),
});
export type SubmissionReportSummary = Static<typeof SubmissionReportSummary>;

/**
 * PUT /v1/submissions/reports/{id}/review: an assessor approves or rejects, as an electronic
 * signature: `password` or `totpCode` (exactly one) is asked again at signing.
 */
export const ReviewBody = Type.Object(
  {
    reviewStatus: Type.Union([Type.Literal('APPROVED'), Type.Literal('REJECTED')]),
    approvalComment: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    rejectionComment: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    totpCode: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
  },
  { additionalProperties: false },
);
export type ReviewBody = Static<typeof ReviewBody>;

/** GET /v1/submissions/reports/{id}/review */
export const Review = Type.Object({
  reviewStatus: ReviewStatus,
  approvalComment: Nullable(Type.String()),
  rejectionComment: Nullable(Type.String()),
  signature: Nullable(ReviewSignature),
});
export type Review = Static<typeof Review>;

/** POST /v1/submissions/responses: a receiver's acknowledgement (ICH XML), for the caller's organisation or `organisationId`. */
export const ResponseBody = Type.Object(
  {
    ack: Type.String({ minLength: 1 }),
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ResponseBody = Static<typeof ResponseBody>;

/** What became of a posted acknowledgement: kept always; each message it names matched or not. */
export const SubmissionResponse = Type.Object({
  id: Id,
  organisationId: Id,
  /** It could not be read as an ICH acknowledgement: kept, flagged, `problem` says why. */
  malformed: Type.Boolean(),
  /** Every message it names matched a submission report of the organisation. */
  matched: Type.Boolean(),
  problem: Nullable(Type.String()),
  code: Nullable(Type.String()),
  results: Type.Array(
    Type.Object({
      messageId: Type.String(),
      submissionReportId: Nullable(Id),
      status: Nullable(ReceiverStatus),
      errors: Type.Array(Type.String()),
    }),
  ),
  createdAt: Timestamp,
});
export type SubmissionResponse = Static<typeof SubmissionResponse>;

/**
 * GET /v1/submissions/reports/{id}/history: each receiver status the report took, oldest
 * first (decision 0180): when, why, and where from — the distribution, the delivery job, an
 * acknowledgement, or a staff member by hand (named).
 */
export const SubmissionReportStatusChange = Type.Object({
  id: Id,
  status: ReceiverStatus,
  reason: Nullable(Type.String()),
  /**
   * The reason as a code when Vigilo wrote it at distribution (decisions 0251, 0312), for the web
   * app to say in the reader's language; null for a receiver's, a delivery's or a person's words.
   */
  reasonCode: Nullable(
    Type.Union([Type.Literal('invalid'), Type.Literal('no_transport'), Type.Literal('awaiting_approval')]),
  ),
  source: Type.Union([
    Type.Literal('distribution'),
    Type.Literal('delivery'),
    Type.Literal('acknowledgement'),
    Type.Literal('staff'),
    /** The status a report held when the history began (reports sent before it). */
    Type.Literal('before_history'),
  ]),
  changedBy: Nullable(Id),
  changedByName: Nullable(Type.String()),
  at: Timestamp,
});
export type SubmissionReportStatusChange = Static<typeof SubmissionReportStatusChange>;

/** POST /v1/submissions/preview: what distributing the case would send, per receiver (nothing stored). */
export const SubmissionPreviewBody = Type.Object({ reportId: Id }, { additionalProperties: false });
export type SubmissionPreviewBody = Static<typeof SubmissionPreviewBody>;

/** One receiver of the case's organisation, as the submit dialog shows it. */
export const SubmissionPreviewReceiver = Type.Object({
  id: Id,
  name: Type.String(),
  profile: E2bProfile,
  transport: TransportType,
  /** A distribution rule picks this receiver for the case (pre-selected in the submit dialog). */
  picked: Type.Boolean(),
  /** The rule that picked it, in words; null when none did. */
  pickedBy: Nullable(Type.String()),
  /** The message this receiver would get passes its profile (no finding of severity `error`). */
  valid: Type.Boolean(),
  /** In the caller's language, each with the case field it concerns. */
  findings: Type.Array(E2bFinding),
});
export type SubmissionPreviewReceiver = Static<typeof SubmissionPreviewReceiver>;

export const SubmissionPreview = Type.Object({
  reportId: Id,
  organisationId: Id,
  reportVersion: Type.Integer(),
  receivers: Type.Array(SubmissionPreviewReceiver),
});
export type SubmissionPreview = Static<typeof SubmissionPreview>;

/** POST /v1/organisation/{id}/receivers/{receiverId}/test: a synthetic case sent, and the receiver's answer. */
export const ReceiverTestResult = Type.Object({
  /** delivered: the receiver took it (2xx); refused: a 4xx or a redirect; failed: no answer, a time-out, a 5xx. */
  outcome: Type.Union([Type.Literal('delivered'), Type.Literal('refused'), Type.Literal('failed')]),
  messageId: Type.String(),
  httpStatus: Nullable(Type.Integer()),
  /** The receiver's answer, cut to 4,000 characters, or what went wrong, in words. */
  body: Nullable(Type.String()),
  /** The acknowledgement the receiver answered with, if any: CA/CR/AR and its sentences. */
  ack: Nullable(
    Type.Object({
      code: Type.String(),
      accepted: Type.Boolean(),
      errors: Type.Array(Type.String()),
    }),
  ),
  /** The test message passed the receiver's profile (it is sent either way: a receiver's own check is the point). */
  valid: Type.Boolean(),
  findings: Type.Array(E2bFinding),
});
export type ReceiverTestResult = Static<typeof ReceiverTestResult>;

/** GET /v1/submissions/responses: the acknowledgements kept, newest first; `matched=false` lists those to look at. */
export const SubmissionResponseQuery = Type.Object(
  {
    page: PageNumber,
    size: PageSize,
    /** false: those naming a message Vigilo did not send for the organisation, or none (malformed ones too). */
    matched: Type.Optional(Type.Boolean()),
    /** true: those that could not be read as an ICH acknowledgement. */
    malformed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SubmissionResponseQuery = Static<typeof SubmissionResponseQuery>;

const storedResponse = {
  id: Id,
  organisationId: Id,
  matched: Type.Boolean(),
  malformed: Type.Boolean(),
  /** Why it is flagged, in words (null when it matched). */
  problem: Nullable(Type.String()),
  /** The acknowledgement code (ACK.A.4: AA, AE, AR), when it could be read. */
  code: Nullable(Type.String()),
  /** The message ids it names (ACK.B.r.1). */
  messageIds: Type.Array(Type.String()),
  /** The submission report it matched, when it names exactly one. */
  submissionReportId: Nullable(Id),
  /** Who posted it (null: a gateway with the organisation's API key, or a receiver by AS2). */
  createdBy: Nullable(Id),
  createdAt: Timestamp,
  /** How it came (decision 0196): posted to the API, or by AS2 from a receiver's gateway. */
  via: Type.Union([Type.Literal('api'), Type.Literal('as2')]),
  /** An E2B acknowledgement, an AS2 receipt (MDN), or something else kept as it came (a gateway's text receipt). */
  kind: Type.Union([Type.Literal('acknowledgement'), Type.Literal('mdn'), Type.Literal('other')]),
  /** The receiver it came from by AS2 (null when posted, or when the receiver was removed since). */
  receiverId: Nullable(Id),
  receiverName: Nullable(Type.String()),
  /** The AS2 Message-ID it came under. */
  as2MessageId: Nullable(Type.String()),
  /** The MIME type of what came by AS2 (null when posted as XML). */
  contentType: Nullable(Type.String()),
};
/** A kept acknowledgement, as lists show it. */
export const StoredSubmissionResponse = Type.Object(storedResponse);
export type StoredSubmissionResponse = Static<typeof StoredSubmissionResponse>;
/** GET /v1/submissions/responses/{id}: one kept acknowledgement with the XML exactly as it was posted. */
export const StoredSubmissionResponseDetail = Type.Object({ ...storedResponse, xml: Type.String() });
export type StoredSubmissionResponseDetail = Static<typeof StoredSubmissionResponseDetail>;
