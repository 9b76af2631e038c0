import { attrOf, bound, type ElSpec, each, el, meddraOf, textOf } from '../dsl.ts';
import { device, edValue, ii, OBS, OID, obsCode, ROOT, ts, value } from './common.ts';
import { sectionCHead, sectionCTail } from './section-c.ts';
import { patientHead } from './section-d.ts';
import { reactions, tests } from './section-e-f.ts';
import { assessments, drugs } from './section-g.ts';

/**
 * The whole `PORR_IN049016UV` message for one (flattened) case, and the batch around it.
 * Context paths start at the flattened document (see flatten.ts); `N` holds the headers.
 */

const commentSource = (code: string) =>
  el(
    'author',
    { typeCode: 'AUT' },
    [el('assignedEntity', { classCode: 'ASSIGNED' }, [obsCode(code, OID.commentSource)], { isKey: true })],
    {
      isKey: true,
    },
  );

/** `component1/observationEvent` of the assessment: comments (code 10) and diagnoses (15). */
const assessmentEvent = (code: string, author: string, val: ElSpec) =>
  el('component1', { typeCode: 'COMP' }, [
    el('observationEvent', OBS, [obsCode(code), val, commentSource(author)], { isKey: true }),
  ]);

const adverseEventAssessment = el('component', { typeCode: 'COMP' }, [
  el(
    'adverseEventAssessment',
    { classCode: 'INVSTG', moodCode: 'EVN' },
    [
      el('subject1', { typeCode: 'SBJ' }, [
        el('primaryRole', { classCode: 'INVSBJ' }, [...patientHead, reactions, tests, drugs]),
      ]),
      ...assessments,
      assessmentEvent('10', '3', edValue('H.reporterComments', 'H.2')),
      each(
        'H.senderDiagnoses',
        assessmentEvent('15', '1', value('CE', meddraOf('term', 'H.3.r.1'), { codeSystem: OID.meddra })),
      ),
      assessmentEvent('10', '1', edValue('H.senderComments', 'H.4')),
    ],
    { isKey: true },
  ),
]);

const nativeSummary = each(
  'H.nativeSummaries',
  el('component', { typeCode: 'COMP' }, [
    el(
      'observationEvent',
      OBS,
      [
        obsCode('36'),
        bound('value', { 'xsi:type': 'ED' }, [
          textOf('text', 'H.5.r.1a'),
          attrOf('language', 'language', 'H.5.r.1b'),
        ]),
        commentSource('2'),
      ],
      { isKey: true },
    ),
  ]),
);

export const messageSpec = el('PORR_IN049016UV', {}, [
  ii(ROOT.messageId, 'N.messageId', 'N.2.r.1'),
  ts('creationTime', 'N.messageCreationTime', 'N.2.r.4'),
  el('interactionId', { extension: 'PORR_IN049016UV', root: OID.hl7Interaction }),
  bound('processingCode', {}, attrOf('code', 'N.processingCode', 'N.2.r')),
  bound('processingModeCode', {}, attrOf('code', 'N.processingModeCode', 'N.2.r')),
  bound('acceptAckCode', {}, attrOf('code', 'N.acceptAckCode', 'N.2.r')),
  device('receiver', ROOT.messageReceiver, 'N.messageReceiver', 'N.2.r.3'),
  device('sender', ROOT.messageSender, 'N.messageSender', 'N.2.r.2'),
  el('controlActProcess', { classCode: 'CACT', moodCode: 'EVN' }, [
    el('code', { code: 'PORR_TE049016UV', codeSystem: OID.hl7Trigger }),
    ts('effectiveTime', 'C.creationDate', 'C.1.2'),
    el('subject', { typeCode: 'SUBJ' }, [
      el('investigationEvent', { classCode: 'INVSTG', moodCode: 'EVN' }, [
        ...sectionCHead,
        adverseEventAssessment,
        nativeSummary,
        ...sectionCTail,
      ]),
    ]),
  ]),
]);

/** The batch wrapper; its messages are written by the exporter between `name` and `receiver`. */
export const batchHead = [
  ii(ROOT.batchNumber, 'batchNumber', 'N.1.2'),
  ts('creationTime', 'transmissionTime', 'N.1.5'),
  el('responseModeCode', { code: 'D' }),
  el('interactionId', { extension: 'MCCI_IN200100UV01', root: OID.hl7Interaction }),
  el('name', { codeSystem: OID.typesOfMessage }, [], { bind: attrOf('code', 'messageType', 'N.1.1') }),
];
export const batchTail = [
  device('receiver', ROOT.batchReceiver, 'batchReceiver', 'N.1.4'),
  device('sender', ROOT.batchSender, 'batchSender', 'N.1.3'),
];

/** The whole batch: wrapper, one message per (flattened) case under `messages`, wrapper end. */
export const batchSpec = el('MCCI_IN200100UV01', { ITSVersion: 'XML_1.0' }, [
  ...batchHead,
  each('messages', messageSpec),
  ...batchTail,
]);
