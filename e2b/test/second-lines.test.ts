import { ParseOption, XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { importBatch, XmlInputError } from '../src/index.ts';
import { SAFE_PARSE_OPTIONS } from '../src/xml/parse.ts';
import { DEFAULT_SCHEMA_DIR, validatorFor } from '../src/xsd.ts';
import { readExample } from './fixtures.ts';

/**
 * The second lines of defence (issue 27): each test has an input only that line refuses,
 * so removing it fails here even while the first line (the DOCTYPE look, say) still holds.
 */
function code(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof XmlInputError) return error.code;
    throw error;
  }
  return undefined;
}

describe("libxml2's own refusal of external entities (behind the DOCTYPE look)", () => {
  it('loads no external entity, even with substitution asked and a file the schema provider may open', () => {
    // The schema provider opens files under the schema folder: the one place an entity could read.
    validatorFor('batch');
    const file = `file://${DEFAULT_SCHEMA_DIR}/multicacheschemas/MCCI_IN200100UV01.xsd`;
    const xml = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "${file}">]><r>&x;</r>`;
    // NOENT is the worst a caller could add; NO_XXE alone keeps the file out (without it
    // libxml2 reads the schema into the entity, and fails on its XML declaration).
    const doc = XmlDocument.fromString(xml, { option: SAFE_PARSE_OPTIONS | ParseOption.XML_PARSE_NOENT });
    try {
      expect(doc.root.content).toBe('');
    } finally {
      doc.dispose();
    }
  });
});

describe('the size cap counts bytes, not characters', () => {
  const example = readExample('FAERS2022Scenario1.xml');
  /** The example with a comment of three-byte characters (€) after its root, `bytes` long in all in UTF-8. */
  const padded = (bytes: number) => {
    const room = bytes - Buffer.byteLength(example) - '<!---->'.length;
    const euros = Math.floor(room / 3);
    return `${example}<!--${'€'.repeat(euros)}${'x'.repeat(room - euros * 3)}-->`;
  };
  const limit = 200_000;

  it('checks the helper: the padded file is as long as asked, in far fewer characters', () => {
    expect(Buffer.byteLength(padded(limit + 1))).toBe(200_001);
    // A count of UTF-16 code units would see it well under the cap.
    expect(padded(limit + 1).length).toBeLessThan(120_000);
  });

  it('refuses one byte over the limit in multi-byte text', () => {
    expect(code(() => importBatch(padded(limit + 1), { maxBytes: limit }))).toBe('XML_TOO_LARGE');
  });

  it('accepts exactly the limit in multi-byte text', () => {
    expect(code(() => importBatch(padded(limit), { maxBytes: limit }))).toBeUndefined();
    expect(code(() => importBatch(padded(limit - 1), { maxBytes: limit }))).toBeUndefined();
  });

  it('counts the bytes of a buffer as received', () => {
    const bytes = new TextEncoder().encode(padded(limit + 1));
    expect(code(() => importBatch(bytes, { maxBytes: limit }))).toBe('XML_TOO_LARGE');
    expect(
      code(() => importBatch(new TextEncoder().encode(padded(limit)), { maxBytes: limit })),
    ).toBeUndefined();
  });
});
