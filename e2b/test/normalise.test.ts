import { describe, expect, it } from 'vitest';
import { importBatch } from '../src/index.ts';
import { readExample } from './fixtures.ts';

/**
 * Codes written in the wrong case are stored in the right one, and said (issue 26, item 5;
 * decision 0222): ISO countries upper case, ISO 639-2 languages lower case, null flavours upper
 * case. Nothing else is guessed: a UCUM unit keeps its case (`A` is ampere, `a` a year).
 */
const scenario1 = readExample('FAERS2022Scenario1.xml');

describe('codes in the wrong case', () => {
  it('are stored in the right case, each said with the value received', () => {
    const xml = scenario1
      .replace(/(<locatedPlace determinerCode="INSTANCE" classCode="COUNTRY">\s*<code code=")US(")/, '$1eu$2')
      .replace('<value xsi:type="BL" nullFlavor="NI"/>', '<value xsi:type="BL" nullFlavor="ni"/>')
      .replace(
        '<value xsi:type="CE" code="10027940" codeSystem="2.16.840.1.113883.6.163" codeSystemVersion="25.0"/>',
        '<value xsi:type="CE" code="10027940" codeSystem="2.16.840.1.113883.6.163" codeSystemVersion="25.0"><originalText language="FRA">thrombose</originalText></value>',
      );
    const [only] = importBatch(xml).cases;
    expect(only!.document.E!.reactions![0]).toMatchObject({ country: 'EU', nativeTermLanguage: 'fra' });
    expect(only!.normalised).toEqual(
      expect.arrayContaining([
        {
          casePath: 'E.reactions[0].nativeTermLanguage',
          dataElement: 'E.i.1.1b',
          received: 'FRA',
          stored: 'fra',
        },
        { casePath: 'E.reactions[0].country', dataElement: 'E.i.9', received: 'eu', stored: 'EU' },
        { casePath: 'E.reactions[0].resultsInDeath', dataElement: 'E.i.3.2a', received: 'ni', stored: 'NI' },
      ]),
    );
  });

  it('leave a unit as it came, and say nothing of a case already right', () => {
    const [only] = importBatch(
      scenario1.replace(
        '<value value="48" unit="a" xsi:type="PQ"/>',
        '<value value="48" unit="A" xsi:type="PQ"/>',
      ),
    ).cases;
    expect(only!.document.D!.ageAtOnset).toEqual({ value: '48', unit: 'A' });
    expect(only!.normalised).toEqual([]);
  });
});
