import type { CaseDocument } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { type BatchHeader, type MessageHeader, validate } from '../src/index.ts';
import { batchHeader, handWrittenCase, messageHeader, readExample } from './fixtures.ts';

/**
 * Minimum date precision (issue 26, item 6). The ICH business rules of the data-element table
 * say, in words: C.1.4, C.1.5 and D.2.1 "Minimum precision required is the day (i.e.
 * 'CCYYMMDD')", C.1.2 "… date and time to the second", N.1.5 and N.2.r.4 "The full precision of
 * date and time must be recorded down to the second"; E.i.4 "… the year (i.e. 'CCYY')".
 */
const NOW = new Date('2024-06-01T00:00:00Z');
const precision = (
  change: (doc: CaseDocument) => void,
  batch: Partial<BatchHeader> = {},
  header: Partial<MessageHeader> = {},
) => {
  const document = structuredClone(handWrittenCase);
  change(document);
  return validate(
    {
      batch: { ...batchHeader, ...batch },
      messages: [{ header: { ...messageHeader, ...header }, document }],
    },
    'ich',
    { now: NOW },
  )
    .cases[0]!.findings.filter((f) => f.rule === 'ICH-DATE-PRECISION')
    .map((f) => [f.dataElement, f.casePath, f.message]);
};

describe('minimum date precision', () => {
  it('a year alone for C.1.5 is not enough: the day is', () => {
    expect(
      precision((d) => {
        d.C.mostRecentInformationDate = '2022';
      }),
    ).toEqual([
      [
        'C.1.5',
        'C.mostRecentInformationDate',
        'Date of Most Recent Information for This Report (C.1.5) "2022" is not precise enough: give at least the day (CCYYMMDD).',
      ],
    ]);
    expect(
      precision((d) => {
        d.C.mostRecentInformationDate = '2022-03-07';
      }),
    ).toEqual([]);
  });

  it('a month for C.1.4 is not enough; a year for E.i.4 is', () => {
    expect(
      precision((d) => {
        d.C.firstReceivedDate = '2024-02';
        d.E!.reactions![0]!.startDate = '2024';
      }).map(([id]) => id),
    ).toEqual(['C.1.4']);
  });

  it('C.1.2 to the minute is not enough: the second is', () => {
    expect(
      precision((d) => {
        d.C.creationDate = '2024-03-07T14:05+01:00';
      }),
    ).toEqual([
      [
        'C.1.2',
        'C.creationDate',
        'Date of Creation (C.1.2) "2024-03-07T14:05+01:00" is not precise enough: give at least the time to the second (CCYYMMDDhhmmss).',
      ],
    ]);
    expect(
      precision((d) => {
        d.C.creationDate = '2024-03-07T14:05:09';
      }),
    ).toEqual([]);
  });

  it('N.1.5 and N.2.r.4 to the second, in the headers', () => {
    expect(
      precision(() => {}, { transmissionTime: '2024-03-07' }, { messageCreationTime: '2024-03-07T14' }).map(
        ([id, path]) => [id, path],
      ),
    ).toEqual([
      ['N.1.5', 'N.transmissionTime'],
      ['N.2.r.4', 'N.messageCreationTime'],
    ]);
  });

  it('an FDA example with C.1.5 cut to the year gets the finding from its XML, in French too', () => {
    const xml = readExample('FAERS2022Scenario1.xml');
    const cut = xml.replace(/<availabilityTime value="\d+[^"]*"/, '<availabilityTime value="2022"');
    expect(cut).not.toBe(xml);
    const fr = validate(cut, 'ich', { now: NOW, language: 'fr' }).cases[0]!.findings.filter(
      (f) => f.rule === 'ICH-DATE-PRECISION',
    );
    expect(fr.map((f) => f.message)).toEqual([
      'Date de l’information la plus récente pour ce rapport (C.1.5) « 2022 » n’est pas assez précis : indiquez au moins le jour (AAAAMMJJ).',
    ]);
    expect(
      validate(xml, 'ich', { now: NOW }).cases[0]!.findings.filter((f) => f.rule === 'ICH-DATE-PRECISION'),
    ).toEqual([]);
  });
});
