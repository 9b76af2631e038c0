import { attrOf, bound, each, el, ivlPqOf, meddraOf, pqOf, textOf } from '../dsl.ts';
import {
  blValue,
  ceValue,
  countryCode,
  edValue,
  OBS,
  OID,
  obsCode,
  ts,
  txt,
  value,
  wrappedObs,
} from './common.ts';
import { organizer } from './section-d.ts';

/** Sections E (reactions) and F (tests), inside `primaryRole`. */

const pert = (code: string, val: ReturnType<typeof value>, codeSystem: string = OID.obsCode) =>
  wrappedObs('outboundRelationship2', 'PERT', code, [val], codeSystem);

const reaction = el('subjectOf2', { typeCode: 'SBJ' }, [
  el(
    'observation',
    OBS,
    [
      bound('id', {}, attrOf('root', 'id', 'E.i')),
      obsCode('29'),
      el('effectiveTime', { 'xsi:type': 'IVL_TS' }, [
        ts('low', 'startDate', 'E.i.4'),
        bound('width', {}, pqOf('duration', 'E.i.6')),
        ts('high', 'endDate', 'E.i.5'),
      ]),
      value('CE', meddraOf('term', 'E.i.2.1'), { codeSystem: OID.meddra }, [
        el('originalText', {}, [], {
          bind: [textOf('nativeTerm', 'E.i.1.1a'), attrOf('language', 'nativeTermLanguage', 'E.i.1.1b')],
        }),
      ]),
      el('location', { typeCode: 'LOC' }, [
        el('locatedEntity', { classCode: 'LOCE' }, [
          el('locatedPlace', { classCode: 'COUNTRY', determinerCode: 'INSTANCE' }, [
            countryCode('country', 'E.i.9'),
          ]),
        ]),
      ]),
      pert('30', edValue('translatedTerm', 'E.i.1.2')),
      pert('37', ceValue(OID.highlighted, 'highlighted', 'E.i.3.1')),
      pert('34', blValue('resultsInDeath', 'E.i.3.2a')),
      pert('21', blValue('lifeThreatening', 'E.i.3.2b')),
      pert('33', blValue('hospitalisation', 'E.i.3.2c')),
      pert('35', blValue('disabling', 'E.i.3.2d')),
      pert('12', blValue('congenitalAnomaly', 'E.i.3.2e')),
      pert('26', blValue('otherMedicallyImportant', 'E.i.3.2f')),
      pert('7', blValue('fdaRequiredIntervention', 'FDA.E.i.3.2h'), OID.fdaRequiredIntervention),
      pert('27', ceValue(OID.outcome, 'outcome', 'E.i.7')),
      pert('24', blValue('medicallyConfirmed', 'E.i.8')),
    ],
    { isKey: true },
  ),
]);

export const reactions = each('E.reactions', reaction);

const range = (code: 'L' | 'H', path: string, id: string) =>
  el('referenceRange', { typeCode: 'REFV' }, [
    el(
      'observationRange',
      { classCode: 'OBS', moodCode: 'EVN.CRT' },
      [
        value('PQ', [attrOf('value', path, id), attrOf('unit', `${path}Unit`, id)]),
        el('interpretationCode', {}, [], { key: { code, codeSystem: OID.interpretation }, isKey: true }),
      ],
      { isKey: true },
    ),
  ]);

const test = el('component', { typeCode: 'COMP' }, [
  el('observation', OBS, [
    // The schema requires an observation's code: a test given only a result keeps it, bare,
    // and conformance names the missing test name (found by the form-shaped property test).
    {
      ...bound('code', { codeSystem: OID.meddra }, meddraOf('code', 'F.r.2.2'), [
        txt('originalText', 'name', 'F.r.2.1'),
      ]),
      required: true,
    },
    ts('effectiveTime', 'date', 'F.r.1'),
    el('value', { 'xsi:type': 'IVL_PQ' }, [], {
      key: { 'xsi:type': 'IVL_PQ' },
      bind: ivlPqOf('result', 'F.r.3.2', 'F.r.3.3'),
    }),
    el('value', { 'xsi:type': 'ED' }, [], {
      key: { 'xsi:type': 'ED' },
      bind: textOf('resultText', 'F.r.3.4'),
    }),
    bound('interpretationCode', { codeSystem: OID.testResult }, attrOf('code', 'resultCode', 'F.r.3.1')),
    range('L', 'normalLow', 'F.r.4'),
    range('H', 'normalHigh', 'F.r.5'),
    // typeCodes as FDA's data-element table and examples write them (issue 26, item 3).
    wrappedObs('outboundRelationship2', 'PERT', '10', [edValue('comments', 'F.r.6')]),
    wrappedObs('outboundRelationship2', 'REFR', '25', [blValue('moreInformationAvailable', 'F.r.7')]),
  ]),
]);

export const tests = organizer('3', [each('F.tests', test)]);
