import { describe, expect, it } from 'vitest';
import { importBatch, validateXsd, XmlInputError } from '../src/index.ts';
import { readExample } from './fixtures.ts';

/** Hostile or broken files are refused with a named problem, before any mapping. */
function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlInputError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('the input was accepted');
}

const batch = (inner: string) =>
  `<?xml version="1.0"?>\n${inner}<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3" ITSVersion="XML_1.0"><id root="2.16.840.1.113883.3.989.2.1.3.22" extension="&x;"/></MCCI_IN200100UV01>`;

describe('hardened parsing', () => {
  it('refuses an external entity that reads a local file (XXE)', () => {
    const r = refusal(() =>
      importBatch(batch('<!DOCTYPE MCCI_IN200100UV01 [<!ENTITY x SYSTEM "file:///etc/passwd">]>')),
    );
    expect(r.code).toBe('XML_DOCTYPE_REFUSED');
    expect(r.message).not.toMatch(/root:/);
  });

  it('refuses an external entity that fetches a URL', () => {
    const r = refusal(() =>
      importBatch(batch('<!DOCTYPE m [<!ENTITY x SYSTEM "http://127.0.0.1:9/secret">]>')),
    );
    expect(r.code).toBe('XML_DOCTYPE_REFUSED');
  });

  it('refuses entity expansion (billion laughs)', () => {
    const lol = ['<!ENTITY x0 "lol">'];
    for (let i = 1; i < 10; i++) lol.push(`<!ENTITY x${i} "${`&x${i - 1};`.repeat(10)}">`);
    const r = refusal(() => importBatch(batch(`<!DOCTYPE m [${lol.join('')}<!ENTITY x "&x9;">]>`)));
    expect(r.code).toBe('XML_DOCTYPE_REFUSED');
  });

  it('refuses the same attacks in the XSD validator', () => {
    expect(
      refusal(() => validateXsd(batch('<!DOCTYPE m [<!ENTITY x SYSTEM "file:///etc/passwd">]>'))).code,
    ).toBe('XML_DOCTYPE_REFUSED');
  });

  it('refuses a file over the size limit (20 MB by default, configurable)', () => {
    const big = `<a>${'x'.repeat(21 * 1024 * 1024)}</a>`;
    expect(refusal(() => importBatch(big)).code).toBe('XML_TOO_LARGE');
    const example = readExample('FAERS2022Scenario1.xml');
    const r = refusal(() => importBatch(example, { maxBytes: 10_000 }));
    expect(r).toEqual({
      code: 'XML_TOO_LARGE',
      message: `The file is ${Buffer.byteLength(example)} bytes; at most 10000 bytes are accepted.`,
    });
  });

  it('refuses 10,000 nested elements', () => {
    const deep = `<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</MCCI_IN200100UV01>`;
    expect(refusal(() => importBatch(deep)).code).toBe('XML_TOO_DEEP');
  });

  it('refuses nesting deeper than a configured limit', () => {
    const deep = `<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">${'<a>'.repeat(60)}${'</a>'.repeat(60)}</MCCI_IN200100UV01>`;
    expect(refusal(() => importBatch(deep, { maxDepth: 50 })).code).toBe('XML_TOO_DEEP');
  });

  it('refuses the right root in the wrong namespace, and the wrong root', () => {
    const wrongNs = readExample('FAERS2022Scenario1.xml').replace(
      'xmlns="urn:hl7-org:v3"',
      'xmlns="urn:example"',
    );
    expect(refusal(() => importBatch(wrongNs))).toEqual({
      code: 'XML_WRONG_ROOT',
      message:
        'Expected a MCCI_IN200100UV01 element in the namespace urn:hl7-org:v3; the file starts with MCCI_IN200100UV01 in urn:example.',
    });
    const ack = readExample('R3ack-positive.ack');
    expect(refusal(() => importBatch(ack)).code).toBe('XML_WRONG_ROOT');
  });

  it('refuses a truncated file and says where', () => {
    const example = readExample('FAERS2022Scenario1.xml');
    const r = refusal(() => importBatch(example.slice(0, example.length / 2)));
    expect(r.code).toBe('XML_MALFORMED');
    expect(r.message).toMatch(/^The file is not well-formed XML: .+ \(line \d+\)\.$/);
  });

  it('refuses text that is not XML at all', () => {
    expect(refusal(() => importBatch('{"not": "xml"}')).code).toBe('XML_MALFORMED');
  });
});
