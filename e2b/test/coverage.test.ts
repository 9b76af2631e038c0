import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CaseDocument } from '@vigilo/contract';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../src/csv.ts';
import { importBatch } from '../src/index.ts';
import { allBindings } from '../src/mapping/spec/index.ts';
import { exampleFiles, handWrittenCase, readExample } from './fixtures.ts';

/** `E.i.2.1a` and `E.i.2.1b` are one value (version + code) in the mapping. */
const base = (id: string) => id.trim().replace(/[ab]$/, '');

function schemaIds(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const s of schema) schemaIds(s, out);
  else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (typeof s.e2b === 'string' && s.type !== 'object' && s.type !== 'array') out.add(base(s.e2b));
    for (const v of Object.values(s)) schemaIds(v, out);
  }
  return out;
}

const mappedIds = new Set(allBindings().flatMap((b) => [b.id, ...(b.alsoIds ?? [])].map(base)));

describe('the case document schema and the mapping describe the same fields', () => {
  it('every field of the schema is mapped to XML', () => {
    const unmapped = [...schemaIds(CaseDocument)].filter((id) => !mappedIds.has(id));
    expect(unmapped).toEqual([]);
  });

  it('every element of the FDA data-element table is mapped', () => {
    const rows = parseCsv(
      readFileSync(join(import.meta.dirname, '..', 'data', 'fda-icsr-data-elements.csv'), 'utf8'),
    );
    const elements = rows
      .slice(2)
      .map((r) => ({ id: r[2]!.trim(), xpath: (r[32] ?? '').trim() }))
      .filter(({ id }) => id !== '' && id !== '(Header)');
    // A group without an XPath of its own (FDA.G.k.12.r.7, the device manufacturer) is mapped
    // when its elements are.
    const mapped = ({ id, xpath }: { id: string; xpath: string }) =>
      mappedIds.has(base(id)) || (xpath === '' && [...mappedIds].some((m) => m.startsWith(`${base(id)}.`)));
    expect(elements.length).toBeGreaterThan(250);
    expect(elements.filter((e) => !mapped(e)).map((e) => e.id)).toEqual([]);
  });

  it('the hand-written case and every imported FDA example are valid case documents', () => {
    const check = Compile(CaseDocument);
    expect([...check.Errors(handWrittenCase)]).toEqual([]);
    for (const file of exampleFiles()) {
      for (const c of importBatch(readExample(file)).cases) {
        expect({ file, errors: [...check.Errors(c.document)] }).toEqual({ file, errors: [] });
      }
    }
  });
});
