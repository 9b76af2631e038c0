import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { formFieldPaths, formFieldTable, resolveFormField } from '../src/form-fields.ts';
import { lookupFormField } from '../src/form-fields-table.ts';
import { formFieldsFile } from '../src/write-form-fields.ts';

describe('the form fields table the case form reads (decision 0311)', () => {
  it('is written from the case document schema as it is now: run `npm run contract:fields` after changing it', async () => {
    const committed = JSON.parse(await readFile(formFieldsFile, 'utf8'));
    expect(committed, 'contract/src/form-fields.json is stale: run `npm run contract:fields`').toEqual(
      formFieldTable(),
    );
  });

  it('answers as the schema reader does for every path of the document, required or not', () => {
    const paths = formFieldPaths();
    expect(paths.length).toBeGreaterThan(300);
    for (const path of paths) {
      expect(lookupFormField(path), path).toEqual(resolveFormField(path));
      expect(lookupFormField(path, true), path).toEqual(resolveFormField(path, true));
    }
  });

  it('binds a coded field, a date with its null flavours, and a repeated block', () => {
    expect(lookupFormField('E.reactions[].outcome', true)).toEqual({
      path: 'E.reactions[].outcome',
      e2b: 'E.i.7',
      required: true,
      nullFlavours: [],
      kind: 'code',
      options: ['0', '1', '2', '3', '4', '5'],
    });
    expect(lookupFormField('E.reactions[].startDate')).toMatchObject({
      e2b: 'E.i.4',
      kind: 'date',
      nullFlavours: ['MSK', 'ASKU', 'NASK'],
    });
    expect(lookupFormField('E.reactions')).toMatchObject({ kind: 'list', required: false });
  });

  it('refuses a path the document does not have, including inherited names', () => {
    for (const path of ['E.reactions.outcome', 'E.reactions[].nope', 'Z', '', 'constructor', 'toString'])
      expect(lookupFormField(path), path).toBeUndefined();
  });
});
