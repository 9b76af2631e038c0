import { describe, expect, it } from 'vitest';
import { importBatch, isoToTs, tsToIso, XmlInputError } from '../src/index.ts';
import { parseRoot } from '../src/xml/parse.ts';
import { readExample } from './fixtures.ts';

/**
 * Every input is read by one parser, libxml2's, whatever its encoding (decision 0220): the
 * same message in UTF-8, UTF-16 or ISO-8859-1 gives the same case, and what libxml2 accepts
 * as XML (a processing instruction anywhere, `xml:lang`) is read the same way in each.
 */
const scenario1 = readExample('FAERS2022Scenario1.xml');
/** The example with a non-ASCII name every encoding below can carry (ISO-8859-1 included). */
const accented = scenario1.replace('<name>Drug A</name>', '<name>Médicament Ä</name>');
const inEncoding = (xml: string, encoding: string) =>
  xml.replace(/encoding="[^"]*"/, `encoding="${encoding}"`);
const utf16le = (xml: string, bom: boolean) =>
  Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(inEncoding(xml, 'UTF-16'), 'utf16le')]);
const utf16be = (xml: string) => {
  const le = Buffer.from(inEncoding(xml, 'UTF-16'), 'utf16le');
  return Buffer.concat([Buffer.from([0xfe, 0xff]), le.swap16()]);
};
const casesOf = (input: string | Uint8Array) => importBatch(input).cases;

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlInputError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the input was accepted');
}

describe('the one XML reader', () => {
  const expected = casesOf(accented);

  it('reads the example as its text and as UTF-8 bytes alike', () => {
    expect(expected[0]!.document.G!.drugs![0]!.name).toBe('Médicament Ä');
    expect(casesOf(Buffer.from(accented, 'utf8'))).toEqual(expected);
  });

  it('reads UTF-16 with a byte order mark, little- and big-endian, and without one', () => {
    expect(casesOf(utf16le(accented, true))).toEqual(expected);
    expect(casesOf(utf16be(accented))).toEqual(expected);
    expect(casesOf(utf16le(accented, false))).toEqual(expected);
  });

  it('reads ISO-8859-1 with a vendor processing instruction inside the message, losing nothing after it', () => {
    const withPi = inEncoding(accented, 'ISO-8859-1').replace(
      '<PORR_IN049016UV>',
      '<PORR_IN049016UV><?vendor-export build="7.2"?>',
    );
    const latin1 = Buffer.from(withPi, 'latin1');
    expect(latin1.includes(Buffer.from([0xe9, 0x64]))).toBe(true); // "éd" in one byte each: an 8-bit file
    expect(casesOf(latin1)).toEqual(expected);
    expect(casesOf(withPi)).toEqual(expected);
  });

  it('names xml:lang the same way in every encoding, and reports it as not mapped', () => {
    const lang = accented.replace('<text>', '<text xml:lang="en">');
    const where =
      '/MCCI_IN200100UV01/PORR_IN049016UV[1]/controlActProcess[1]/subject[1]/investigationEvent[1]/text[1]/@xml:lang';
    for (const input of [lang, utf16le(lang, true), Buffer.from(inEncoding(lang, 'ISO-8859-1'), 'latin1')]) {
      const [only] = casesOf(input);
      expect(only!.unmapped.filter((u) => u.xpath === where)).toEqual([
        { xpath: where, content: 'en', line: 51 },
      ]);
    }
  });

  it('refuses an encoding it cannot read, in words', () => {
    expect(refusal(() => importBatch(Buffer.from(inEncoding(scenario1, 'EBCDIC-US'))))).toEqual({
      code: 'XML_MALFORMED',
      message: 'The file is not well-formed XML: Unsupported encoding: EBCDIC-US (line 1).',
    });
  });

  it('resolves prefixes, entities, character references, CDATA and CRLF', () => {
    const xml =
      '<?xml version="1.0"?>\r\n<!-- c --><h:r xmlns:h="urn:hl7-org:v3" xmlns:x="http://www.w3.org/2001/XMLSchema-instance" ' +
      'a=\'1 &amp; &#x41;&#66;\n2\' x:type="ST"><h:t>x &lt;y&gt;<![CDATA[<z>]]>\r\nq</h:t><h:e/></h:r>';
    expect(parseRoot(xml, 'r')).toEqual({
      name: 'r',
      ns: 'urn:hl7-org:v3',
      attrs: { a: '1 & AB 2', 'xsi:type': 'ST' },
      text: '',
      // libxml2 gives the line where a start tag ends.
      line: 3,
      children: [
        { name: 't', ns: 'urn:hl7-org:v3', attrs: {}, children: [], text: 'x <y><z>\nq', line: 3 },
        { name: 'e', ns: 'urn:hl7-org:v3', attrs: {}, children: [], text: '', line: 4 },
      ],
    });
  });

  it('gives the line of each element, in files ending lines with CRLF or CR alone', () => {
    const tree = parseRoot(scenario1, 'MCCI_IN200100UV01');
    expect(tree.line).toBe(8);
    expect(tree.children.map((c) => [c.name, c.line]).slice(0, 3)).toEqual([
      ['id', 9],
      ['creationTime', 11],
      ['responseModeCode', 13],
    ]);
    const cr = parseRoot(readExample('FAERS2022Scenario5-1.xml'), 'MCCI_IN200100UV01');
    expect(cr.children.map((c) => [c.name, c.line]).slice(0, 2)).toEqual([
      ['id', 8],
      ['creationTime', 10],
    ]);
  });

  it('imports a message written with a namespace prefix like the same message without one', () => {
    const prefixed = scenario1
      .replace('xmlns="urn:hl7-org:v3"', 'xmlns:hl7="urn:hl7-org:v3"')
      .replace(/<(\/?)([A-Za-z])/g, '<$1hl7:$2');
    expect(importBatch(prefixed).cases[0]!.document).toEqual(importBatch(scenario1).cases[0]!.document);
  });

  it('reports an element of a foreign namespace, and its attributes, verbatim', () => {
    const vendor = scenario1.replace(
      '<PORR_IN049016UV>',
      '<PORR_IN049016UV><v:note xmlns:v="urn:vendor" v:by="export">kept</v:note>',
    );
    const [only] = importBatch(vendor).cases;
    expect(only!.unmapped[0]).toMatchObject({
      xpath: '/MCCI_IN200100UV01/PORR_IN049016UV[1]/note[1]',
      content: '<note xmlns="urn:vendor" xmlns:ns1="urn:vendor" ns1:by="export">kept</note>',
    });
  });
});

describe('partial dates', () => {
  it('map HL7 TS to ISO and back at every precision', () => {
    const pairs: [string, string][] = [
      ['2024', '2024'],
      ['202403', '2024-03'],
      ['20240307', '2024-03-07'],
      ['2024030714', '2024-03-07T14'],
      ['202403071405', '2024-03-07T14:05'],
      ['20240307140509', '2024-03-07T14:05:09'],
      ['20240307140509.25+0100', '2024-03-07T14:05:09.25+01:00'],
      ['20220614101010-0500', '2022-06-14T10:10:10-05:00'],
    ];
    for (const [ts, iso] of pairs) {
      expect(tsToIso(ts)).toBe(iso);
      expect(isoToTs(iso)).toBe(ts);
    }
  });

  it('refuse what is not a date', () => {
    expect(tsToIso('2024-03')).toBeUndefined();
    expect(tsToIso('20240307.5')).toBeUndefined();
    expect(() => isoToTs('2024-3-7')).toThrow(RangeError);
    expect(() => isoToTs('2024-03T10')).toThrow(RangeError);
  });
});
