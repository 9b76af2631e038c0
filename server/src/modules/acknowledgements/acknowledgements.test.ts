import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Acknowledgement, E2bImportResult } from '@vigilo/contract';
import { validateXsd } from '@vigilo/e2b';
import { beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '../../../test/files.ts';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/** ENDPOINTS.md section 5 through HTTP: acknowledgements stored per report, read back, downloaded by signed link (G-7). */
const EXAMPLES = join(repoRoot, 'e2b', 'test', 'examples');
const file = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');
const POSITIVE = file('R3ack-positive.ack');
const NEGATIVE = file('R3ack-negative.ack');

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

type Answer<T> = T & { code?: string; meta?: { fields: { field: string }[] } };

/** A report of the tenant's first organisation made from FDA scenario 1 (C.1.1 US-APHARMA-8744554B). */
async function importedReport(tenant: TestTenant, org: 0 | 1 = 0) {
  const { token } = await signedIn(app, tenant, 'organisation_staff', org);
  const form = new FormData();
  form.append(
    'file',
    new Blob([file('FAERS2022Scenario1.xml')], { type: 'application/xml' }),
    'scenario1.xml',
  );
  const res = await http<E2bImportResult>(app.url, 'POST', '/v1/report/load', { token, form });
  if (res.status !== 201) throw new Error(`import: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.created[0]!.id, reference: res.body.created[0]!.reference, token };
}

/** An acknowledgement written by hand (ACK.* of ICH E2B(R3) Appendix I(B)), for `icsr`. */
const ackJSON = (icsr: string) => ({
  batchNumber: 'ACK-2026-0001',
  batchSender: 'ZZFDA',
  batchReceiver: 'VIGILO',
  transmissionTime: '2026-11-24T10:00:00+00:00',
  icsrBatchNumber: 'VIGILO-BATCH-1',
  icsrBatchTransmissionTime: '2026-11-24T09:00:00+00:00',
  code: 'AE' as const,
  batchError: 'Some reports were rejected.',
  reports: [
    {
      icsrMessageNumber: icsr,
      localReportNumber: 'FDA-991',
      receiver: 'VIGILO',
      sender: 'CDER',
      icsrMessageCreationTime: '2026-11-24T09:00:00+00:00',
      creationTime: '2026-11-24T10:00:00+00:00',
      code: 'CR' as const,
      detail: 'Patient age is missing; Drug role is missing',
    },
  ],
});

const post = (token: string, body: unknown) =>
  http<Answer<Acknowledgement>>(app.url, 'POST', '/v1/acknowledgements', { token, body });

describe('POST /v1/acknowledgements', () => {
  it("stores the FDA's acknowledgement XML for the report it names, read back by report and by id, audited", async () => {
    const report = await importedReport(home);
    const res = await post(report.token, { reportId: report.id, ack: POSITIVE });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      reportId: report.id,
      organisationId: home.organisationIds[0],
      status: 'received',
      formSchema: 'MCCI_IN200101UV01',
      code: 'AA',
      reportCode: 'CA',
    });
    expect(res.body.ackJSON).toMatchObject({ batchSender: 'ZZFDA', code: 'AA' });
    const byReport = await http<Acknowledgement[]>(
      app.url,
      'GET',
      `/v1/acknowledgements/report/${report.id}`,
      {
        token: report.token,
      },
    );
    expect(byReport.body.map((a) => a.id)).toEqual([res.body.id]);
    const one = await http<Acknowledgement>(app.url, 'GET', `/v1/acknowledgements/${res.body.id}`, {
      token: report.token,
    });
    expect(one.body).toMatchObject({ id: res.body.id, code: 'AA' });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'organisation_id'])
      .where('entity_id', '=', res.body.id)
      .execute();
    expect(audit).toEqual([{ action: 'acknowledgement.recorded', organisation_id: home.organisationIds[0] }]);
  });

  it('parses the negative example into the receiver’s messages', async () => {
    const report = await importedReport(home);
    // It names another case: a warning, nothing stored, unless the user confirms (issue 26 item 9).
    const warned = await post(report.token, { reportId: report.id, ack: NEGATIVE });
    expect(warned.status).toBe(409);
    expect(warned.body.code).toBe('ACK_OTHER_MESSAGE');
    expect((warned.body as unknown as { meta: { messageIds: string[] } }).meta.messageIds).toEqual([
      'US-APHARMA-7644554',
    ]);
    const none = await http<Acknowledgement[]>(app.url, 'GET', `/v1/acknowledgements/report/${report.id}`, {
      token: report.token,
    });
    expect(none.body).toEqual([]);
    const res = await post(report.token, { reportId: report.id, ack: NEGATIVE, confirm: true });
    expect(res.status).toBe(201);
    expect(res.body.code).toBe('AE');
    // It names another case (US-APHARMA-7644554), not this one.
    expect(res.body.reportCode).toBeNull();
    const messages = res.body.ackJSON.reports[0]!.messages!;
    expect(messages[0]).toBe('Element value for SafetyCasePriority With Tag Id FDA.C.1.7.1 is Mandatory.');
    expect(messages[2]).toBe('Patient Ethnicity Code (FDA.D.12) must be provided');
  });

  it('writes ackJSON as schema-valid XML, keeps both, and matches the report by its reference', async () => {
    const report = await importedReport(home);
    const res = await post(report.token, {
      reportId: report.id,
      ackJSON: ackJSON(`${report.reference}-1`),
      status: 'sent',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'sent', code: 'AE', reportCode: 'CR' });
    expect(res.body.ackJSON.reports[0]!.messages).toEqual(['Patient age is missing', 'Drug role is missing']);
    const row = await app.db
      .selectFrom('acknowledgements')
      .select('xml')
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    expect(validateXsd(row.xml, 'acknowledgement')).toEqual([]);
    expect(row.xml).toContain(`extension="${report.reference}-1"`);
  });

  it('refuses neither or both forms, hostile XML, a batch instead of an acknowledgement, a bad date, storing nothing', async () => {
    const report = await importedReport(home);
    const bad: [unknown, number, string][] = [
      [{ reportId: report.id }, 400, 'VALIDATION_FAILED'],
      [{ reportId: report.id, ack: POSITIVE, ackJSON: ackJSON('x') }, 400, 'VALIDATION_FAILED'],
      [
        {
          reportId: report.id,
          ack: '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><MCCI_IN200101UV01 xmlns="urn:hl7-org:v3">&x;</MCCI_IN200101UV01>',
        },
        400,
        'XML_DOCTYPE_REFUSED',
      ],
      [{ reportId: report.id, ack: file('FAERS2022Scenario1.xml') }, 400, 'XML_WRONG_ROOT'],
      [{ reportId: report.id, ack: POSITIVE.slice(0, 900) }, 400, 'XML_MALFORMED'],
      [
        { reportId: report.id, ackJSON: { ...ackJSON('x'), transmissionTime: 'yesterday' } },
        400,
        'VALIDATION_FAILED',
      ],
      [{ reportId: report.id, ack: POSITIVE, formSchema: 'PORR_IN049016UV' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of bad) {
      const res = await post(report.token, body);
      expect([res.status, res.body.code], JSON.stringify(body).slice(0, 120)).toEqual([status, code]);
    }
    const stored = await app.db
      .selectFrom('acknowledgements')
      .select('id')
      .where('report_id', '=', report.id)
      .execute();
    expect(stored).toEqual([]);
  });
});

describe('POST /v1/acknowledgements/json2xml', () => {
  it('answers the XML of ackJSON as text, storing nothing', async () => {
    const { token } = await signedIn(app, home, 'assessor');
    const res = await http<string>(app.url, 'POST', '/v1/acknowledgements/json2xml', {
      token,
      body: { ackJSON: ackJSON('GB-1'), formSchema: 'MCCI_IN200101UV01' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(validateXsd(res.body, 'acknowledgement')).toEqual([]);
    expect(res.body).toContain('<acknowledgement typeCode="CR">');
    const reporter = (await signedIn(app, home, 'reporter')).token;
    const refused = await http(app.url, 'POST', '/v1/acknowledgements/json2xml', {
      token: reporter,
      body: { ackJSON: ackJSON('GB-1') },
    });
    expect(refused.status).toBe(403);
  });
});

describe('GET /v1/acknowledgements/xml (browser navigation, G-7)', () => {
  it('opens one acknowledgement through its signed xmlUrl with no Authorization header', async () => {
    const report = await importedReport(home);
    const made = await post(report.token, { reportId: report.id, ack: POSITIVE });
    const url = new URL(made.body.xmlUrl);
    expect(url.pathname).toBe('/v1/acknowledgements/xml');
    expect(url.searchParams.get('ids')).toBe(made.body.id);
    const res = await fetch(`${app.url}${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    expect(await res.text()).toBe(POSITIVE);
  });

  it('opens several through a link from xml-url as a zip, and refuses a changed, unsigned or expired link', async () => {
    const report = await importedReport(home);
    const a = await post(report.token, { reportId: report.id, ack: POSITIVE });
    const b = await post(report.token, { reportId: report.id, ack: NEGATIVE, confirm: true });
    const link = await http<{ url: string; expiresAt: string }>(
      app.url,
      'POST',
      '/v1/acknowledgements/xml-url',
      {
        token: report.token,
        body: { ids: [a.body.id, b.body.id] },
      },
    );
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    const res = await fetch(`${app.url}${url.pathname}${url.search}`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'application/zip']);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(Object.keys(entries).sort()).toEqual(
      [`acknowledgement-${a.body.id}.xml`, `acknowledgement-${b.body.id}.xml`].sort(),
    );
    expect(entries[`acknowledgement-${b.body.id}.xml`]!.toString()).toBe(NEGATIVE);

    // Another id in the same link, no signature, a bearer token instead of a signature.
    const widened = new URL(url);
    widened.searchParams.set('ids', a.body.id);
    const changed = await http<{ code: string }>(app.url, 'GET', `${widened.pathname}${widened.search}`);
    expect([changed.status, changed.body.code]).toEqual([403, 'SIGNED_URL_INVALID']);
    const unsigned = await http<{ code: string }>(
      app.url,
      'GET',
      `/v1/acknowledgements/xml?ids=${a.body.id}`,
      {
        token: report.token,
      },
    );
    expect([unsigned.status, unsigned.body.code]).toEqual([403, 'SIGNED_URL_INVALID']);
    const expired = new URL(url);
    expired.searchParams.set('exp', '1000');
    const late = await http<{ code: string }>(app.url, 'GET', `${expired.pathname}${expired.search}`);
    expect(late.status).toBe(403);
  });
});

describe('tenants and roles', () => {
  it("answers 404 to another organisation's and another platform's users, for reading and recording", async () => {
    const report = await importedReport(home);
    const made = await post(report.token, { reportId: report.id, ack: POSITIVE });
    const outsiders = [
      (await signedIn(app, home, 'organisation_admin', 1)).token,
      (await signedIn(app, foreign, 'platform_admin')).token,
    ];
    for (const token of outsiders) {
      expect((await http(app.url, 'GET', `/v1/acknowledgements/${made.body.id}`, { token })).status).toBe(
        404,
      );
      expect((await http(app.url, 'GET', `/v1/acknowledgements/report/${report.id}`, { token })).status).toBe(
        404,
      );
      expect((await post(token, { reportId: report.id, ack: NEGATIVE })).status).toBe(404);
      const link = await http(app.url, 'POST', '/v1/acknowledgements/xml-url', {
        token,
        body: { ids: [made.body.id] },
      });
      expect(link.status).toBe(404);
    }
    const stored = await app.db
      .selectFrom('acknowledgements')
      .select('id')
      .where('report_id', '=', report.id)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('a user of two organisations records in the one it works for, reads where it assesses, nothing in a third', async () => {
    const tenant = await createTenant(app.db);
    const both = await signedInToTwo(app, tenant, ['assessor', 'organisation_staff']);
    const inA = await importedReport(tenant, 0);
    const inB = await importedReport(tenant, 1);
    const inC = await importedReport(both.thirdTenant, 0);
    expect((await post(both.token, { reportId: inB.id, ack: POSITIVE })).status).toBe(201);
    expect((await post(both.token, { reportId: inA.id, ack: POSITIVE })).status).toBe(403);
    expect((await post(both.token, { reportId: inC.id, ack: POSITIVE })).status).toBe(404);
    const list = (id: string) =>
      http(app.url, 'GET', `/v1/acknowledgements/report/${id}`, { token: both.token });
    expect([(await list(inA.id)).status, (await list(inB.id)).status, (await list(inC.id)).status]).toEqual([
      200, 200, 404,
    ]);
  });
});
