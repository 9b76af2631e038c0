import type { Report } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { adrCase, createTenant, http, signedIn, useTestApp } from '../../../test/index.ts';

/**
 * A case document's coded values against their maintained lists (decision 0147): units as
 * UCUM (E2B G.k.4.r.1b and the other unit fields), countries ISO 3166 (or EU), languages
 * ISO 639-2. Expected codes and words are UCUM's and ISO's, written here by hand.
 */
let token: string;

const app = useTestApp();

beforeAll(async () => {
  const tenant = await createTenant(app.db);
  token = (await signedIn(app, tenant, 'reporter')).token;
});

type Answer = Report & {
  report: ReturnType<typeof adrCase>;
  meta?: { fields: { field: string; reason: string; message: string }[] };
};
const post = (report: unknown) =>
  http<Answer>(app.url, 'POST', '/v1/report', { token, body: { report, status: 'draft' } });

function withDose(unit: string, extra: (doc: ReturnType<typeof adrCase>) => void = () => {}) {
  const doc = adrCase();
  doc.G.drugs[0]!.dosages![0]!.dose.unit = unit;
  extra(doc);
  return doc;
}

describe('coded values of a case document', () => {
  it('refuses a dose unit that is not UCUM, in words with what was likely meant, storing nothing', async () => {
    const res = await post(withDose('mcg'));
    expect(res.status).toBe(400);
    const finding = res.body.meta!.fields.find(
      (f) => f.field === 'body/report/G/drugs/0/dosages/0/dose/unit',
    );
    expect(finding).toEqual({
      field: 'body/report/G/drugs/0/dosages/0/dose/unit',
      reason: 'format',
      message:
        'Medicine 1, Dose 1, dose, unit: "mcg" is not a UCUM unit (did you mean ug, ug/(100.g), ug/(24.h)?): write it as UCUM, for example mg, mL, ug, [iU] or {DF} for a dose form unit',
    });
    const tablet = await post(withDose('tablets'));
    expect(tablet.body.meta!.fields.map((f) => f.field)).toEqual([
      'body/report/G/drugs/0/dosages/0/dose/unit',
    ]);
  });

  it('stores units as UCUM where recognised (µg → ug, IU → [IU], milligram → mg) and keeps valid ones as sent', async () => {
    const cases: [string, string][] = [
      ['µg', 'ug'],
      ['IU', '[IU]'],
      ['milligram', 'mg'],
      [' mg ', 'mg'],
      ['mL', 'mL'],
      ['{DF}', '{DF}'],
      ['mg/kg', 'mg/kg'],
      ['[iU]', '[iU]'],
    ];
    for (const [given, stored] of cases) {
      const res = await post(withDose(given));
      expect(res.status, given).toBe(201);
      expect(res.body.report.G.drugs[0]!.dosages![0]!.dose.unit, given).toBe(stored);
    }
  });

  it('refuses a country or language code that is not in ISO 3166 / ISO 639-2, accepts EU and both French codes', async () => {
    const wrong = await post(
      withDose('mg', (doc) => {
        doc.E.reactions[0]!.country = 'ZZ';
        doc.E.reactions[0]!.nativeTermLanguage = 'xxx';
      }),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.meta!.fields).toEqual([
      {
        field: 'body/report/E/reactions/0/nativeTermLanguage',
        reason: 'choice',
        message:
          'Reaction 1, native term language: xxx is not an ISO 639-2 language code; choose a language, for example eng or fra',
      },
      {
        field: 'body/report/E/reactions/0/country',
        reason: 'choice',
        message:
          'Reaction 1, country: ZZ is not an ISO 3166 country code; choose a country, for example FR or GB',
      },
    ]);
    for (const [country, language] of [
      ['EU', 'fra'],
      ['FR', 'fre'],
      ['GB', 'eng'],
    ]) {
      const res = await post(
        withDose('mg', (doc) => {
          doc.E.reactions[0]!.country = country!;
          doc.E.reactions[0]!.nativeTermLanguage = language!;
        }),
      );
      expect(res.status, `${country} ${language}`).toBe(201);
    }
  });

  it('refuses dates whose month, day, hour or minute is out of range, naming the field; keeps partial dates', async () => {
    for (const bad of [
      '1831-85-45',
      '2026-13',
      '2026-00',
      '2026-11-32',
      '2026-11-02T24',
      '2026-11-02T10:60',
    ]) {
      const res = await post(withDose('mg', (doc) => (doc.E.reactions[0]!.startDate = bad)));
      expect([res.status, res.body.meta?.fields.map((f) => f.field)], bad).toEqual([
        400,
        ['body/report/E/reactions/0/startDate'],
      ]);
    }
    for (const good of ['2026', '2026-02', '2024-02-29', '2026-11-02T23:59:59.5+05:30']) {
      const res = await post(withDose('mg', (doc) => (doc.E.reactions[0]!.startDate = good)));
      expect(res.status, good).toBe(201);
      expect(res.body.report.E.reactions[0]!.startDate, good).toBe(good);
    }
  });
});
