import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';

/**
 * E2B(R3) on a report (issue 14): the case document as ICH XML and back, validation
 * findings, import of E2B files, and acknowledgements (ENDPOINTS.md sections 4 and 5).
 */

/** The validation profiles of the E2B library: ICH alone, or ICH and a regulator's rules. */
export const E2bProfile = Type.Union([Type.Literal('ich'), Type.Literal('fda'), Type.Literal('eu')]);
export type E2bProfile = Static<typeof E2bProfile>;

export const E2bProfileQuery = Type.Object(
  { profile: Type.Optional(E2bProfile) },
  { additionalProperties: false },
);

/** POST /v1/reports/json2xml: the case document as POST /v1/report takes it (`report`). */
export const Json2XmlBody = Type.Object(
  {
    report: Type.Record(Type.String(), Type.Unknown()),
    /** The sending organisation (N.1.3, N.2.r.2); the session's when left out. */
    organisationId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type Json2XmlBody = Static<typeof Json2XmlBody>;

/** PUT /v1/report/{id}/xml: an E2B(R3) message holding this one case. */
export const ReportXmlBody = Type.Object(
  { reportXML: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type ReportXmlBody = Static<typeof ReportXmlBody>;

/** One finding of the E2B validation: the element, the rule, a sentence, the case-document field. */
export const E2bFinding = Type.Object({
  layer: Type.Union([Type.Literal('xsd'), Type.Literal('ich'), Type.Literal('profile')]),
  severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
  /** An FDA rule id (R0009), an ICH rule name (ICH-REQUIRED) or XSD. */
  rule: Type.String(),
  /** Every rule the finding stands for, when an ICH rule and the receiver's say the same (`rule` is the first). */
  rules: Type.Optional(Type.Array(Type.String())),
  /** E2B data element id, e.g. `C.2.r.3`. */
  dataElement: Type.Optional(Type.String()),
  /** XPath of the element in the message (`[r]` stands for the repeat). */
  xpath: Type.Optional(Type.String()),
  /** Where the case document holds it, e.g. `C.primarySources[0].country`. */
  casePath: Type.Optional(Type.String()),
  /** The same place as a form field path (`report/C/primarySources/0/country`), for linking. */
  field: Type.Optional(Type.String()),
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
});
export type E2bFinding = Static<typeof E2bFinding>;

/** GET /v1/report/{id}/xml/validation. */
export const E2bValidation = Type.Object({
  id: Id,
  profile: E2bProfile,
  /** No finding of severity `error`. */
  valid: Type.Boolean(),
  findings: Type.Array(E2bFinding),
});
export type E2bValidation = Static<typeof E2bValidation>;

/** Something a message held that has no place in the case document, kept verbatim. */
export const E2bUnmapped = Type.Object({
  xpath: Type.String(),
  content: Type.String(),
  line: Type.Integer(),
});

/** POST /v1/report/load: what became of each case of the file. */
export const E2bImportResult = Type.Object({
  /** The cases stored, one report each (source "XML import"). */
  created: Type.Array(
    Type.Object({
      /** Position of the case in the file (0-based). */
      index: Type.Integer(),
      id: Id,
      reference: Type.String(),
      /** C.1.1 of the case, when it has one. */
      senderSafetyReportId: Type.Union([Type.String(), Type.Null()]),
      /** What the case held that has no place in the case document (kept with the version's import record). */
      unmapped: Type.Array(E2bUnmapped),
      /** ICH conformance findings of the stored case (stored all the same). */
      findings: Type.Array(E2bFinding),
    }),
  ),
  /** The cases not stored, each with why. */
  failed: Type.Array(
    Type.Object({
      index: Type.Integer(),
      senderSafetyReportId: Type.Union([Type.String(), Type.Null()]),
      message: Type.String(),
      fields: Type.Array(
        Type.Object({
          field: Type.String(),
          message: Type.String(),
          reason: Type.Optional(Type.String()),
        }),
      ),
    }),
  ),
  /** What the batch wrapper held outside its messages that has no place in a report. */
  unmapped: Type.Array(E2bUnmapped),
});
export type E2bImportResult = Static<typeof E2bImportResult>;

const text = (max: number) => Type.String({ minLength: 1, maxLength: max });

/** ACK.B.r: the acknowledgement of one report of a batch. */
export const AckReport = Type.Object(
  {
    icsrMessageNumber: Type.Optional(text(100)),
    localReportNumber: Type.Optional(text(100)),
    receiver: Type.Optional(text(60)),
    sender: Type.Optional(text(60)),
    icsrMessageCreationTime: Type.Optional(text(40)),
    creationTime: Type.Optional(text(40)),
    code: Type.Union([Type.Literal('CA'), Type.Literal('CR')]),
    detail: Type.Optional(text(250_000)),
    /** Read back only: `detail` split on ";" (receivers pack several errors in it). */
    messages: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);

/** An ICH acknowledgement (MCCI_IN200101UV01) as JSON (decision 0043; spec C-7 `ackJSON`). */
export const AckJson = Type.Object(
  {
    batchNumber: text(100),
    batchSender: text(60),
    batchReceiver: text(60),
    transmissionTime: text(40),
    icsrBatchNumber: Type.Optional(
      Type.Union([
        text(100),
        Type.Object({ nullFlavor: Type.Literal('NI') }, { additionalProperties: false }),
      ]),
    ),
    localMessageNumber: Type.Optional(text(100)),
    icsrBatchTransmissionTime: Type.Optional(text(40)),
    code: Type.Union([Type.Literal('AA'), Type.Literal('AE'), Type.Literal('AR')]),
    batchError: Type.Optional(text(250_000)),
    reports: Type.Array(AckReport, { maxItems: 10_000 }),
  },
  { additionalProperties: false },
);
export type AckJson = Static<typeof AckJson>;

/** `received`: a receiver's answer to a report Vigilo sent; `sent`: Vigilo's answer to a report it received. */
export const AcknowledgementStatus = Type.Union([Type.Literal('received'), Type.Literal('sent')]);

/** POST /v1/acknowledgements: `ack` (the XML) or `ackJSON`, exactly one. */
export const AcknowledgementBody = Type.Object(
  {
    reportId: Id,
    ack: Type.Optional(Type.String({ minLength: 1 })),
    ackJSON: Type.Optional(AckJson),
    /** The schema the acknowledgement follows; only ICH's `MCCI_IN200101UV01` is known. */
    formSchema: Type.Optional(Type.Literal('MCCI_IN200101UV01')),
    status: Type.Optional(AcknowledgementStatus),
    /**
     * Record it against this case although it names no message of the case (decision 0252):
     * without it such an acknowledgement answers 409 ACK_OTHER_MESSAGE and nothing is stored.
     */
    confirm: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AcknowledgementBody = Static<typeof AcknowledgementBody>;

/** POST /v1/acknowledgements/json2xml. */
export const AckToXmlBody = Type.Object(
  {
    ack: Type.Optional(Type.String({ minLength: 1 })),
    ackJSON: Type.Optional(AckJson),
    formSchema: Type.Optional(Type.Literal('MCCI_IN200101UV01')),
  },
  { additionalProperties: false },
);
export type AckToXmlBody = Static<typeof AckToXmlBody>;

export const Acknowledgement = Type.Object({
  id: Id,
  reportId: Id,
  platformId: Id,
  organisationId: Id,
  status: AcknowledgementStatus,
  formSchema: Type.String(),
  /** ACK.A.4: AA, AE or AR. */
  code: Type.String(),
  /** ACK.B.r.6 of the part that names this report (C.1.1 = ACK.B.r.1), when one does. */
  reportCode: Type.Union([Type.String(), Type.Null()]),
  ackJSON: AckJson,
  /** A short-lived link to the XML that a browser opens without credentials (G-7). */
  xmlUrl: Type.String(),
  createdBy: Type.Union([Id, Type.Null()]),
  createdAt: Timestamp,
});
export type Acknowledgement = Static<typeof Acknowledgement>;

/** GET /v1/acknowledgements/xml: ids separated by commas, and the link's signature. */
export const AckXmlQuery = Type.Object({
  ids: Type.String({ minLength: 36, maxLength: 3_800, pattern: '^[0-9a-fA-F-]{36}(,[0-9a-fA-F-]{36})*$' }),
  exp: Type.Optional(Type.String({ maxLength: 20 })),
  kid: Type.Optional(Type.String({ maxLength: 100 })),
  sig: Type.Optional(Type.String({ maxLength: 200 })),
});

/** POST /v1/acknowledgements/xml-url. */
export const AckXmlUrlBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);

export const ReportIdParams = Type.Object({ reportId: Id });
