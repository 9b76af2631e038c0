import { describe, expect, it } from 'vitest';
import { importBatch, isoToTs, tsToIso } from '../src/index.ts';
import { parseDocument, toTree } from '../src/xml/parse.ts';
import { tokenize } from '../src/xml/tokenize.ts';
import type { XNode } from '../src/xml/tree.ts';
import { exampleFiles, readExample } from './fixtures.ts';

/** libxml2-wasm reports line 1 for every node of a document parsed from memory: compare without lines. */
const withoutLines = (node: XNode): unknown => ({
  ...node,
  line: undefined,
  children: node.children.map(withoutLines),
});

describe('the JavaScript tree builder', () => {
  it('builds exactly the tree libxml2 builds, for every FDA example and acknowledgement', () => {
    for (const file of [...exampleFiles(), 'R3ack-negative.ack', 'R3ack-positive.ack']) {
      const xml = readExample(file);
      const doc = parseDocument(xml);
      try {
        expect(withoutLines(tokenize(xml, 100))).toEqual(withoutLines(toTree(doc.root, 100)));
      } finally {
        doc.dispose();
      }
    }
  });

  it('resolves prefixes, entities, character references, CDATA and CRLF as libxml2 does', () => {
    const xml =
      '<?xml version="1.0"?>\r\n<!-- c --><h:r xmlns:h="urn:hl7-org:v3" xmlns:x="http://www.w3.org/2001/XMLSchema-instance" ' +
      'a=\'1 &amp; &#x41;&#66;\n2\' x:type="ST"><h:t>x &lt;y&gt;<![CDATA[<z>]]>\r\nq</h:t><h:e/></h:r>';
    const doc = parseDocument(xml);
    try {
      expect(withoutLines(tokenize(xml, 100))).toEqual(withoutLines(toTree(doc.root, 100)));
    } finally {
      doc.dispose();
    }
  });

  it('gives the line of each element', () => {
    const tree = tokenize(readExample('FAERS2022Scenario1.xml'), 100);
    expect(tree.line).toBe(8);
    expect(tree.children.map((c) => [c.name, c.line]).slice(0, 3)).toEqual([
      ['id', 9],
      ['creationTime', 11],
      ['responseModeCode', 13],
    ]);
  });

  it('imports a message written with a namespace prefix like the same message without one', () => {
    const plain = readExample('FAERS2022Scenario1.xml');
    const prefixed = plain
      .replace('xmlns="urn:hl7-org:v3"', 'xmlns:hl7="urn:hl7-org:v3"')
      .replace(/<(\/?)([A-Za-z])/g, '<$1hl7:$2');
    expect(importBatch(prefixed).cases[0]!.document).toEqual(importBatch(plain).cases[0]!.document);
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
