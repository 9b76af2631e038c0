import { type Static, Type } from 'typebox';
import { CaseSectionsDEFH } from './case-document-clinical.ts';
import {
  attachment,
  bool,
  COUNTRY,
  code,
  codeLike,
  date,
  list,
  MASKABLE,
  NullFlavour,
  obj,
  PERSON_NULLS,
  text,
  UNKNOWNS,
} from './case-document-fields.ts';

/**
 * The case document: one JSON document per report version, shaped after the ICH E2B(R3)
 * sections C (identification, primary sources, sender, literature, study), D (patient and
 * parent), E (reactions), F (tests), G (drugs) and H (narrative) so that E2B export is a
 * mapping, not a rewrite (decision 0040). Every field carries its E2B(R3) data element id in
 * the schema keyword `e2b` (regional FDA elements keep their `FDA.` prefix); forms read the
 * same ids. Coded fields hold the E2B code itself (for example C.1.3 "1" = spontaneous);
 * dates are partial ISO dates; "unknown" is a null flavour object, never an empty string.
 */

const PrimarySource = obj({
  title: text('C.2.r.1.1', 50, MASKABLE),
  givenName: text('C.2.r.1.2', 60, PERSON_NULLS),
  middleName: text('C.2.r.1.3', 60, PERSON_NULLS),
  familyName: text('C.2.r.1.4', 60, PERSON_NULLS),
  organisation: text('C.2.r.2.1', 60, PERSON_NULLS),
  department: text('C.2.r.2.2', 60, PERSON_NULLS),
  street: text('C.2.r.2.3', 100, PERSON_NULLS),
  /** A second `streetAddressLine` of C.2.r.2.3, as a message may give one. */
  streetLine2: text('C.2.r.2.3', 100),
  city: text('C.2.r.2.4', 35, PERSON_NULLS),
  state: text('C.2.r.2.5', 40, PERSON_NULLS),
  postcode: text('C.2.r.2.6', 15, PERSON_NULLS),
  telephone: text('C.2.r.2.7', 33, PERSON_NULLS),
  email: text('FDA.C.2.r.2.8', 100, PERSON_NULLS),
  country: codeLike('C.2.r.3', COUNTRY, MASKABLE),
  qualification: code('C.2.r.4', ['1', '2', '3', '4', '5'], ['UNK']),
  primaryForRegulatoryPurposes: code('C.2.r.5', ['1']),
});

const Sender = obj({
  type: code('C.3.1', ['1', '2', '3', '4', '5', '6']),
  organisation: text('C.3.2', 100),
  department: text('C.3.3.1', 60),
  title: text('C.3.3.2', 50),
  givenName: text('C.3.3.3', 60),
  middleName: text('C.3.3.4', 60),
  familyName: text('C.3.3.5', 60),
  street: text('C.3.4.1', 100),
  /** A second `streetAddressLine` of C.3.4.1. */
  streetLine2: text('C.3.4.1', 100),
  city: text('C.3.4.2', 35),
  state: text('C.3.4.3', 40),
  postcode: text('C.3.4.4', 15),
  country: codeLike('C.3.4.5', COUNTRY),
  telephone: text('C.3.4.6', 33),
  fax: text('C.3.4.7', 33),
  email: text('C.3.4.8', 100),
});

const Study = obj({
  registrations: list(
    'C.5.1.r',
    obj({ number: text('C.5.1.r.1', 50, UNKNOWNS), country: codeLike('C.5.1.r.2', COUNTRY, UNKNOWNS) }),
  ),
  name: text('C.5.2', 2000, UNKNOWNS),
  sponsorStudyNumber: text('C.5.3', 50, UNKNOWNS),
  studyType: code('C.5.4', ['1', '2', '3', '4']),
  fdaIndNumber: text('FDA.C.5.5a', 10),
  fdaPreAndaNumber: text('FDA.C.5.5b', 10),
  // FDA asks for the null flavour NA when an IND study report has no other cross-reported IND (R0026).
  fdaCrossReportedInds: list(
    'FDA.C.5.6.r',
    Type.Union([Type.String({ e2b: 'FDA.C.5.6.r', minLength: 1, maxLength: 10 }), NullFlavour(['NA'])]),
  ),
});

export const CaseSectionC = obj(
  {
    senderSafetyReportId: text('C.1.1', 100),
    creationDate: date('C.1.2'),
    reportType: code('C.1.3', ['1', '2', '3', '4']),
    firstReceivedDate: date('C.1.4'),
    mostRecentInformationDate: date('C.1.5'),
    additionalDocumentsAvailable: bool('C.1.6.1'),
    documentsHeldBySender: list(
      'C.1.6.1.r',
      obj({ title: text('C.1.6.1.r.1', 2000), document: attachment('C.1.6.1.r.2') }),
    ),
    fulfilsLocalExpeditedCriteria: bool('C.1.7', ['NI']),
    fdaLocalCriteriaReportType: code('FDA.C.1.7.1', ['1', '2', '4', '5', '6']),
    worldwideUniqueId: text('C.1.8.1', 100),
    firstSender: code('C.1.8.2', ['1', '2']),
    otherCaseIdentifiersInPreviousTransmissions: Type.Optional(
      Type.Union([Type.Literal(true, { e2b: 'C.1.9.1' }), NullFlavour(['NI'])]),
    ),
    otherCaseIdentifiers: list(
      'C.1.9.1.r',
      obj({ source: text('C.1.9.1.r.1', 100), caseId: text('C.1.9.1.r.2', 100) }),
    ),
    linkedReportIds: list('C.1.10.r', Type.String({ e2b: 'C.1.10.r', minLength: 1, maxLength: 100 })),
    nullificationOrAmendment: code('C.1.11.1', ['1', '2']),
    nullificationOrAmendmentReason: text('C.1.11.2', 2000),
    fdaCombinationProductReport: bool('FDA.C.1.12', ['NI']),
    primarySources: list('C.2.r', PrimarySource),
    sender: Type.Optional(Sender),
    literature: list(
      'C.4.r',
      obj({ reference: text('C.4.r.1', 500, UNKNOWNS), document: attachment('C.4.r.2') }),
    ),
    study: Type.Optional(Study),
  },
  'C',
);

export const CaseDocument = Type.Object(
  {
    /** The version of this document's shape; bumped when a field changes meaning. */
    schemaVersion: Type.Literal(1),
    C: CaseSectionC,
    ...CaseSectionsDEFH,
  },
  { additionalProperties: false, $id: 'CaseDocument' },
);
export type CaseDocument = Static<typeof CaseDocument>;
