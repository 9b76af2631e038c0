import { attrOf, type Binding, blOf, bound, each, el, textOf } from '../dsl.ts';
import { OBS, OID, obsCode, txt, value } from './common.ts';

/**
 * The FDA regional elements of a drug (decision 0201): device constituent parts
 * (FDA.G.k.12.r), the "similar device" role (FDA.G.k.1.a), FDA coded additional information
 * (FDA.G.k.10a), the specialized product category (FDA.G.k.10.1), and the PhPID of ISO IDMP
 * (D.8.r.3, D.10.8.r.3, G.k.2.1.2). The device part follows FDA's example message (scenario 2),
 * not the data-element table, whose device XPaths disagree with it.
 */

const NCI = OID.nciThesaurus;
export const FDA_OID = {
  remedialAction: '2.16.840.1.113883.3.989.5.1.2.1.1.3',
  deviceUsage: '2.16.840.1.113883.3.989.5.1.2.1.1.4',
  followUpType: '2.16.840.1.113883.3.989.5.1.2.1.1.5',
  deviceOperator: '2.16.840.1.113883.3.989.5.1.2.1.1.6',
  additionalInfo: '2.16.840.1.113883.3.989.5.1.2.1.1.7',
  otherRole: '2.16.840.1.113883.3.989.5.1.2.1.1.8',
  /**
   * FDA's example (scenario 5) codes FDA.G.k.10a with this OID, which is ICH's sender-type
   * list (C.3.1): read as FDA.G.k.10a, never written.
   */
  additionalInfoInExample: '2.16.840.1.113883.3.989.2.1.1.7',
} as const;

/** ISO IDMP has no OID for the PhPID yet: ICH's reference instances write this placeholder. */
export const PHPID_SYSTEM = 'TBD-PhPID';

/** `code` and `codeSystemVersion` of an identifier whose code system is the element's key. */
const versionedCodeOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => {
    const t = v as { code: string; version?: string };
    const attrs: Record<string, string> = { code: t.code };
    if (t.version !== undefined) attrs.codeSystemVersion = t.version;
    return { attrs };
  },
  read: (n) => {
    if (n.attrs.code === undefined) return undefined;
    const value: Record<string, string> = { code: n.attrs.code };
    if (n.attrs.codeSystemVersion === undefined) return { value, attrs: ['code'], text: false };
    value.version = n.attrs.codeSystemVersion;
    return { value, attrs: ['code', 'codeSystemVersion'], text: false };
  },
});

/** `kindOfProduct/code` holding a PhPID: told apart from the MPID by its code system. */
export const phpidCode = (path: string, id: string) =>
  el('code', {}, [], { key: { codeSystem: PHPID_SYSTEM }, bind: versionedCodeOf(path, id) });

const SBJ = { typeCode: 'SBJ' } as const;

/** `subjectOf/characteristic` of a device, identified by its code, with a `value`. */
const characteristic = (code: string, codeSystem: string, valueSpec: ReturnType<typeof value>) =>
  el('subjectOf', SBJ, [el('characteristic', OBS, [obsCode(code, codeSystem), valueSpec], { isKey: true })]);

const codedCharacteristics = (path: string, code: string, valueSystem: string, id: string) =>
  each(path, characteristic(code, NCI, value('CE', attrOf('code', '.', id), { codeSystem: valueSystem })));

/** FDA.G.k.12.r: `kindOfProduct/part/partProduct`, in the order of FDA's scenario 2. */
const devicePart = el('part', { classCode: 'PART' }, [
  el('partProduct', { classCode: 'DEV', determinerCode: 'KIND' }, [
    bound('code', { codeSystem: NCI }, attrOf('code', 'productCode', 'FDA.G.k.12.r.6')),
    // Always two names, brand first then common name, either of them possibly empty (FDA).
    el('name', {}, [], { bind: textOf('brandName', 'FDA.G.k.12.r.4'), required: true }),
    el('name', {}, [], { bind: textOf('commonName', 'FDA.G.k.12.r.5'), required: true }),
    el('asManufacturedProduct', { classCode: 'MANU' }, [
      el('manufacturerOrganization', { classCode: 'ORG', determinerCode: 'INSTANCE' }, [
        txt('name', 'manufacturer.name', 'FDA.G.k.12.r.7.1a'),
        el('addr', {}, [
          txt('streetAddressLine', 'manufacturer.street', 'FDA.G.k.12.r.7.1b'),
          txt('city', 'manufacturer.city', 'FDA.G.k.12.r.7.1c'),
          txt('state', 'manufacturer.state', 'FDA.G.k.12.r.7.1d'),
          txt('country', 'manufacturer.country', 'FDA.G.k.12.r.7.1e'),
        ]),
      ]),
      characteristic('C54026', NCI, value('BL', blOf('malfunction', 'FDA.G.k.12.r.1'))),
      codedCharacteristics('problemCodes', 'C54451', NCI, 'FDA.G.k.12.r.3.r'),
      // The example codes "device usage" with an NCI code in the ICH observation list.
      characteristic(
        'C54595',
        OID.obsCode,
        value('CE', attrOf('code', 'usage', 'FDA.G.k.12.r.8'), { codeSystem: FDA_OID.deviceUsage }),
      ),
      codedCharacteristics('remedialActions', 'C54594', FDA_OID.remedialAction, 'FDA.G.k.12.r.11.r'),
      codedCharacteristics('followUpTypes', 'C54592', FDA_OID.followUpType, 'FDA.G.k.12.r.2.r'),
      // The operator is the characteristic's own code, with no value.
      el('subjectOf', SBJ, [
        el(
          'characteristic',
          OBS,
          [
            el('code', {}, [], {
              key: { codeSystem: FDA_OID.deviceOperator },
              isKey: true,
              bind: attrOf('code', 'operator', 'FDA.G.k.12.r.10'),
            }),
          ],
          { isKey: true },
        ),
      ]),
    ]),
    el('instanceOfKind', { classCode: 'INST' }, [
      el('productInstanceInstance', { classCode: 'MMAT', determinerCode: 'INSTANCE' }, [
        txt('lotNumberText', 'lotNumber', 'FDA.G.k.12.r.9'),
      ]),
    ]),
  ]),
]);

export const deviceParts = each('devices', devicePart);

/** FDA.G.k.10.1: a characteristic of the manufactured product (`asManufacturedProduct/subjectOf`). */
export const specializedProductCategory = characteristic(
  'C94031',
  NCI,
  value('CE', attrOf('code', 'fdaSpecializedProductCategory', 'FDA.G.k.10.1'), { codeSystem: NCI }),
);

/** FDA.G.k.10a: an additional-information observation (code 9) told apart by its value's code system. */
const fdaAdditionalInfo = (codeSystem: string, write: boolean) =>
  each(
    'fdaAdditionalInformationCodes',
    el(
      'outboundRelationship2',
      { typeCode: 'REFR' },
      [
        el(
          'observation',
          OBS,
          [
            obsCode('9'),
            el('value', { 'xsi:type': 'CE' }, [], {
              key: { codeSystem },
              isKey: true,
              bind: attrOf('code', '.', 'FDA.G.k.10a'),
            }),
          ],
          { isKey: true },
        ),
      ],
      write ? {} : { when: () => false },
    ),
  );
/** Before G.k.10.r, whose observation takes any value: the table's OID is written, the example's read. */
export const fdaAdditionalInformation = [
  fdaAdditionalInfo(FDA_OID.additionalInfo, true),
  fdaAdditionalInfo(FDA_OID.additionalInfoInExample, false),
];

/** FDA.G.k.1.a: a second drug-role assessment (code 20) in FDA's list; `_fdaRoles` of the flattened document. */
export const fdaOtherRoles = (productRef: ReturnType<typeof el>) =>
  each(
    '_fdaRoles',
    el('component', { typeCode: 'COMP' }, [
      el(
        'causalityAssessment',
        OBS,
        [
          obsCode('20'),
          el('value', { 'xsi:type': 'CE' }, [], {
            key: { codeSystem: FDA_OID.otherRole },
            isKey: true,
            bind: attrOf('code', 'role', 'FDA.G.k.1.a'),
          }),
          productRef,
        ],
        { isKey: true },
      ),
    ]),
  );
