import {
  attrOf,
  type Binding,
  blOf,
  bound,
  type ElSpec,
  edOf,
  el,
  keyEl,
  meddraOf,
  pqOf,
  type Spec,
  textOf,
  tsOf,
} from '../dsl.ts';

/** OIDs of the ICH and FDA code lists, as the data-element table names them. */
export const OID = {
  obsCode: '2.16.840.1.113883.3.989.2.1.1.19',
  organizerCategory: '2.16.840.1.113883.3.989.2.1.1.20',
  investigationCharacteristic: '2.16.840.1.113883.3.989.2.1.1.23',
  reportType: '2.16.840.1.113883.3.989.2.1.1.2',
  firstSender: '2.16.840.1.113883.3.989.2.1.1.3',
  medicalRecordSource: '2.16.840.1.113883.3.989.2.1.1.4',
  nullification: '2.16.840.1.113883.3.989.2.1.1.5',
  qualification: '2.16.840.1.113883.3.989.2.1.1.6',
  senderType: '2.16.840.1.113883.3.989.2.1.1.7',
  studyType: '2.16.840.1.113883.3.989.2.1.1.8',
  ageGroup: '2.16.840.1.113883.3.989.2.1.1.9',
  highlighted: '2.16.840.1.113883.3.989.2.1.1.10',
  outcome: '2.16.840.1.113883.3.989.2.1.1.11',
  testResult: '2.16.840.1.113883.3.989.2.1.1.12',
  drugRole: '2.16.840.1.113883.3.989.2.1.1.13',
  route: '2.16.840.1.113883.3.989.2.1.1.14',
  action: '2.16.840.1.113883.3.989.2.1.1.15',
  recurrence: '2.16.840.1.113883.3.989.2.1.1.16',
  additionalInfo: '2.16.840.1.113883.3.989.2.1.1.17',
  productEvent: '2.16.840.1.113883.3.989.2.1.1.18',
  commentSource: '2.16.840.1.113883.3.989.2.1.1.21',
  relatedInvestigation: '2.16.840.1.113883.3.989.2.1.1.22',
  document: '2.16.840.1.113883.3.989.2.1.1.27',
  typesOfMessage: '2.16.840.1.113883.3.989.2.1.1.1',
  meddra: '2.16.840.1.113883.6.163',
  mpid: '2.16.840.1.113883.6.69',
  country: '1.0.3166.1.2.2',
  sex: '1.0.5218',
  language: '1.0.639.2',
  ucum: '2.16.840.1.113883.6.8',
  edqmDoseForm: '0.4.0.127.0.16.1.1.2.1',
  edqmRoute: '0.4.0.127.0.16.1.1.2.6',
  nciThesaurus: '2.16.840.1.113883.3.26.1.1',
  fdaLocalReportType: '2.16.840.1.113883.3.989.5.1.2.2.1.1.1',
  fdaRequiredIntervention: '2.16.840.1.113883.3.989.5.1.2.2.1.3',
  roleCode: '2.16.840.1.113883.5.111',
  actCode: '2.16.840.1.113883.5.4',
  interpretation: '2.16.840.1.113883.5.83',
  hl7Interaction: '2.16.840.1.113883.1.6',
  hl7Trigger: '2.16.840.1.113883.1.18',
} as const;

/** Instance identifier roots (II) of E2B(R3). */
export const ROOT = {
  messageId: '2.16.840.1.113883.3.989.2.1.3.1',
  caseId: '2.16.840.1.113883.3.989.2.1.3.1',
  worldwideId: '2.16.840.1.113883.3.989.2.1.3.2',
  otherCaseId: '2.16.840.1.113883.3.989.2.1.3.3',
  authorisation: '2.16.840.1.113883.3.989.2.1.3.4',
  sponsorStudy: '2.16.840.1.113883.3.989.2.1.3.5',
  studyRegistration: '2.16.840.1.113883.3.989.2.1.3.6',
  messageSender: '2.16.840.1.113883.3.989.2.1.3.11',
  messageReceiver: '2.16.840.1.113883.3.989.2.1.3.12',
  batchSender: '2.16.840.1.113883.3.989.2.1.3.13',
  batchReceiver: '2.16.840.1.113883.3.989.2.1.3.14',
  batchNumber: '2.16.840.1.113883.3.989.2.1.3.22',
  fdaInd: '2.16.840.1.113883.3.989.5.1.2.2.1.2.1',
  fdaPreAnda: '2.16.840.1.113883.3.989.5.1.2.2.1.2.2',
  fdaCrossReportedInd: '2.16.840.1.113883.3.989.5.1.2.2.1.2.3',
} as const;

export const OBS = { classCode: 'OBS', moodCode: 'EVN' } as const;
export const SBADM = { classCode: 'SBADM', moodCode: 'EVN' } as const;
const ORG = { classCode: 'ORG', determinerCode: 'INSTANCE' } as const;

/** `<id root="…" extension="value"/>`, identified by its root. */
export const ii = (root: string, path: string, id: string) =>
  el('id', {}, [], { key: { root }, bind: attrOf('extension', path, id) });

/** A `code` that identifies its observation, e.g. `code="3" codeSystem="…19"` (age). */
export const obsCode = (code: string, codeSystem: string = OID.obsCode) =>
  keyEl('code', { code, codeSystem });

/** A `value` of one HL7 type bound to one field. */
export const value = (
  type: string,
  bind: Binding | Binding[],
  attrs: Record<string, string> = {},
  children: Spec[] = [],
) => bound('value', { 'xsi:type': type, ...attrs }, bind, children);

export const blValue = (path: string, id: string) => value('BL', blOf(path, id));
export const ceValue = (codeSystem: string, path: string, id: string) =>
  value('CE', attrOf('code', path, id), { codeSystem });
export const edValue = (path: string, id: string) => value('ED', textOf(path, id));
export const pqValue = (path: string, id: string) => value('PQ', pqOf(path, id));
export const meddraValue = (path: string, id: string, children: Spec[] = []) =>
  value('CE', meddraOf(path, id), { codeSystem: OID.meddra }, children);

/** An `observation` identified by its code, holding the given children after the code. */
export const observation = (
  code: string,
  children: (Spec | false | undefined)[],
  codeSystem: string = OID.obsCode,
) => el('observation', OBS, [obsCode(code, codeSystem), ...children], { isKey: true });

/** `<wrapper typeCode=…><observation>…</observation></wrapper>` identified by the code. */
export const wrappedObs = (
  wrapper: string,
  typeCode: string,
  code: string,
  children: (Spec | false | undefined)[],
  codeSystem: string = OID.obsCode,
) => el(wrapper, { typeCode }, [observation(code, children, codeSystem)]);

export const ts = (name: string, path: string, id: string, attrs: Record<string, string> = {}) =>
  bound(name, attrs, tsOf(path, id));
export const txt = (name: string, path: string, id: string, attrs: Record<string, string> = {}) =>
  bound(name, attrs, textOf(path, id));

/** `<code code="XX" codeSystem="1.0.3166.1.2.2"/>`: an ISO country. */
export const countryCode = (path: string, id: string) =>
  bound('code', { codeSystem: OID.country }, attrOf('code', path, id));

/** An attached document: `<text mediaType representation="B64"><reference value/>base64</text>`. */
export const edDocument = (path: string, id: string) =>
  bound('text', {}, edOf(path, id), [bound('reference', {}, attrOf('value', `${path}.reference`, id))]);

/** `prefix.name`, or `name` alone when the context is the object itself. */
export const under = (prefix: string, name: string) => (prefix === '' ? name : `${prefix}.${name}`);

/** Postal address of a person in an organisation (C.2.r, C.3). */
export const postalAddress = (prefix: string, ids: [string, string, string, string]) =>
  el('addr', {}, [
    // A second street line is the second element of the same name; the first is written, empty,
    // when only the second is given, so that it keeps its place.
    el('streetAddressLine', {}, [], {
      bind: textOf(under(prefix, 'street'), ids[0]),
      required: (ctx) => get(ctx, under(prefix, 'streetLine2')) !== undefined,
    }),
    txt('streetAddressLine', under(prefix, 'streetLine2'), ids[0]),
    txt('city', under(prefix, 'city'), ids[1]),
    txt('state', under(prefix, 'state'), ids[2]),
    txt('postalCode', under(prefix, 'postcode'), ids[3]),
  ]);

/** `representedOrganization` with a department (outer name) inside an organisation (inner name). */
export const organisation = (prefix: string, departmentId: string, organisationId: string) =>
  el('representedOrganization', ORG, [
    txt('name', under(prefix, 'department'), departmentId),
    el('assignedEntity', { classCode: 'ASSIGNED' }, [
      el('representedOrganization', ORG, [txt('name', under(prefix, 'organisation'), organisationId)]),
    ]),
  ]);

/** `<sender|receiver><device><id root extension/></device></…>` of batches and messages. */
export const device = (role: 'sender' | 'receiver', root: string, path: string, id: string) =>
  el(role, { typeCode: role === 'sender' ? 'SND' : 'RCV' }, [
    el('device', { classCode: 'DEV', determinerCode: 'INSTANCE' }, [ii(root, path, id)]),
  ]);

/** The value at a dotted path of a context (the writer's `get`, for `when` and `required`). */
const get = (ctx: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (cur, part) => (cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[part] : undefined),
      ctx,
    );

export type { ElSpec, Spec };
