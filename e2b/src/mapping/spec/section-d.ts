import { attrOf, bound, each, el, meddraOf, type Spec, termOf, tsOf } from '../dsl.ts';
import {
  blValue,
  ceValue,
  countryCode,
  edValue,
  ii,
  OID,
  obsCode,
  pqValue,
  ROOT,
  ts,
  txt,
  under,
  value,
  wrappedObs,
} from './common.ts';
import { phpidCode } from './devices.ts';

/** Section D (patient and parent) and the study (C.5), inside `primaryRole`. */

const CATEGORY = { classCode: 'CATEGORY', moodCode: 'EVN' } as const;
const KIND = { classCode: 'MMAT', determinerCode: 'KIND' } as const;
const SBADM = { classCode: 'SBADM', moodCode: 'EVN' } as const;

/** `subjectOf2/organizer` of one category (1 history, 2 drug history, 3 tests, 4 drugs). */
export const organizer = (category: string, components: (Spec | false)[]) =>
  el('subjectOf2', { typeCode: 'SBJ' }, [
    el('organizer', CATEGORY, [obsCode(category, OID.organizerCategory), ...components], { isKey: true }),
  ]);

const interval = (lowPath: string, lowId: string, highPath: string, highId: string) =>
  el('effectiveTime', { 'xsi:type': 'IVL_TS' }, [ts('low', lowPath, lowId), ts('high', highPath, highId)]);

const medicalHistory = (p: 'D.7' | 'D.10.7', path: string) =>
  each(
    path,
    el('component', { typeCode: 'COMP' }, [
      el(
        'observation',
        { classCode: 'OBS', moodCode: 'EVN' },
        [
          el('code', {}, [], {
            key: { codeSystem: OID.meddra },
            isKey: true,
            bind: meddraOf('condition', `${p}.1.r.1`),
          }),
          interval('startDate', `${p}.1.r.2`, 'endDate', `${p}.1.r.4`),
          wrappedObs('outboundRelationship2', 'COMP', '10', [edValue('comments', `${p}.1.r.5`)]),
          p === 'D.7' &&
            wrappedObs('outboundRelationship2', 'EXPL', '38', [blValue('familyHistory', 'D.7.1.r.6')]),
          wrappedObs('inboundRelationship', 'REFR', '13', [blValue('continuing', `${p}.1.r.3`)]),
        ],
        { isKey: true },
      ),
    ]),
  );

const historyOrganizer = (p: 'D.7' | 'D.10.7', base: string) =>
  organizer('1', [
    medicalHistory(p, `${base}.medicalHistory`),
    wrappedObs('component', 'COMP', '18', [edValue(`${base}.medicalHistoryText`, `${p}.2`)]),
    p === 'D.7' && wrappedObs('component', 'COMP', '11', [blValue('D.concomitantTherapies', 'D.7.3')]),
  ]);

const drugHistoryOrganizer = (p: 'D.8' | 'D.10.8', base: string) =>
  organizer('2', [
    each(
      `${base}.pastDrugs`,
      el('component', { typeCode: 'COMP' }, [
        el(
          'substanceAdministration',
          SBADM,
          [
            interval('startDate', `${p}.r.4`, 'endDate', `${p}.r.5`),
            el('consumable', { typeCode: 'CSM' }, [
              el('instanceOfKind', { classCode: 'INST' }, [
                el('kindOfProduct', KIND, [
                  phpidCode('phpid', `${p}.r.3`),
                  bound('code', {}, termOf('mpid', `${p}.r.2`, OID.mpid)),
                  txt('name', 'name', `${p}.r.1`),
                ]),
              ]),
            ]),
            wrappedObs('outboundRelationship2', 'RSON', '19', [
              value('CE', meddraOf('indication', `${p}.r.6`), { codeSystem: OID.meddra }),
            ]),
            wrappedObs('outboundRelationship2', 'CAUS', '29', [
              value('CE', meddraOf('reaction', `${p}.r.7`), { codeSystem: OID.meddra }),
            ]),
          ],
          { isKey: true },
        ),
      ]),
    ),
  ]);

/** Observations on a person: age (3), last menstrual period (22), weight (7), height (17). */
const personObservations = (
  base: string,
  ids: { age: string; lmp: string; weight: string; height: string },
) => [
  wrappedObs('subjectOf2', 'SBJ', '3', [pqValue(under(base, 'age'), ids.age)]),
  wrappedObs('subjectOf2', 'SBJ', '22', [value('TS', tsOf(under(base, 'lastMenstrualPeriodDate'), ids.lmp))]),
  wrappedObs('subjectOf2', 'SBJ', '7', [
    value('PQ', attrOf('value', under(base, 'weightKg'), ids.weight), { unit: 'kg' }),
  ]),
  wrappedObs('subjectOf2', 'SBJ', '17', [
    value('PQ', attrOf('value', under(base, 'heightCm'), ids.height), { unit: 'cm' }),
  ]),
];

const identified = (code: string, root: string, path: string, id: string) =>
  el('asIdentifiedEntity', { classCode: 'IDENT' }, [
    ii(root, path, id),
    obsCode(code, OID.medicalRecordSource),
  ]);

const parentRole = el('role', { classCode: 'PRS' }, [
  el('code', { code: 'PRN', codeSystem: OID.roleCode }),
  el(
    'associatedPerson',
    { classCode: 'PSN', determinerCode: 'INSTANCE' },
    [
      txt('name', 'D.parent.identification', 'D.10.1'),
      bound('administrativeGenderCode', { codeSystem: OID.sex }, attrOf('code', 'D.parent.sex', 'D.10.6')),
      ts('birthTime', 'D.parent.birthDate', 'D.10.2.1'),
    ],
    { required: true },
  ),
  ...personObservations('D.parent', { age: 'D.10.2.2', lmp: 'D.10.3', weight: 'D.10.4', height: 'D.10.5' }),
  historyOrganizer('D.10.7', 'D.parent'),
  drugHistoryOrganizer('D.10.8', 'D.parent'),
]);

const player = el(
  'player1',
  { classCode: 'PSN', determinerCode: 'INSTANCE' },
  [
    txt('name', 'D.name', 'D.1'),
    bound('administrativeGenderCode', { codeSystem: OID.sex }, attrOf('code', 'D.sex', 'D.5')),
    ts('birthTime', 'D.birthDate', 'D.2.1'),
    ts('deceasedTime', 'D.death.date', 'D.9.1'),
    identified('1', '2.16.840.1.113883.3.989.2.1.3.7', 'D.medicalRecordNumbers.gp', 'D.1.1.1'),
    identified('2', '2.16.840.1.113883.3.989.2.1.3.8', 'D.medicalRecordNumbers.specialist', 'D.1.1.2'),
    identified('3', '2.16.840.1.113883.3.989.2.1.3.9', 'D.medicalRecordNumbers.hospital', 'D.1.1.3'),
    identified('4', '2.16.840.1.113883.3.989.2.1.3.10', 'D.medicalRecordNumbers.investigation', 'D.1.1.4'),
    parentRole,
  ],
  { required: true },
);

const registration = (root: string, path: string, id: string, country?: [string, string]) =>
  el('authorization', { typeCode: 'AUTH' }, [
    el(
      'studyRegistration',
      { classCode: 'ACT', moodCode: 'EVN' },
      [
        // Written even without a number: its root tells a study registration from an IND.
        { ...ii(root, path, id), isKey: true, required: true },
        country &&
          el('author', { typeCode: 'AUT' }, [
            el('territorialAuthority', { classCode: 'TERR' }, [
              el('governingPlace', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, [
                countryCode(country[0], country[1]),
              ]),
            ]),
          ]),
      ],
      { isKey: true },
    ),
  ]);

const study = el('subjectOf1', { typeCode: 'SBJ' }, [
  el('researchStudy', { classCode: 'CLNTRL', moodCode: 'EVN' }, [
    ii(ROOT.sponsorStudy, 'C.study.sponsorStudyNumber', 'C.5.3'),
    bound('code', { codeSystem: OID.studyType }, attrOf('code', 'C.study.studyType', 'C.5.4')),
    txt('title', 'C.study.name', 'C.5.2'),
    each(
      'C.study.registrations',
      registration(ROOT.studyRegistration, 'number', 'C.5.1.r.1', ['country', 'C.5.1.r.2']),
    ),
    registration(ROOT.fdaInd, 'C.study.fdaIndNumber', 'FDA.C.5.5a'),
    registration(ROOT.fdaPreAnda, 'C.study.fdaPreAndaNumber', 'FDA.C.5.5b'),
    each('C.study.fdaCrossReportedInds', registration(ROOT.fdaCrossReportedInd, '.', 'FDA.C.5.6.r')),
  ]),
]);

const causesOfDeath = (id: string) =>
  value('CE', meddraOf('cause', `${id}.1`), { codeSystem: OID.meddra }, [
    txt('originalText', 'text', `${id}.2`),
  ]);

/** Patient observations before the reactions (schema allows any order of subjectOf2). */
export const patientHead: Spec[] = [
  player,
  study,
  wrappedObs('subjectOf2', 'SBJ', '3', [pqValue('D.ageAtOnset', 'D.2.2')]),
  wrappedObs('subjectOf2', 'SBJ', '16', [pqValue('D.gestationPeriodAtOnset', 'D.2.2.1')]),
  wrappedObs('subjectOf2', 'SBJ', '4', [ceValue(OID.ageGroup, 'D.ageGroup', 'D.2.3')]),
  wrappedObs('subjectOf2', 'SBJ', '7', [value('PQ', attrOf('value', 'D.weightKg', 'D.3'), { unit: 'kg' })]),
  wrappedObs('subjectOf2', 'SBJ', '17', [value('PQ', attrOf('value', 'D.heightCm', 'D.4'), { unit: 'cm' })]),
  wrappedObs('subjectOf2', 'SBJ', '22', [value('TS', tsOf('D.lastMenstrualPeriodDate', 'D.6'))]),
  each(
    'D.fdaRace',
    wrappedObs(
      'subjectOf2',
      'SBJ',
      'C17049',
      [ceValue(OID.nciThesaurus, '.', 'FDA.D.11.r.1')],
      OID.nciThesaurus,
    ),
  ),
  wrappedObs(
    'subjectOf2',
    'SBJ',
    'C16564',
    [ceValue(OID.nciThesaurus, 'D.fdaEthnicity', 'FDA.D.12')],
    OID.nciThesaurus,
  ),
  historyOrganizer('D.7', 'D'),
  drugHistoryOrganizer('D.8', 'D'),
  each('D.death.reportedCauses', wrappedObs('subjectOf2', 'SBJ', '32', [causesOfDeath('D.9.2.r')])),
  wrappedObs('subjectOf2', 'SBJ', '5', [
    blValue('D.death.autopsyDone', 'D.9.3'),
    each(
      'D.death.autopsyCauses',
      wrappedObs('outboundRelationship2', 'DRIV', '8', [causesOfDeath('D.9.4.r')]),
    ),
  ]),
];
