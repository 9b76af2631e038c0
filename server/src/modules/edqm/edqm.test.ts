import type { EdqmImportResult, EdqmTerm } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, type TestTenant, useTestApp } from '../../../test/index.ts';
import { signedIn } from '../../../test/sessions.ts';

/**
 * EDQM standard terms (decision 0145). Expected terms are EDQM's own (the starter set's codes
 * and English terms, French as the French mappings name them); imports use synthetic codes
 * 99xxxxxx so that no test file's import meets another's (they share one database).
 */
/** Five digits of this run: codes 99<run><n> and a word r<run> of their own, new in every run. */
const run = String(Math.floor(Math.random() * 1e5)).padStart(5, '0');
const synth = (n: number) => `99${run}${n}`;
let tenant: TestTenant;
let foreign: TestTenant;
let reader: string;
let admin: string;

const app = useTestApp();

beforeAll(async () => {
  [tenant, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  reader = (await signedIn(app, tenant, 'reporter')).token;
  admin = (await signedIn(app, tenant, 'system_admin')).token;
});

/** A path with its query string. */
const at = (path: string, query: Record<string, string | number | boolean>) =>
  `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

const search = async (query: Record<string, string | number | boolean>, token = reader) => {
  const res = await http<EdqmTerm[]>(app.url, 'GET', at('/v1/edqm', query), { token });
  expect(res.status).toBe(200);
  return res.body;
};
const codes = (terms: EdqmTerm[]) => terms.map((t) => t.code);

function exportForm(text: string, name = 'edqm.csv') {
  const form = new FormData();
  form.append('file', new Blob([text]), name);
  return form;
}
const importExport = (text: string, token = admin, name?: string) =>
  http<EdqmImportResult & { code?: string; meta?: { lines: { line: number; message: string }[] } }>(
    app.url,
    'POST',
    '/v1/edqm/import',
    { token, form: exportForm(text, name) },
  );

describe('EDQM starter set and search', () => {
  it('ships common dose forms and routes with their E2B term ids, English and French terms', async () => {
    const lookup = await http<EdqmTerm[]>(
      app.url,
      'GET',
      at('/v1/edqm/lookup', { code: 'ROA-20053000,pdf-10221000,PDF-00000000,ROA-20045000' }),
      { token: reader },
    );
    expect(lookup.status).toBe(200);
    // In the order asked; an unknown code is left out.
    expect(lookup.body.map((t) => [t.code, t.class, t.term, t.translations.fr, t.status])).toEqual([
      ['ROA-20053000', 'ROA', 'Oral use', 'Voie orale', 'current'],
      ['PDF-10221000', 'PDF', 'Film-coated tablet', 'Comprimé pelliculé', 'current'],
      ['ROA-20045000', 'ROA', 'Intravenous use', 'Voie intraveineuse', 'current'],
    ]);
  });

  it('finds terms by word prefixes in any order, accents and case ignored, in English or French, and by code', async () => {
    // Relevance table: typed query → expected first hits.
    const table: [Record<string, string>, string[]][] = [
      [{ query: 'film tab' }, ['PDF-10221000']],
      [{ query: 'TABLET film' }, ['PDF-10221000']],
      [{ query: 'comprime pellic' }, ['PDF-10221000']],
      [{ query: 'intravein' }, ['ROA-20045000']],
      [{ query: 'sous-cutanee' }, ['ROA-20066000']],
      [{ query: '10219000' }, ['PDF-10219000']],
      [{ query: 'PDF-10219000' }, ['PDF-10219000']],
      [{ query: 'oral', class: 'ROA' }, ['ROA-20053000']],
    ];
    for (const [query, first] of table)
      expect(codes(await search(query)).slice(0, first.length), JSON.stringify(query)).toEqual(first);
    // The term equal to the query comes first, then terms starting with it, shorter first.
    expect(codes(await search({ query: 'tablet', class: 'PDF' })).slice(0, 3)).toEqual([
      'PDF-10219000',
      'PDF-10220000',
      'PDF-10228000',
    ]);
    expect(codes(await search({ query: 'solution injection' }))).toEqual(['PDF-11201000', 'PDF-11205000']);
    expect(await search({ query: 'zzzz' })).toEqual([]);
    // Only routes, when asked; a page at a time.
    const routes = await search({ class: 'ROA', limit: 500 });
    expect(routes.every((t) => t.class === 'ROA')).toBe(true);
    expect(codes(routes)).toContain('ROA-20066000');
    expect(await search({ class: 'ROA', limit: 2, offset: 1 })).toEqual(routes.slice(1, 3));
  });

  it('refuses bad queries with a field error and no change', async () => {
    const cases: { query: Record<string, string | number>; field: string }[] = [
      { query: { class: 'XYZ' }, field: 'querystring/class' },
      { query: { limit: 0 }, field: 'querystring/limit' },
      { query: { limit: 501 }, field: 'querystring/limit' },
      { query: { unknown: 'x' }, field: 'querystring/unknown' },
    ];
    for (const c of cases) {
      const res = await http<{ code: string; meta: { fields: { field: string }[] } }>(
        app.url,
        'GET',
        at('/v1/edqm', c.query),
        { token: reader },
      );
      expect(res.status, JSON.stringify(c.query)).toBe(400);
      expect(res.body.meta.fields.map((f) => f.field)).toContain(c.field);
    }
    const many = Array.from({ length: 101 }, (_, i) => `PDF-${String(10000000 + i)}`).join(',');
    const tooMany = await http<{ meta: { fields: { field: string }[] } }>(
      app.url,
      'GET',
      at('/v1/edqm/lookup', { code: many }),
      { token: reader },
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.meta.fields[0]!.field).toBe('querystring/code');
  });

  it('answers every signed-in user of any platform and an integration key, never the anonymous', async () => {
    const other = (await signedIn(app, foreign, 'reporter')).token;
    expect(codes(await search({ query: 'oral use' }, other))[0]).toBe('ROA-20053000');
    expect((await http(app.url, 'GET', at('/v1/edqm', { query: 'oral' }))).status).toBe(401);
    expect((await http(app.url, 'GET', at('/v1/edqm/lookup', { code: 'ROA-20053000' }))).status).toBe(401);
  });
});

describe('EDQM import', () => {
  it('imports a CSV export: new terms added, known ones updated, status and French kept; audit row', async () => {
    const csv = [
      'Code;English;Status;Domain;French',
      `PDF-${synth(1)};Synthetic lozenge r${run};Current;Human and Veterinary;Pastille synthétique`,
      `ROA-${synth(2)};"Synthetic use; by mouth r${run}";Deprecated;Human only;Voie synthétique`,
      'CON-30009000;Bottle;Current;Human and Veterinary;Flacon',
    ].join('\r\n');
    const first = await importExport(csv);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      format: 'csv',
      skipped: 1,
      created: 2,
      updated: 0,
      unchanged: 0,
      counts: { PDF: 1, ROA: 1 },
    });
    const again = await importExport(csv);
    expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const found = await search({ query: `synthetic r${run}` });
    expect(found.map((t) => [t.code, t.term, t.status, t.translations.fr, t.domain, t.source])).toEqual([
      [
        `PDF-${synth(1)}`,
        `Synthetic lozenge r${run}`,
        'current',
        'Pastille synthétique',
        'Human and Veterinary',
        'import',
      ],
      [
        `ROA-${synth(2)}`,
        `Synthetic use; by mouth r${run}`,
        'deprecated',
        'Voie synthétique',
        'Human only',
        'import',
      ],
    ]);
    // Deprecated terms are found and marked, and left out for new coding.
    expect(codes(await search({ query: `r${run}`, includeDeprecated: false }))).toEqual([`PDF-${synth(1)}`]);

    const audits = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id'])
      .where('action', '=', 'edqm.imported')
      .where('request_id', '=', first.headers.get('x-request-id')!)
      .execute();
    expect(audits).toHaveLength(1);
  });

  it('imports the EDQM API JSON: class and code apart, translations by language', async () => {
    const json = JSON.stringify({
      content: [
        {
          class: 'PDF',
          code: synth(3),
          domain: 'Human and Veterinary',
          status: 'Current',
          english: 'Synthetic granules',
          version: '3',
          translations: [
            { language: 'French', term: 'Granulés synthétiques' },
            { language: 'de', term: 'Synthetisches Granulat' },
          ],
        },
        { class: 'CDF', code: synth(4), status: 'Current', english: 'Combined' },
      ],
    });
    const res = await importExport(json, admin, 'edqm.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ format: 'json', skipped: 1, created: 1, counts: { PDF: 1, ROA: 0 } });
    const [term] = (
      await http<EdqmTerm[]>(app.url, 'GET', at('/v1/edqm/lookup', { code: `PDF-${synth(3)}` }), {
        token: reader,
      })
    ).body;
    expect(term).toMatchObject({
      term: 'Synthetic granules',
      version: '3',
      translations: { fr: 'Granulés synthétiques', de: 'Synthetisches Granulat' },
    });
    // A later export saying Deprecated changes the status; the rest stays.
    const deprecated = await importExport(
      `code,term,status\nPDF-${synth(3)},Synthetic granules,Deprecated\n`,
    );
    expect(deprecated.body).toMatchObject({ updated: 1, created: 0 });
    const [after] = (
      await http<EdqmTerm[]>(app.url, 'GET', at('/v1/edqm/lookup', { code: `PDF-${synth(3)}` }), {
        token: reader,
      })
    ).body;
    expect(after).toMatchObject({
      status: 'deprecated',
      version: '3',
      translations: { fr: 'Granulés synthétiques' },
    });
  });

  it('refuses a broken export with line-numbered errors and imports nothing', async () => {
    const csv = [
      'code,term,status',
      `PDF-${synth(5)},Synthetic paste r${run},Current`,
      'PDF-123,Too short,Current',
      `ROA-${synth(6)},,Current`,
      `ROA-${synth(7)},Synthetic route,Pending`,
      `PDF-${synth(5)},Synthetic paste again,Current`,
    ].join('\n');
    const res = await importExport(csv);
    expect(res.status).toBe(400);
    expect(res.body.meta!.lines).toEqual([
      { line: 3, message: 'the code "PDF-123" is not 8 digits' },
      { line: 4, message: `ROA-${synth(6)} has no English term` },
      { line: 5, message: `ROA-${synth(7)}: the status "Pending" is neither Current nor Deprecated` },
      { line: 6, message: `PDF-${synth(5)} is listed twice (first at 2)` },
    ]);
    expect(await search({ query: `paste r${run}` })).toEqual([]);

    const noHeader = await importExport('PDF-99000031,Synthetic,Current\n');
    expect(noHeader.status).toBe(400);
    expect(noHeader.body.meta!.lines[0]!.message).toMatch(/^The header has no code column/);
    const notJson = await importExport('{"content": [', admin, 'edqm.json');
    expect(notJson.status).toBe(400);
    expect(notJson.body.meta!.lines[0]!.message).toMatch(/^The file is not JSON/);
    const nothing = await importExport('code,term,status\nCON-30009000,Bottle,Current\n');
    expect(nothing.status).toBe(400);
    const notMultipart = await http(app.url, 'POST', '/v1/edqm/import', {
      token: admin,
      body: { file: 'x' },
    });
    expect(notMultipart.status).toBe(415);
  });

  it('lets only a system administrator import (403), an integration key never', async () => {
    const csv = `code,term,status\nPDF-${synth(8)},Synthetic forbidden r${run},Current\n`;
    for (const role of ['platform_admin', 'organisation_admin', 'reporter'] as const) {
      const { token } = await signedIn(app, tenant, role);
      expect((await importExport(csv, token)).status, role).toBe(403);
    }
    expect(await search({ query: `forbidden r${run}` })).toEqual([]);
  });
});
