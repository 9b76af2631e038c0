import { describe, expect, it } from 'vitest';
import {
  acknowledge,
  acknowledgementSchemaErrors,
  buildAcknowledgement,
  exportBatch,
  importBatch,
  parseAcknowledgement,
  validate,
  validateXsd,
} from '../src/index.ts';
import { batchHeader, handWrittenCase, messageHeader, readExample } from './fixtures.ts';

describe('acknowledgements', () => {
  it('reads the FDA negative acknowledgement into per-report, per-error results', () => {
    const ack = parseAcknowledgement(readExample('R3ack-negative.ack'));
    expect(ack).toMatchObject({
      batchNumber: '34137236',
      batchSender: 'ZZFDA',
      batchReceiver: '5467AB890012',
      transmissionTime: '2022-08-15T10:12:46-04:00',
      icsrBatchNumber: 'FAERS2022Scenario2-4069-a2dd-08002b30309d',
      localMessageNumber: '427044',
      code: 'AE',
      batchError: 'some ICSR message(s) need further action',
      unmapped: [],
    });
    expect(ack.reports).toHaveLength(1);
    expect(ack.reports[0]).toMatchObject({
      icsrMessageNumber: 'US-APHARMA-7644554',
      localReportNumber: '19426650',
      sender: 'CDER',
      code: 'CR',
      messages: [
        'Element value for SafetyCasePriority With Tag Id FDA.C.1.7.1 is Mandatory.',
        'Element value for CombinationProductReport With Tag Id FDA.C.1.12 is Mandatory.',
        'Patient Ethnicity Code (FDA.D.12) must be provided',
        'Element value for EthenicOrgin With Tag I...',
      ],
    });
  });

  it('reads an acknowledgement whose times are in UTC written "Z" (ISO), as +00:00', () => {
    const positive = readExample('R3ack-positive.ack');
    const zoned = positive
      .replace('<creationTime value="20220811135030-0400"/>', '<creationTime value="20220811175030Z"/>')
      .replaceAll(
        '<value value="20141214151617-0500" xsi:type="TS"/>',
        '<value value="20141214201617Z" xsi:type="TS"/>',
      );
    expect(zoned).not.toBe(positive);
    // HL7's TS has no "Z": the schema alone refuses it, the acknowledgement is read all the same.
    expect(validateXsd(zoned, 'acknowledgement').length).toBeGreaterThan(0);
    expect(acknowledgementSchemaErrors(zoned)).toEqual([]);
    const ack = parseAcknowledgement(zoned);
    expect(ack.transmissionTime).toBe('2022-08-11T17:50:30+00:00');
    expect(ack.icsrBatchTransmissionTime).toBe('2014-12-14T20:16:17+00:00');
    expect(ack.reports[0]!.icsrMessageCreationTime).toBe('2014-12-14T20:16:17+00:00');
    expect(ack.unmapped).toEqual([]);
  });

  it('reads the FDA positive acknowledgement', () => {
    const ack = parseAcknowledgement(readExample('R3ack-positive.ack'));
    expect(ack.code).toBe('AA');
    expect(ack.icsrBatchNumber).toBe('FAERS2022Scenario1-4069-a2dd-08002b30309d');
    expect(ack.reports.map((r) => [r.code, r.localReportNumber, r.messages])).toEqual([
      ['CA', '19426648', ['Report Loaded Successfully']],
    ]);
    expect(ack.unmapped).toEqual([]);
  });

  it('rebuilds both examples as schema-valid acknowledgements that read back the same', () => {
    for (const file of ['R3ack-negative.ack', 'R3ack-positive.ack']) {
      const { unmapped, ...ack } = parseAcknowledgement(readExample(file));
      const xml = buildAcknowledgement({ ...ack, reports: ack.reports.map(({ messages, ...r }) => r) });
      expect(validateXsd(xml, 'acknowledgement')).toEqual([]);
      expect(parseAcknowledgement(xml)).toEqual({ ...ack, unmapped });
    }
  });

  it('acknowledges a received batch: AE with CA for the good report and CR with the reasons for the bad one', () => {
    const bad = structuredClone(handWrittenCase);
    delete bad.C.senderSafetyReportId;
    const received = exportBatch(batchHeader, [
      { header: messageHeader, document: handWrittenCase },
      { header: { ...messageHeader, messageId: 'VIGILO-MSG-0002' }, document: bad },
    ]);
    const imported = importBatch(received);
    const ack = acknowledge(validate(received, 'ich', { now: new Date('2024-06-01') }), {
      batchNumber: 'ACK-1',
      sender: 'VIGILO',
      receiver: 'VIGILO-SENDER',
      transmissionTime: '2024-06-01T12:00:00+00:00',
      icsrBatchNumber: imported.batch.batchNumber,
      reportNumbers: imported.cases.map((c) => c.header.messageId),
    });
    expect(ack.code).toBe('AE');
    expect(ack.reports.map((r) => [r.icsrMessageNumber, r.code, r.detail])).toEqual([
      ['VIGILO-MSG-0001', 'CA', undefined],
      [
        'VIGILO-MSG-0002',
        'CR',
        'Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
      ],
    ]);
    const xml = buildAcknowledgement(ack);
    expect(validateXsd(xml, 'acknowledgement')).toEqual([]);
    expect(parseAcknowledgement(xml).reports[1]!.messages).toEqual([
      'Sender’s (case) Safety Report Unique Identifier (C.1.1) is missing: it is required.',
    ]);
  });

  it('rejects (AR) a file that is not an E2B batch', () => {
    const ack = acknowledge(validate('<oops/>'), {
      batchNumber: 'ACK-2',
      sender: 'VIGILO',
      receiver: 'UNKNOWN',
      transmissionTime: '2024-06-01T12:00:00+00:00',
    });
    expect(ack.code).toBe('AR');
    expect(ack.reports).toEqual([]);
    expect(ack.batchError).toMatch(/^Expected a MCCI_IN200100UV01 element/);
    expect(validateXsd(buildAcknowledgement(ack), 'acknowledgement')).toEqual([]);
  });
});
