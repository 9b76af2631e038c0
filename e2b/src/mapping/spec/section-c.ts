import { attrOf, blOf, bound, type ElSpec, each, el, telecomOf, textOf, tsOf } from '../dsl.ts';
import {
  blValue,
  ceValue,
  countryCode,
  edDocument,
  ii,
  OBS,
  OID,
  obsCode,
  organisation,
  postalAddress,
  ROOT,
  txt,
  under,
  value,
} from './common.ts';

/** Section C as it sits inside `investigationEvent`: see the data-element table, rows C.*. */

const CACT = { classCode: 'CACT', moodCode: 'EVN' } as const;
const PSN = { classCode: 'PSN', determinerCode: 'INSTANCE' } as const;
const INV = { classCode: 'INVSTG', moodCode: 'EVN' } as const;
const keyed = (spec: ElSpec): ElSpec => ({ ...spec, isKey: true });

const personName = (p: string, ids: [string, string, string, string]) =>
  el('name', {}, [
    txt('prefix', under(p, 'title'), ids[0]),
    txt('given', under(p, 'givenName'), ids[1]),
    txt('given', under(p, 'middleName'), ids[2]),
    txt('family', under(p, 'familyName'), ids[3]),
  ]);

const telecom = (scheme: string, path: string, id: string) =>
  el('telecom', {}, [], {
    keyTest: (n) => n.attrs.value?.startsWith(scheme) ?? false,
    bind: telecomOf(scheme, path, id),
  });

const located = (path: string, id: string) =>
  el('asLocatedEntity', { classCode: 'LOCE' }, [
    el('location', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, [countryCode(path, id)]),
  ]);

/** `reference/document` for C.1.6.1.r (code 1) and C.4.r (code 2). */
const documentRef = (code: '1' | '2', path: string, children: ReturnType<typeof txt>[]) =>
  each(
    path,
    el('reference', { typeCode: 'REFR' }, [
      el('document', { classCode: 'DOC', moodCode: 'EVN' }, [obsCode(code, OID.document), ...children], {
        isKey: true,
      }),
    ]),
  );

const primarySource = el('outboundRelationship', { typeCode: 'SPRT' }, [
  bound('priorityNumber', {}, attrOf('value', 'primaryForRegulatoryPurposes', 'C.2.r.5')),
  el(
    'relatedInvestigation',
    INV,
    [
      obsCode('2', OID.relatedInvestigation),
      el('subjectOf2', { typeCode: 'SUBJ' }, [
        el('controlActEvent', CACT, [
          el('author', { typeCode: 'AUT' }, [
            el('assignedEntity', { classCode: 'ASSIGNED' }, [
              postalAddress('', ['C.2.r.2.3', 'C.2.r.2.4', 'C.2.r.2.5', 'C.2.r.2.6']),
              telecom('tel:', 'telephone', 'C.2.r.2.7'),
              telecom('mailto:', 'email', 'FDA.C.2.r.2.8'),
              el('assignedPerson', PSN, [
                personName('', ['C.2.r.1.1', 'C.2.r.1.2', 'C.2.r.1.3', 'C.2.r.1.4']),
                el('asQualifiedEntity', { classCode: 'QUAL' }, [
                  bound(
                    'code',
                    { codeSystem: OID.qualification },
                    attrOf('code', 'qualification', 'C.2.r.4'),
                  ),
                ]),
                located('country', 'C.2.r.3'),
              ]),
              organisation('', 'C.2.r.2.2', 'C.2.r.2.1'),
            ]),
          ]),
        ]),
      ]),
    ],
    { isKey: true },
  ),
]);

const firstSender = el('outboundRelationship', { typeCode: 'SPRT' }, [
  el(
    'relatedInvestigation',
    INV,
    [
      obsCode('1', OID.relatedInvestigation),
      el('subjectOf2', { typeCode: 'SUBJ' }, [
        el('controlActEvent', CACT, [
          el('author', { typeCode: 'AUT' }, [
            el('assignedEntity', { classCode: 'ASSIGNED' }, [
              bound('code', { codeSystem: OID.firstSender }, attrOf('code', 'C.firstSender', 'C.1.8.2')),
            ]),
          ]),
        ]),
      ]),
    ],
    { isKey: true },
  ),
]);

const linkedReport = each(
  'C.linkedReportIds',
  el('outboundRelationship', { typeCode: 'SPRT' }, [
    el(
      'relatedInvestigation',
      INV,
      [
        el('code', {}, [], { key: { nullFlavor: 'NA' }, isKey: true }),
        el('subjectOf2', { typeCode: 'SUBJ' }, [
          el('controlActEvent', CACT, [ii(ROOT.worldwideId, '.', 'C.1.10.r')]),
        ]),
      ],
      { isKey: true },
    ),
  ]),
);

const sender = el('subjectOf1', { typeCode: 'SUBJ' }, [
  keyed(
    el('controlActEvent', CACT, [
      keyed(
        el('author', { typeCode: 'AUT' }, [
          keyed(
            el('assignedEntity', { classCode: 'ASSIGNED' }, [
              el('code', {}, [], {
                key: { codeSystem: OID.senderType },
                isKey: true,
                bind: attrOf('code', 'C.sender.type', 'C.3.1'),
              }),
              postalAddress('C.sender', ['C.3.4.1', 'C.3.4.2', 'C.3.4.3', 'C.3.4.4']),
              telecom('tel:', 'C.sender.telephone', 'C.3.4.6'),
              telecom('fax:', 'C.sender.fax', 'C.3.4.7'),
              telecom('mailto:', 'C.sender.email', 'C.3.4.8'),
              el('assignedPerson', PSN, [
                personName('C.sender', ['C.3.3.2', 'C.3.3.3', 'C.3.3.4', 'C.3.3.5']),
                located('C.sender.country', 'C.3.4.5'),
              ]),
              organisation('C.sender', 'C.3.3.1', 'C.3.2'),
            ]),
          ),
        ]),
      ),
    ]),
  ),
]);

const otherCaseIdentifier = each(
  'C.otherCaseIdentifiers',
  el('subjectOf1', { typeCode: 'SUBJ' }, [
    keyed(
      el('controlActEvent', CACT, [
        el('id', {}, [], {
          isKey: true,
          key: { root: ROOT.otherCaseId },
          bind: [
            attrOf('assigningAuthorityName', 'source', 'C.1.9.1.r.1'),
            attrOf('extension', 'caseId', 'C.1.9.1.r.2'),
          ],
        }),
      ]),
    ),
  ]),
);

const characteristic = (code: string, val: ElSpec) =>
  el('subjectOf2', { typeCode: 'SUBJ' }, [
    el('investigationCharacteristic', OBS, [obsCode(code, OID.investigationCharacteristic), val], {
      isKey: true,
    }),
  ]);

const observationEvent = (code: string, codeSystem: string, val: ElSpec) =>
  el('component', { typeCode: 'COMP' }, [
    el('observationEvent', OBS, [obsCode(code, codeSystem), val], { isKey: true }),
  ]);

/** Children of `investigationEvent` before the adverse event assessment (in schema order). */
export const sectionCHead = [
  // The schema requires an id before `code`: without C.1.1 the id is written bare (its root
  // alone), so that the message stays schema-valid and conformance names what is missing.
  { ...ii(ROOT.caseId, 'C.senderSafetyReportId', 'C.1.1'), required: true },
  ii(ROOT.worldwideId, 'C.worldwideUniqueId', 'C.1.8.1'),
  el('code', { code: 'PAT_ADV_EVNT', codeSystem: OID.actCode }),
  bound('text', {}, [textOf('H.narrative', 'H.1'), attrOf('mediaType', 'H.narrativeMediaType', 'H.1')]),
  el('statusCode', { code: 'active' }),
  el('effectiveTime', {}, [bound('low', {}, tsOf('C.firstReceivedDate', 'C.1.4'))]),
  bound('availabilityTime', {}, tsOf('C.mostRecentInformationDate', 'C.1.5')),
  documentRef('1', 'C.documentsHeldBySender', [
    txt('title', 'title', 'C.1.6.1.r.1'),
    edDocument('document', 'C.1.6.1.r.2'),
  ]),
  documentRef('2', 'C.literature', [
    edDocument('document', 'C.4.r.2'),
    txt('bibliographicDesignationText', 'reference', 'C.4.r.1'),
  ]),
];

/** Children of `investigationEvent` after the adverse event assessment. */
export const sectionCTail = [
  observationEvent('1', OID.obsCode, blValue('C.additionalDocumentsAvailable', 'C.1.6.1')),
  observationEvent('23', OID.obsCode, blValue('C.fulfilsLocalExpeditedCriteria', 'C.1.7')),
  observationEvent(
    'C54588',
    OID.nciThesaurus,
    ceValue(OID.fdaLocalReportType, 'C.fdaLocalCriteriaReportType', 'FDA.C.1.7.1'),
  ),
  observationEvent('C156384', OID.nciThesaurus, blValue('C.fdaCombinationProductReport', 'FDA.C.1.12')),
  firstSender,
  linkedReport,
  each('C.primarySources', primarySource),
  sender,
  otherCaseIdentifier,
  characteristic('1', ceValue(OID.reportType, 'C.reportType', 'C.1.3')),
  characteristic('2', value('BL', blOf('C.otherCaseIdentifiersInPreviousTransmissions', 'C.1.9.1'))),
  characteristic('3', ceValue(OID.nullification, 'C.nullificationOrAmendment', 'C.1.11.1')),
  characteristic(
    '4',
    el('value', { 'xsi:type': 'CE' }, [txt('originalText', 'C.nullificationOrAmendmentReason', 'C.1.11.2')]),
  ),
];
