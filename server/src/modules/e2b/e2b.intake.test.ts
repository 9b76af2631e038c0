import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, Report } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { adrCase, createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/**
 * An intake keeps what it receives (issue 26, item 5; decision 0222), through HTTP against
 * PostgreSQL: a case with a code in the wrong case, a value over its length, a code or a null
 * flavour outside its list is stored, the obvious normalised, the rest set aside with a finding
 * on the field and the value kept as received with the version's import record. Only a file
 * that is not E2B, hostile or too large is refused whole.
 */
const example = (name: string) => readFileSync(join(repoRoot, 'e2b', 'test', 'examples', name), 'utf8');
const scenario1 = example('FAERS2022Scenario1.xml');

/** FDA's scenario 1 with the first reaction's country (E.i.9) written `eu`. */
const lowerCaseCountry = scenario1.replace(
  /(<locatedPlace determinerCode="INSTANCE" classCode="COUNTRY">\s*<code code=")US(")/,
  '$1eu$2',
);
const LONG_NAME = 'Roger'.padEnd(61, 'x');
/** Scenario 1 with a report type (C.1.3) E2B does not have, a 61-character given name (C.2.r.1.2, at most 60), and sex (D.5) given as the null flavour NI, which D.5 does not take. */
const misfits = scenario1
  .replace('code="1" displayName="Spontaneous report"', 'code="9" displayName="Spontaneous report"')
  .replace('<given>Roger</given>', `<given>${LONG_NAME}</given>`)
  .replace(
    '<administrativeGenderCode code="1" displayName="Male" codeSystem="1.0.5218"/>',
    '<administrativeGenderCode nullFlavor="NI"/>',
  );

let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
});

type Answer<T> = T & { code?: string; meta?: { fields: { field: string }[] } };

function load(token: string, xml: string) {
  const form = new FormData();
  form.append('file', new Blob([xml], { type: 'application/xml' }), 'cases.xml');
  return http<Answer<E2bImportResult>>(app.url, 'POST', '/v1/report/load', { token, form });
}
const staff = () => signedIn(app, home, 'organisation_staff');
const stored = async (id: string, token: string) =>
  (await http<Report>(app.url, 'GET', `/v1/reports/${id}`, { token })).body.report as {
    C: { reportType?: string; primarySources?: { givenName?: string }[] };
    D?: { sex?: unknown };
    E: { reactions: { country?: string }[] };
  };
const keptWith = async (reportId: string, version: number) =>
  (
    await app.db
      .selectFrom('report_xml_imports')
      .select('findings')
      .where('report_id', '=', reportId)
      .where('version', '=', version)
      .executeTakeFirstOrThrow()
  ).findings;

describe('POST /v1/report/load keeps what it receives', () => {
  it('stores a reaction country written "eu" as EU, and says so on the field', async () => {
    const { token } = await staff();
    const res = await load(token, lowerCaseCountry);
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    const [created] = res.body.created;
    expect((await stored(created!.id, token)).E.reactions[0]!.country).toBe('EU');
    expect(created!.findings.filter((f) => f.rule === 'IMPORT-NORMALISED')).toEqual([
      {
        layer: 'ich',
        severity: 'warning',
        rule: 'IMPORT-NORMALISED',
        dataElement: 'E.i.9',
        casePath: 'E.reactions[0].country',
        field: 'report/E/reactions/0/country',
        message:
          'Identification of the Country Where the Reaction / Event Occurred (E.i.9): received "eu", stored as "EU".',
      },
    ]);
    expect(await keptWith(created!.id, 1)).toEqual([
      {
        kind: 'normalised',
        casePath: 'E.reactions[0].country',
        dataElement: 'E.i.9',
        received: 'eu',
        stored: 'EU',
      },
    ]);
  });

  it('stores a case with a value over its length, a code and a null flavour outside their lists, keeping each aside', async () => {
    const { token } = await staff();
    const res = await load(token, misfits);
    expect(res.status).toBe(201);
    expect(res.body.failed).toEqual([]);
    const [created] = res.body.created;
    const doc = await stored(created!.id, token);
    expect(doc.C.reportType).toBeUndefined();
    expect(doc.C.primarySources![0]!.givenName).toBeUndefined();
    expect(doc.D!.sex).toBeUndefined();
    const aside = created!.findings.filter((f) => f.rule === 'IMPORT-SET-ASIDE');
    expect(aside.map((f) => [f.field, f.dataElement, f.severity])).toEqual([
      ['report/D/sex', 'D.5', 'warning'],
      ['report/C/reportType', 'C.1.3', 'warning'],
      ['report/C/primarySources/0/givenName', 'C.2.r.1.2', 'warning'],
    ]);
    expect(aside[1]!.message).toBe(
      'Type of Report (C.1.3): "9" was received but does not fit the case (choose one of the answers offered (1, 2, 3, 4)); it is kept with the import: correct it in the case.',
    );
    expect(aside[2]!.message).toBe(
      `Reporter’s Given Name (C.2.r.1.2): "${LONG_NAME}" was received but does not fit the case (use at most 60 characters); it is kept with the import: correct it in the case.`,
    );
    // The values as received, with the version they did not enter.
    expect(await keptWith(created!.id, 1)).toEqual([
      expect.objectContaining({
        kind: 'setAside',
        casePath: 'D.sex',
        dataElement: 'D.5',
        received: { nullFlavor: 'NI' },
      }),
      expect.objectContaining({
        kind: 'setAside',
        casePath: 'C.reportType',
        dataElement: 'C.1.3',
        received: '9',
      }),
      expect.objectContaining({
        kind: 'setAside',
        casePath: 'C.primarySources[0].givenName',
        dataElement: 'C.2.r.1.2',
        received: LONG_NAME,
      }),
    ]);
    // The rest of the case is there: its reactions, drugs, reporter's family name.
    expect(doc.E.reactions).toHaveLength(2);
  });

  it('words the finding in the user’s language', async () => {
    const { token, user } = await signedIn(app, home, 'organisation_staff', 0);
    await app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.id).execute();
    const res = await load(token, misfits);
    const reportType = res.body.created[0]!.findings.find(
      (f) => f.dataElement === 'C.1.3' && f.rule === 'IMPORT-SET-ASIDE',
    );
    expect(reportType!.message).toBe(
      'Type de rapport (C.1.3) : « 9 » a été reçu mais n’entre pas dans le cas (forme, longueur ou liste de valeurs) ; il est gardé avec l’import : corrigez-le dans le cas.',
    );
  });

  it('still refuses whole a file that is not E2B, storing nothing', async () => {
    const { token } = await staff();
    const before = await app.db
      .selectFrom('reports')
      .select('id')
      .where('organisation_id', '=', home.organisationIds[0]!)
      .execute();
    const res = await load(token, example('R3ack-positive.ack'));
    expect([res.status, res.body.code]).toEqual([400, 'XML_WRONG_ROOT']);
    const after = await app.db
      .selectFrom('reports')
      .select('id')
      .where('organisation_id', '=', home.organisationIds[0]!)
      .execute();
    expect(after.length).toBe(before.length);
  });
});

describe('PUT /v1/report/{id}/xml keeps what it receives', () => {
  it('saves the new version with the obvious normalised and the rest kept aside with that version', async () => {
    const { token } = await staff();
    const sent = await http<Report>(app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase(), organisationId: home.organisationIds[0] },
    });
    const xml = lowerCaseCountry.replace('<given>Roger</given>', `<given>${LONG_NAME}</given>`);
    const res = await http<Answer<Report>>(app.url, 'PUT', `/v1/report/${sent.body.id}/xml`, {
      token,
      body: { reportXML: xml },
    });
    expect(res.status).toBe(200);
    expect(res.body.reportVersion).toBe(2);
    const doc = await stored(sent.body.id, token);
    expect(doc.E.reactions[0]!.country).toBe('EU');
    expect(doc.C.primarySources![0]!.givenName).toBeUndefined();
    expect(await keptWith(sent.body.id, 2)).toEqual([
      {
        kind: 'normalised',
        casePath: 'E.reactions[0].country',
        dataElement: 'E.i.9',
        received: 'eu',
        stored: 'EU',
      },
      expect.objectContaining({
        kind: 'setAside',
        casePath: 'C.primarySources[0].givenName',
        received: LONG_NAME,
      }),
    ]);
    const audit = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('entity_id', '=', sent.body.id)
      .where('action', '=', 'report.updated_from_xml')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ keptAside: 2 });
  });
});
