import { attrOf, each, el, keyEl, textOf, tsOf } from './mapping/dsl.ts';
import { Reader, type Unmapped } from './mapping/engine.ts';
import { device, ii, OID, ROOT, ts, txt, value } from './mapping/spec/common.ts';
import { writeDocument } from './mapping/writer.ts';
import type { ValidationReport } from './validate/index.ts';
import { type ParseLimits, parseRoot } from './xml/parse.ts';
import { validateXsd, type XsdError } from './xsd.ts';

/**
 * ICH acknowledgements (`MCCI_IN200101UV01`): one per received batch, AA (all accepted),
 * AE (some reports need action) or AR (batch rejected), and per report CA (accepted) or
 * CR (rejected) with the error text. Built and read with the same spec (decision 0043).
 */
export interface ReportAcknowledgement {
  /** ACK.B.r.1: the report's message number (C.1.1 / N.2.r.1 of the ICSR). */
  icsrMessageNumber?: string;
  /** ACK.B.r.2: the receiver's own number for the report. */
  localReportNumber?: string;
  /** ACK.B.r.3 */
  receiver?: string;
  /** ACK.B.r.4 */
  sender?: string;
  /** ACK.B.r.5 */
  icsrMessageCreationTime?: string;
  /** When this part of the acknowledgement was made. */
  creationTime?: string;
  /** ACK.B.r.6 */
  code: 'CA' | 'CR';
  /** ACK.B.r.7: error and warning text or a comment, as sent (`messages` splits it). */
  detail?: string;
}

export interface Acknowledgement {
  /** ACK.M.1 */
  batchNumber: string;
  /** ACK.M.2 */
  batchSender: string;
  /** ACK.M.3 */
  batchReceiver: string;
  /** ACK.M.4 */
  transmissionTime: string;
  /** ACK.A.1: the acknowledged ICSR batch (N.1.2); `{nullFlavor: "NI"}` when it could not be read. */
  icsrBatchNumber?: string | { nullFlavor: 'NI' };
  /** ACK.A.2 */
  localMessageNumber?: string;
  /** ACK.A.3: N.1.5 of the acknowledged batch. */
  icsrBatchTransmissionTime?: string;
  /** ACK.A.4 */
  code: 'AA' | 'AE' | 'AR';
  /** ACK.A.5 */
  batchError?: string;
  reports: ReportAcknowledgement[];
}

const ROOTS = {
  ackBatch: '2.16.840.1.113883.3.989.2.1.3.20',
  localReport: '2.16.840.1.113883.3.989.2.1.3.19',
  ackReportSender: '2.16.840.1.113883.3.989.2.1.3.15',
  ackReportReceiver: '2.16.840.1.113883.3.989.2.1.3.16',
  ackBatchSender: '2.16.840.1.113883.3.989.2.1.3.17',
  ackBatchReceiver: '2.16.840.1.113883.3.989.2.1.3.18',
  localMessage: '2.16.840.1.113883.3.989.2.1.3.21',
} as const;
const KEYWORDS = '2.16.840.1.113883.3.989.2.1.1.24';

const attention = (code: string, val: ReturnType<typeof value>) =>
  el('attentionLine', {}, [keyEl('keyWordText', { code, codeSystem: KEYWORDS }), val]);

const reportSpec = el('MCCI_IN000002UV01', {}, [
  ii(ROOTS.localReport, 'localReportNumber', 'ACK.B.r.2'),
  ts('creationTime', 'creationTime', 'ACK.B.r'),
  el('interactionId', { extension: 'MCCI_IN000002UV01', root: OID.hl7Interaction }),
  el('processingCode', { code: 'P' }),
  el('processingModeCode', { code: 'T' }),
  el('acceptAckCode', { code: 'NE' }),
  device('receiver', ROOTS.ackReportReceiver, 'receiver', 'ACK.B.r.3'),
  device('sender', ROOTS.ackReportSender, 'sender', 'ACK.B.r.4'),
  attention('1', value('TS', tsOf('icsrMessageCreationTime', 'ACK.B.r.5'))),
  el(
    'acknowledgement',
    {},
    [
      el('targetMessage', {}, [ii(ROOT.messageId, 'icsrMessageNumber', 'ACK.B.r.1')]),
      el('acknowledgementDetail', {}, [txt('text', 'detail', 'ACK.B.r.7')]),
    ],
    { bind: attrOf('typeCode', 'code', 'ACK.B.r.6'), required: true },
  ),
]);

const ackSpec = el('MCCI_IN200101UV01', { ITSVersion: 'XML_1.0' }, [
  ii(ROOTS.ackBatch, 'batchNumber', 'ACK.M.1'),
  ts('creationTime', 'transmissionTime', 'ACK.M.4'),
  el('responseModeCode', { code: 'D' }),
  el('interactionId', { extension: 'MCCI_IN200101UV01', root: OID.hl7Interaction }),
  each('reports', reportSpec),
  device('receiver', ROOTS.ackBatchReceiver, 'batchReceiver', 'ACK.M.3'),
  device('sender', ROOTS.ackBatchSender, 'batchSender', 'ACK.M.2'),
  attention(
    '2',
    value('II', attrOf('extension', 'localMessageNumber', 'ACK.A.2'), { root: ROOTS.localMessage }),
  ),
  attention('3', value('TS', tsOf('icsrBatchTransmissionTime', 'ACK.A.3'))),
  el(
    'acknowledgement',
    {},
    [
      el('targetBatch', {}, [ii(ROOT.batchNumber, 'icsrBatchNumber', 'ACK.A.1')], { required: true }),
      el('acknowledgementDetail', {}, [el('text', {}, [], { bind: textOf('batchError', 'ACK.A.5') })]),
    ],
    { bind: attrOf('typeCode', 'code', 'ACK.A.4') },
  ),
]);

/** Writes an acknowledgement (check it with `validateXsd(xml, 'acknowledgement')`). */
export function buildAcknowledgement(ack: Acknowledgement): string {
  return writeDocument(ackSpec, ack);
}

export interface ParsedAcknowledgement extends Acknowledgement {
  reports: (ReportAcknowledgement & { messages: string[] })[];
  /** What the file held that has no place here, verbatim. */
  unmapped: Unmapped[];
}

/**
 * A time in UTC written with ISO's `Z` (`20241203101500Z`), which HL7's TS does not have, as
 * the `+0000` it means. Gateways do send it; an acknowledgement is read for what it says
 * (issue 26). Text elsewhere is left alone: only a `value` attribute of digits and `Z`.
 */
const zulu = (xml: string | Uint8Array) =>
  typeof xml === 'string'
    ? xml.replace(/(\svalue\s*=\s*["'][0-9]{8,14}(?:\.[0-9]{1,4})?)Z(["'])/g, '$1+0000$2')
    : xml;

/** The acknowledgement checked against the ICH schema, a `Z` time read as `+0000`. */
export function acknowledgementSchemaErrors(xml: string | Uint8Array, limits: ParseLimits = {}): XsdError[] {
  return validateXsd(zulu(xml), 'acknowledgement', limits);
}

/** Reads an acknowledgement a receiver sent back; per-report error texts are split on ";". */
export function parseAcknowledgement(
  xml: string | Uint8Array,
  limits: ParseLimits = {},
): ParsedAcknowledgement {
  const tree = parseRoot(zulu(xml), 'MCCI_IN200101UV01', limits);
  const reader = new Reader();
  const ctx: Record<string, unknown> = {};
  reader.read(ackSpec, tree, ctx);
  const ack = ctx as unknown as Acknowledgement;
  return {
    ...ack,
    reports: (ack.reports ?? []).map((r) => ({
      ...r,
      messages: (r.detail ?? '')
        .split(';')
        .map((e) => e.trim())
        .filter((e) => e !== ''),
    })),
    unmapped: reader.unmapped(tree, '/MCCI_IN200101UV01'),
  };
}

export interface AcknowledgeOptions {
  batchNumber: string;
  sender: string;
  receiver: string;
  transmissionTime: string;
  /** The received batch's identifiers, when it could be read. */
  icsrBatchNumber?: string;
  icsrBatchTransmissionTime?: string;
  /** ACK.B.r.1 of each report, in order (C.1.1 of each case). */
  reportNumbers?: (string | undefined)[];
}

/** The acknowledgement Vigilo sends for a batch it received and validated. */
export function acknowledge(report: ValidationReport, options: AcknowledgeOptions): Acknowledgement {
  const problems = (fs: { severity: string; message: string }[]) =>
    fs
      .filter((f) => f.severity === 'error')
      .map((f) => f.message)
      .join('; ');
  const batchProblem = problems(report.findings);
  const reports: ReportAcknowledgement[] = report.cases.map((c, i) => {
    const detail = problems(c.findings);
    return {
      icsrMessageNumber: options.reportNumbers?.[i],
      localReportNumber: `${options.batchNumber}-${i + 1}`,
      receiver: options.receiver,
      sender: options.sender,
      creationTime: options.transmissionTime,
      code: detail ? 'CR' : 'CA',
      ...(detail ? { detail } : {}),
    };
  });
  const code =
    batchProblem || reports.length === 0 ? 'AR' : reports.some((r) => r.code === 'CR') ? 'AE' : 'AA';
  return {
    batchNumber: options.batchNumber,
    batchSender: options.sender,
    batchReceiver: options.receiver,
    transmissionTime: options.transmissionTime,
    icsrBatchNumber: options.icsrBatchNumber ?? { nullFlavor: 'NI' },
    icsrBatchTransmissionTime: options.icsrBatchTransmissionTime,
    code,
    ...(batchProblem
      ? { batchError: batchProblem }
      : code === 'AE'
        ? { batchError: 'Some reports were rejected.' }
        : {}),
    reports,
  };
}
