import { attrOf, bound, each, el, meddraOf, nullOnly, pqOf, termOf, textOf, tsOf } from '../dsl.ts';
import {
  blValue,
  ceValue,
  countryCode,
  ii,
  OID,
  obsCode,
  ROOT,
  SBADM,
  ts,
  txt,
  value,
  wrappedObs,
} from './common.ts';
import {
  deviceParts,
  fdaAdditionalInformation,
  fdaOtherRoles,
  phpidCode,
  specializedProductCategory,
} from './devices.ts';
import { organizer } from './section-d.ts';

/** Section G (drugs) inside `primaryRole`, and the drug-reaction matrix of the assessment. */

const KIND = { classCode: 'MMAT', determinerCode: 'KIND' } as const;
const has = (field: string) => (ctx: unknown) => (ctx as Record<string, unknown>)[field] !== undefined;

/** G.k.9.i.3: interval from first (SAS) or last (SAE) dose to the reaction. */
const interval = (typeCode: 'SAS' | 'SAE', field: string, id: string) =>
  each(
    'reactionAssessments',
    el(
      'outboundRelationship1',
      { typeCode },
      [
        bound('pauseQuantity', {}, pqOf(field, id)),
        el('actReference', { classCode: 'OBS', moodCode: 'EVN' }, [
          bound('id', {}, attrOf('root', 'reactionId', 'G.k.9.i.1')),
        ]),
      ],
      { key: { typeCode }, when: has(field) },
    ),
    'reactionId',
  );

const recurrence = each(
  'reactionAssessments',
  el(
    'outboundRelationship2',
    { typeCode: 'PERT' },
    [
      el(
        'observation',
        { classCode: 'OBS', moodCode: 'EVN' },
        [
          obsCode('31'),
          ceValue(OID.recurrence, 'recurred', 'G.k.9.i.4'),
          el('outboundRelationship1', { typeCode: 'REFR' }, [
            el('actReference', { classCode: 'OBS', moodCode: 'EVN' }, [
              bound('id', {}, attrOf('root', 'reactionId', 'G.k.9.i.1')),
            ]),
          ]),
        ],
        { isKey: true },
      ),
    ],
    { when: has('recurred') },
  ),
  'reactionId',
);

/**
 * An interval takes a start and an end, or one of them with a duration, not all three (the
 * schema's IVL_TS): with a frequency, or with all three, the times are an SXPR_TS.
 */
const needsSxpr = (c: unknown) =>
  has('frequency')(c) || (has('duration')(c) && has('startDate')(c) && has('endDate')(c));
const comp = (type: string, children: Parameters<typeof el>[2], opts: Parameters<typeof el>[3] = {}) =>
  el('comp', { 'xsi:type': type, ...(type === 'IVL_TS' ? { operator: 'A' } : {}) }, children, {
    key: { 'xsi:type': type },
    ...opts,
  });

/**
 * G.k.4.r.2–G.k.4.r.6. As an SXPR_TS: the frequency (PIVL_TS), then the dates (IVL_TS), then
 * the duration in a third part of its own (an IVL_TS width, as FDA's examples write "4 wk").
 * Otherwise one IVL_TS. A dosage whose time is a null flavour writes `effectiveTime nullFlavor`.
 */
const dosageTimes = [
  el(
    'effectiveTime',
    { 'xsi:type': 'SXPR_TS' },
    [
      comp('PIVL_TS', [
        bound('period', {}, [
          attrOf('value', 'frequency.value', 'G.k.4.r.2'),
          attrOf('unit', 'frequency.unit', 'G.k.4.r.3'),
        ]),
      ]),
      comp(
        'IVL_TS',
        [
          bound('low', {}, tsOf('startDate', 'G.k.4.r.4')),
          // Read where Vigilo wrote it before the third part (low and width); never written here.
          el('width', {}, [], { bind: pqOf('duration', 'G.k.4.r.6'), when: () => false }),
          bound('high', {}, tsOf('endDate', 'G.k.4.r.5')),
        ],
        // SXPR_TS takes two parts at least: the interval is written, empty, for a frequency alone.
        { required: true },
      ),
      comp('IVL_TS', [bound('width', {}, pqOf('duration', 'G.k.4.r.6'))]),
    ],
    { key: { 'xsi:type': 'SXPR_TS' }, when: needsSxpr },
  ),
  el(
    'effectiveTime',
    { 'xsi:type': 'IVL_TS' },
    [
      ts('low', 'startDate', 'G.k.4.r.4'),
      bound('width', {}, pqOf('duration', 'G.k.4.r.6')),
      ts('high', 'endDate', 'G.k.4.r.5'),
    ],
    { key: { 'xsi:type': 'IVL_TS' }, when: (c) => !needsSxpr(c) },
  ),
  // Beside the others when a case gives both (effectiveTime repeats in the schema): nothing is dropped.
  el('effectiveTime', {}, [], {
    keyTest: (n) => n.attrs['xsi:type'] === undefined,
    bind: nullOnly('timing', 'G.k.4.r'),
  }),
];

const dosage = el('outboundRelationship2', { typeCode: 'COMP' }, [
  el(
    'substanceAdministration',
    SBADM,
    [
      txt('text', 'dosageText', 'G.k.4.r.8'),
      ...dosageTimes,
      bound('routeCode', {}, termOf('route', 'G.k.4.r.10.2', OID.edqmRoute), [
        txt('originalText', 'routeText', 'G.k.4.r.10.1'),
      ]),
      bound('doseQuantity', {}, pqOf('dose', 'G.k.4.r.1')),
      el('consumable', { typeCode: 'CSM' }, [
        el('instanceOfKind', { classCode: 'INST' }, [
          el('productInstanceInstance', { classCode: 'MMAT', determinerCode: 'INSTANCE' }, [
            txt('lotNumberText', 'batchLot', 'G.k.4.r.7'),
          ]),
          el('kindOfProduct', KIND, [
            bound('formCode', {}, termOf('doseForm', 'G.k.4.r.9.2', OID.edqmDoseForm), [
              txt('originalText', 'doseFormText', 'G.k.4.r.9.1'),
            ]),
          ]),
        ]),
      ]),
      // Not in the table: FDA's examples write a country here (see the contract).
      el('performer', { typeCode: 'PRF' }, [
        el('assignedEntity', { classCode: 'ASSIGNED' }, [
          el('representedOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, [
            el('addr', {}, [txt('country', 'administeredInCountry', 'G.k.4.r')]),
          ]),
        ]),
      ]),
      wrappedObs('inboundRelationship', 'REFR', '28', [
        value('CE', termOf('parentRoute', 'G.k.4.r.11.2', OID.edqmRoute), {}, [
          txt('originalText', 'parentRouteText', 'G.k.4.r.11.1'),
        ]),
      ]),
    ],
    { isKey: true },
  ),
]);

const substance = el('ingredient', { classCode: 'ACTI' }, [
  el('quantity', {}, [
    // Both parts are required: a denominator's unit given alone comes with an empty numerator.
    el('numerator', {}, [], {
      bind: pqOf('strength', 'G.k.2.3.r.3'),
      required: has('strengthDenominatorUnit'),
    }),
    el('denominator', { value: '1' }, [], {
      bind: attrOf('unit', 'strengthDenominatorUnit', 'G.k.2.3.r.3'),
      required: true,
    }),
  ]),
  // The schema wants it even for a strength given alone.
  el(
    'ingredientSubstance',
    KIND,
    [bound('code', {}, termOf('termId', 'G.k.2.3.r.2')), txt('name', 'name', 'G.k.2.3.r.1')],
    { required: true },
  ),
]);

const product = el('consumable', { typeCode: 'CSM' }, [
  el('instanceOfKind', { classCode: 'INST' }, [
    el('kindOfProduct', KIND, [
      phpidCode('phpid', 'G.k.2.1.2'),
      bound('code', {}, termOf('mpid', 'G.k.2.1.1', OID.mpid)),
      txt('name', 'name', 'G.k.2.2'),
      el('asManufacturedProduct', { classCode: 'MANU' }, [
        el('subjectOf', { typeCode: 'SBJ' }, [
          el(
            'approval',
            { classCode: 'CNTRCT', moodCode: 'EVN' },
            [
              ii(ROOT.authorisation, 'authorisationNumber', 'G.k.3.1'),
              el('holder', { typeCode: 'HLD' }, [
                el('role', { classCode: 'HLD' }, [
                  el('playingOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, [
                    txt('name', 'holderName', 'G.k.3.3'),
                  ]),
                ]),
              ]),
              el('author', { typeCode: 'AUT' }, [
                el('territorialAuthority', { classCode: 'TERR' }, [
                  el('territory', { classCode: 'NAT', determinerCode: 'INSTANCE' }, [
                    countryCode('authorisationCountry', 'G.k.3.2'),
                  ]),
                ]),
              ]),
              // Identifies this subjectOf among the product's characteristics (FDA.G.k.10.1).
            ],
            { isKey: true },
          ),
        ]),
        specializedProductCategory,
      ]),
      each('substances', substance),
      deviceParts,
    ]),
    el('subjectOf', { typeCode: 'SBJ' }, [
      el(
        'productEvent',
        { classCode: 'ACT', moodCode: 'EVN' },
        [
          obsCode('1', OID.productEvent),
          el('performer', { typeCode: 'PRF' }, [
            el('assignedEntity', { classCode: 'ASSIGNED' }, [
              el('representedOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, [
                el('addr', {}, [txt('country', 'obtainedInCountry', 'G.k.2.4')]),
              ]),
            ]),
          ]),
        ],
        { isKey: true },
      ),
    ]),
  ]),
]);

const indication = el('inboundRelationship', { typeCode: 'RSON' }, [
  el(
    'observation',
    { classCode: 'OBS', moodCode: 'EVN' },
    [
      obsCode('19'),
      value('CE', meddraOf('term', 'G.k.7.r.2'), { codeSystem: OID.meddra }, [
        txt('originalText', 'text', 'G.k.7.r.1'),
      ]),
      el('performer', { typeCode: 'PRF' }, [
        el('assignedEntity', { classCode: 'ASSIGNED' }, [obsCode('3', OID.commentSource)]),
      ]),
    ],
    { isKey: true },
  ),
]);

const drug = el('component', { typeCode: 'COMP' }, [
  el(
    'substanceAdministration',
    SBADM,
    [
      bound('id', {}, attrOf('root', 'id', 'G.k')),
      product,
      interval('SAS', 'intervalFromStart', 'G.k.9.i.3.1'),
      interval('SAE', 'intervalFromLastDose', 'G.k.9.i.3.2'),
      each('dosages', dosage),
      wrappedObs('outboundRelationship2', 'PERT', '6', [blValue('blinded', 'G.k.2.5')]),
      // SUMM, as FDA's data-element table writes G.k.5 (issue 26, item 3).
      wrappedObs('outboundRelationship2', 'SUMM', '14', [value('PQ', pqOf('cumulativeDose', 'G.k.5'))]),
      wrappedObs('outboundRelationship2', 'PERT', '16', [value('PQ', pqOf('gestationAtExposure', 'G.k.6'))]),
      recurrence,
      ...fdaAdditionalInformation,
      each(
        'additionalInformationCodes',
        wrappedObs('outboundRelationship2', 'REFR', '9', [ceValue(OID.additionalInfo, '.', 'G.k.10.r')]),
      ),
      // G.k.11 is an ST, as ICH writes it; an ED (Vigilo's own earlier messages) is read too.
      wrappedObs('outboundRelationship2', 'REFR', '2', [
        el('value', { 'xsi:type': 'ED' }, [], {
          key: { 'xsi:type': 'ED' },
          bind: textOf('additionalInformation', 'G.k.11'),
          when: () => false,
        }),
        value('ST', textOf('additionalInformation', 'G.k.11')),
      ]),
      each('indications', indication),
      el('inboundRelationship', { typeCode: 'CAUS' }, [
        el(
          'act',
          { classCode: 'ACT', moodCode: 'EVN' },
          [
            el('code', {}, [], {
              key: { codeSystem: OID.action },
              isKey: true,
              bind: attrOf('code', 'actionTaken', 'G.k.8'),
            }),
          ],
          { isKey: true },
        ),
      ]),
    ],
    { isKey: true },
  ),
]);

export const drugs = organizer('4', [each('G.drugs', drug)]);

const productRef = el('subject2', { typeCode: 'SUBJ' }, [
  el('productUseReference', { classCode: 'SBADM', moodCode: 'EVN' }, [
    bound('id', {}, attrOf('root', 'drugId', 'G.k')),
  ]),
]);

/** G.k.1 and FDA.G.k.1.a (code 20), G.k.9.i.2.r (code 39): `_fdaRoles`, `_roles`, `_causality` of the flattened document. */
export const assessments = [
  fdaOtherRoles(productRef),
  each(
    '_roles',
    el('component', { typeCode: 'COMP' }, [
      el(
        'causalityAssessment',
        { classCode: 'OBS', moodCode: 'EVN' },
        [obsCode('20'), ceValue(OID.drugRole, 'role', 'G.k.1'), productRef],
        { isKey: true },
      ),
    ]),
  ),
  each(
    '_causality',
    el('component', { typeCode: 'COMP' }, [
      el(
        'causalityAssessment',
        { classCode: 'OBS', moodCode: 'EVN' },
        [
          obsCode('39'),
          value('ST', textOf('result', 'G.k.9.i.2.r.3')),
          el('methodCode', {}, [txt('originalText', 'method', 'G.k.9.i.2.r.2')]),
          el('author', { typeCode: 'AUT' }, [
            el('assignedEntity', { classCode: 'ASSIGNED' }, [
              el('code', {}, [txt('originalText', 'source', 'G.k.9.i.2.r.1')]),
            ]),
          ]),
          el('subject1', { typeCode: 'SUBJ' }, [
            el('adverseEffectReference', { classCode: 'OBS', moodCode: 'EVN' }, [
              bound('id', {}, attrOf('root', 'reactionId', 'G.k.9.i.1')),
            ]),
          ]),
          productRef,
        ],
        { isKey: true },
      ),
    ]),
  ),
];
