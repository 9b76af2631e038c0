import { describe, expect, it } from 'vitest';
import { parseDocument, parseRoot, parseRootDocument, toTree, XmlInputError } from '../src/xml/parse.ts';
import { escapeAttr, escapeText, fragment, HL7_NS, type XNode } from '../src/xml/tree.ts';

/**
 * The XML reader's edges, each expectation written by hand (issue 27, decision 0325): the size
 * and depth limits at their boundary, the refusals' details, lone CRs in UTF-16, and the
 * fragment writer's namespaces and escapes.
 */
function refusal(run: () => unknown): XmlInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlInputError) return error;
    throw error;
  }
  throw new Error('the input was accepted');
}

const le = (text: string, bom = false) =>
  Buffer.concat([Buffer.from(bom ? [0xff, 0xfe] : []), Buffer.from(text, 'utf16le')]);
const be = (text: string, bom = false) =>
  Buffer.concat([Buffer.from(bom ? [0xfe, 0xff] : []), Buffer.from(text, 'utf16le').swap16()]);

/** The name and line of each element, depth first. */
const lines = (node: XNode): [string, number][] => [[node.name, node.line], ...node.children.flatMap(lines)];

describe('the size limit', () => {
  it('accepts a file of exactly the limit and refuses one byte more, with both figures', () => {
    const xml = '<r xmlns="urn:hl7-org:v3"/>'; // 27 bytes
    expect(parseRoot(xml, 'r', { maxBytes: 27 }).name).toBe('r');
    const error = refusal(() => parseRoot(xml, 'r', { maxBytes: 26 }));
    expect(error.code).toBe('XML_TOO_LARGE');
    expect(error.message).toBe('The file is 27 bytes; at most 26 bytes are accepted.');
    expect(error.details).toEqual({ bytes: 27, maxBytes: 26 });
    expect(error.line).toBeUndefined();
    expect(error.name).toBe('XmlInputError');
  });

  it('counts a string in UTF-8 bytes, not in characters', () => {
    const xml = '<r xmlns="urn:hl7-org:v3">é</r>'; // 31 characters, 32 bytes
    expect(refusal(() => parseRoot(xml, 'r', { maxBytes: 31 })).details).toEqual({ bytes: 32, maxBytes: 31 });
    expect(parseRoot(xml, 'r', { maxBytes: 32 }).text).toBe('é');
  });

  it('counts bytes as received', () => {
    const bytes = le('<r xmlns="urn:hl7-org:v3"/>', true); // 2 + 27 × 2
    expect(refusal(() => parseRoot(bytes, 'r', { maxBytes: 55 })).details).toEqual({
      bytes: 56,
      maxBytes: 55,
    });
    expect(parseRoot(bytes, 'r', { maxBytes: 56 }).name).toBe('r');
  });
});

describe('document types', () => {
  it('refuses a DOCTYPE in any case, and an entity declaration alone', () => {
    for (const xml of [
      '<!doctype r><r/>',
      '<!DocType r><r/>',
      '<r><!ENTITY x "y"></r>',
      '<r><!entity x "y"></r>',
    ]) {
      const error = refusal(() => parseDocument(xml));
      expect(error.code).toBe('XML_DOCTYPE_REFUSED');
      expect(error.message).toBe(
        'The file declares a DOCTYPE or entities; E2B(R3) messages never do, so it is refused.',
      );
      expect(error.details).toEqual({});
    }
  });

  it('refuses a DOCTYPE written in UTF-16 without a byte order mark, either byte order', () => {
    expect(refusal(() => parseDocument(le('<!DOCTYPE r><r/>'))).code).toBe('XML_DOCTYPE_REFUSED');
    expect(refusal(() => parseDocument(be('<!DOCTYPE r><r/>'))).code).toBe('XML_DOCTYPE_REFUSED');
    expect(refusal(() => parseDocument(be('<!DOCTYPE r><r/>', true))).code).toBe('XML_DOCTYPE_REFUSED');
  });
});

describe('encodings and line ends', () => {
  const doc =
    '<?xml version="1.0" encoding="UTF-16"?>\r<r xmlns="urn:hl7-org:v3">\r<a>x</a>\r\n<b/>\r\r<c/></r>';
  const expected: [string, number][] = [
    ['r', 2],
    ['a', 3],
    ['b', 4],
    ['c', 6],
  ];

  it('reads UTF-16 big-endian without a byte order mark', () => {
    const xml = '<?xml version="1.0" encoding="UTF-16"?><r xmlns="urn:hl7-org:v3">ä</r>';
    expect(parseRoot(be(xml), 'r').text).toBe('ä');
  });

  it('counts lone CRs, CRLF and LF as one line each, in UTF-8 and in UTF-16 of either byte order', () => {
    expect(lines(parseRoot(doc, 'r'))).toEqual(expected);
    expect(lines(parseRoot(Buffer.from(doc.replace('UTF-16', 'UTF-8')), 'r'))).toEqual(expected);
    expect(lines(parseRoot(le(doc, true), 'r'))).toEqual(expected);
    expect(lines(parseRoot(le(doc), 'r'))).toEqual(expected);
    expect(lines(parseRoot(be(doc, true), 'r'))).toEqual(expected);
    expect(lines(parseRoot(be(doc), 'r'))).toEqual(expected);
  });

  it('keeps characters whose UTF-16 code units hold the byte of a CR or an LF', () => {
    // U+010D "č" is 0D 01 in little-endian and 01 0D in big-endian; U+0A0D is 0D 0A and 0A 0D.
    const text =
      '<?xml version="1.0" encoding="UTF-16"?><r xmlns="urn:hl7-org:v3">\rč\u0a0d\u0d0a\r\u010a</r>';
    for (const bytes of [le(text, true), be(text, true), le(text), be(text)]) {
      const tree = parseRoot(bytes, 'r');
      // Each lone CR is read as LF: a CR followed by "Ċ" (U+010A, 0A 01) is still a lone CR.
      expect(tree.text).toBe('\nč\u0a0d\u0d0a\n\u010a');
    }
  });

  it('counts a lone CR before a code unit holding the byte of an LF as a line, in UTF-16 of either byte order', () => {
    // "Ċ" (U+010A) is 0A 01 in little-endian and 01 0A in big-endian: not an LF, so the CR before it is alone.
    const text =
      '<?xml version="1.0" encoding="UTF-16"?><r xmlns="urn:hl7-org:v3">\r\u010a<a/>\u0a01\r<b/></r>';
    for (const bytes of [le(text, true), be(text, true), le(text), be(text)]) {
      expect(lines(parseRoot(bytes, 'r'))).toEqual([
        ['r', 1],
        ['a', 2],
        ['b', 3],
      ]);
    }
  });

  it('leaves the line of a file without CRs as libxml2 counts it', () => {
    expect(lines(parseRoot('<r xmlns="urn:hl7-org:v3">\n<a/>\n\n<b/></r>', 'r'))).toEqual([
      ['r', 1],
      ['a', 2],
      ['b', 4],
    ]);
  });
});

describe('malformed files', () => {
  it('says why and where, with both in the details', () => {
    const error = refusal(() => parseDocument('<r>\n<a></b>\n</r>'));
    expect(error.code).toBe('XML_MALFORMED');
    expect(error.line).toBe(2);
    expect(error.details).toEqual({ reason: 'Opening and ending tag mismatch: a line 2 and b', line: 2 });
    expect(error.message).toBe(
      'The file is not well-formed XML: Opening and ending tag mismatch: a line 2 and b (line 2).',
    );
  });

  it('refuses nesting deeper than libxml2 reads as too deep, without a reason to show', () => {
    const deep = `${'<a>'.repeat(300)}${'</a>'.repeat(300)}`;
    const error = refusal(() => parseDocument(deep));
    expect(error.code).toBe('XML_TOO_DEEP');
    expect(error.message).toBe('The file nests elements too deeply to be an E2B(R3) message.');
    expect(error.details).toEqual({});
  });
});

describe('the root element', () => {
  it('refuses a root in no namespace, saying so, with the details', () => {
    const error = refusal(() => parseRootDocument('\n<r/>', 'r'));
    expect(error.code).toBe('XML_WRONG_ROOT');
    expect(error.message).toBe(
      'Expected a r element in the namespace urn:hl7-org:v3; the file starts with r in no namespace.',
    );
    expect(error.line).toBe(2);
    expect(error.details).toEqual({ expected: 'r', namespace: HL7_NS, found: 'r', foundNamespace: '' });
  });

  it('refuses another root in the HL7 namespace', () => {
    const error = refusal(() => parseRootDocument('<s xmlns="urn:hl7-org:v3"/>', 'r'));
    expect(error.message).toBe(
      'Expected a r element in the namespace urn:hl7-org:v3; the file starts with s in urn:hl7-org:v3.',
    );
    expect(error.details).toEqual({ expected: 'r', namespace: HL7_NS, found: 's', foundNamespace: HL7_NS });
  });

  it('leaves white space between elements out of the tree, and keeps it inside text', () => {
    const tree = parseRoot('<r xmlns="urn:hl7-org:v3">\n  <a> x </a>\n</r>', 'r');
    expect(tree.text).toBe('');
    expect(tree.children[0]!.text).toBe(' x ');
  });
});

describe('the tree', () => {
  const nested = (levels: number) =>
    `<r xmlns="urn:hl7-org:v3">${'\n<a>'.repeat(levels - 1)}${'</a>'.repeat(levels - 1)}</r>`;

  it('accepts exactly maxDepth levels and refuses one more, at the line of the element too deep', () => {
    expect(lines(parseRoot(nested(3), 'r', { maxDepth: 3 }))).toEqual([
      ['r', 1],
      ['a', 2],
      ['a', 3],
    ]);
    const error = refusal(() => parseRoot(nested(4), 'r', { maxDepth: 3 }));
    expect(error.code).toBe('XML_TOO_DEEP');
    expect(error.message).toBe('Elements nest deeper than 3 levels.');
    expect(error.line).toBe(4);
  });

  it('nests 100 levels by default, not 101', () => {
    expect(parseRoot(nested(100), 'r').name).toBe('r');
    expect(refusal(() => parseRoot(nested(101), 'r')).message).toBe('Elements nest deeper than 100 levels.');
    const doc = parseDocument(nested(101));
    try {
      expect(refusal(() => toTree(doc.root)).message).toBe('Elements nest deeper than 100 levels.');
      expect(toTree(doc.root, 101).children).toHaveLength(1);
    } finally {
      doc.dispose();
    }
  });

  it('joins text and CDATA, and leaves comments and processing instructions out', () => {
    const tree = parseRoot(
      '<r xmlns="urn:hl7-org:v3">a<!-- not data -->b<?pi also not?><![CDATA[<c>]]>d<e/>f</r>',
      'r',
    );
    expect(tree.text).toBe('ab<c>df');
    expect(tree.children.map((c) => c.name)).toEqual(['e']);
  });

  it('keys attributes by namespace: none, xsi, xml, and any other as {uri}name', () => {
    const tree = parseRoot(
      '<r xmlns="urn:hl7-org:v3" xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns:v="urn:vendor" ' +
        'plain="1" i:type="ST" xml:lang="fr" v:by="me"/>',
      'r',
    );
    expect(tree.attrs).toEqual({ plain: '1', 'xsi:type': 'ST', 'xml:lang': 'fr', '{urn:vendor}by': 'me' });
  });

  it('gives each element its own namespace, and none as empty', () => {
    const tree = parseRoot('<r xmlns="urn:hl7-org:v3"><v:a xmlns:v="urn:vendor"/><b xmlns=""/></r>', 'r');
    expect(tree.children.map((c) => [c.name, c.ns])).toEqual([
      ['a', 'urn:vendor'],
      ['b', ''],
    ]);
  });
});

describe('fragments', () => {
  const node = (name: string, more: Partial<XNode> = {}): XNode => ({
    name,
    ns: HL7_NS,
    attrs: {},
    children: [],
    text: '',
    line: 0,
    ...more,
  });

  it('writes an empty element closed, one with text open and closed, on one line', () => {
    expect(fragment(node('a'))).toBe('<a/>');
    expect(fragment(node('a', { text: 'x' }))).toBe('<a>x</a>');
  });

  it('indents children by a tab per level, with the parent text after its start tag', () => {
    const tree = node('a', {
      text: 't',
      children: [node('b', { children: [node('c', { text: 'z' })] }), node('d')],
    });
    expect(fragment(tree)).toBe('<a>t\n\t<b>\n\t\t<c>z</c>\n\t</b>\n\t<d/>\n</a>');
  });

  it('declares a namespace where it changes, and the HL7 one again under a foreign element', () => {
    const tree = node('v', {
      ns: 'urn:vendor',
      children: [node('w', { ns: 'urn:vendor' }), node('h'), node('n', { ns: '' })],
    });
    expect(fragment(tree)).toBe(
      '<v xmlns="urn:vendor">\n\t<w/>\n\t<h xmlns="urn:hl7-org:v3"/>\n\t<n xmlns=""/>\n</v>',
    );
  });

  it('gives each foreign attribute a prefix of its own, and writes the others by their key', () => {
    const tree = node('a', {
      attrs: { '{urn:one}first': '1', 'xsi:type': 'ST', '{urn:two&}second': '<2>', plain: 'p' },
    });
    expect(fragment(tree)).toBe(
      '<a xmlns:ns1="urn:one" ns1:first="1" xsi:type="ST" xmlns:ns2="urn:two&amp;" ns2:second="&lt;2&gt;" plain="p"/>',
    );
  });

  it('escapes attribute values and text, each as XML needs', () => {
    expect(escapeAttr('a&b<c>d"e\nf\rg\th\'')).toBe("a&amp;b&lt;c&gt;d&quot;e&#10;f&#13;g&#9;h'");
    expect(escapeText('a&b<c>d"e\nf\rg\th&&')).toBe('a&amp;b&lt;c&gt;d"e\nf&#13;g\th&amp;&amp;');
    expect(fragment(node('a', { ns: 'urn:"x"', attrs: { k: '"\t' }, text: '<&>' }))).toBe(
      '<a xmlns="urn:&quot;x&quot;" k="&quot;&#9;">&lt;&amp;&gt;</a>',
    );
    expect(fragment(node('a', { text: '&', children: [node('b')] }))).toBe('<a>&amp;\n\t<b/>\n</a>');
  });
});
