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

const mappedIds = new Set(allBindings().map((b) => base(b.id)));

describe('the case document schema and the mapping describe the same fields', () => {
  it('every field of the schema is mapped to XML', () => {
    const unmapped = [...schemaIds(CaseDocument)].filter((id) => !mappedIds.has(id));
    expect(unmapped).toEqual([]);
  });

  it('every element of the FDA data-element table is mapped, except the ones listed here by hand', () => {
    const rows = parseCsv(
      readFileSync(join(import.meta.dirname, '..', 'data', 'fda-icsr-data-elements.csv'), 'utf8'),
    );
    const ids = rows
      .slice(2)
      .map((r) => r[2]!.trim())
      .filter((id) => id !== '' && id !== '(Header)');
    const notMapped = ids.filter((id) => !mappedIds.has(base(id)));
    expect(notMapped).toEqual([
      // PhPID: its XPath is MPID's own `kindOfProduct/code` and its code system is "TBD".
      'D.8.r.3a',
      'D.8.r.3b',
      'D.10.8.r.3a',
      'D.10.8.r.3b',
      // FDA-only codes without an XPath in the table or the examples.
      'FDA.G.k.1.a',
      'G.k.2.1.2a',
      'G.k.2.1.2b',
      'FDA.G.k.10a',
      'FDA.G.k.10.1',
      // FDA device information: kept verbatim in `unmapped` on import (decision 0041).
      'FDA.G.k.12.r.1',
      'FDA.G.k.12.r.2.r',
      'FDA.G.k.12.r.3.r',
      'FDA.G.k.12.r.4',
      'FDA.G.k.12.r.5',
      'FDA.G.k.12.r.6',
      'FDA.G.k.12.r.7',
      'FDA.G.k.12.r.7.1a',
      'FDA.G.k.12.r.7.1b',
      'FDA.G.k.12.r.7.1c',
      'FDA.G.k.12.r.7.1d',
      'FDA.G.k.12.r.7.1e',
      'FDA.G.k.12.r.8',
      'FDA.G.k.12.r.9',
      'FDA.G.k.12.r.10',
      'FDA.G.k.12.r.11.r',
    ]);
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
