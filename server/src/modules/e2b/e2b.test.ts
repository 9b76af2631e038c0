import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { E2bImportResult, E2bValidation, Report } from '@vigilo/contract';
import { validateXsd } from '@vigilo/e2b';
import { beforeAll, describe, expect, it } from 'vitest';
import { sendHugeBody } from '../../../test/huge-body.ts';
import {
  adrCase,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { repoRoot } from '../../config.ts';

/**
 * E2B(R3) endpoints through HTTP against PostgreSQL: every FDA example (copied unchanged from
 * ICH/FDA into e2b/test/examples) goes in through POST /v1/report/load and comes back out of
 * GET /v1/report/{id}/xml valid against the official ICH schema.
 */
const EXAMPLES = join(repoRoot, 'e2b', 'test', 'examples');
const examples = readdirSync(EXAMPLES)
  .filter((f) => f.endsWith('.xml'))
  .sort();
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

/** C.1.1 of each FDA example, read from the files by hand. */
const SAFETY_REPORT_IDS: Record<string, string> = {
  'FAERS2022Scenario1.xml': 'US-APHARMA-8744554B',
};

let home: TestTenant;
let foreign: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
});

type Answer<T> = T & {
  code?: string;
  message?: string;
  meta?: { fields: { field: string; reason?: string }[] };
};

function load(token: string, xml: string | Buffer, fields: Record<string, string> = {}, headers = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append(
    'file',
    new Blob([typeof xml === 'string' ? xml : new Uint8Array(xml)], { type: 'application/xml' }),
    'cases.xml',
  );
  return http<Answer<E2bImportResult>>(app.url, 'POST', '/v1/report/load', { token, form, headers });
}

const countReports = async (organisationId: string) =>
  Number(
    (
      await app.db
        .selectFrom('reports')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('organisation_id', '=', organisationId)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Scenario 1 with its message twice, the second one's report type (C.1.3) set to 9, which E2B does not have. */
function fileWithABadCase(): string {
  const lines = example('FAERS2022Scenario1.xml').split('\n');
  const start = lines.findIndex((l) => l.includes('<PORR_IN049016UV>'));
  const end = lines.findIndex((l) => l.includes('</PORR_IN049016UV>'));
  const bad = lines
    .slice(start, end + 1)
    .join('\n')
    .replace('code="1" displayName="Spontaneous report"', 'code="9" displayName="Spontaneous report"');
  return [...lines.slice(0, end + 1), bad, ...lines.slice(end + 1)].join('\n');
}

const staffOf = (tenant: TestTenant, org: 0 | 1 = 0) => signedIn(app, tenant, 'organisation_staff', org);

describe('POST /v1/report/load and GET /v1/report/{id}/xml', () => {
  it('imports every FDA example as one report, exports it as schema-valid XML that loads back to the same case', async () => {
    const tenant = await createTenant(app.db);
    const { token, user } = await staffOf(tenant);
    expect(examples.length).toBe(7);
    for (const name of examples) {
      const res = await load(token, example(name));
      expect(res.status, name).toBe(201);
      expect(res.body.failed).toEqual([]);
      expect(res.body.created).toHaveLength(1);
      const [created] = res.body.created;
      const row = await app.db
        .selectFrom('reports')
        .select(['source', 'status', 'organisation_id', 'current_version'])
        .where('id', '=', created!.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        source: 'XML import',
        status: 'received',
        organisation_id: tenant.organisationIds[0],
        current_version: 1,
      });
      const out = await http<string>(app.url, 'GET', `/v1/report/${created!.id}/xml`, { token });
      expect(out.status, name).toBe(200);
      expect(out.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(out.headers.get('content-disposition')).toContain(`${created!.reference}.xml`);
      expect(out.headers.get('x-e2b-profile')).toBe('ich');
      expect(validateXsd(out.body), name).toEqual([]);
      if (created!.senderSafetyReportId) expect(out.body).toContain(created!.senderSafetyReportId);
      // The exported XML, loaded back over the case, gives the same case document.
      const back = await http(app.url, 'PUT', `/v1/report/${created!.id}/xml`, {
        token,
        body: { reportXML: out.body },
      });
      expect(back.status, name).toBe(200);
      const versions = await app.db
        .selectFrom('report_versions')
        .select(['version', 'document'])
        .where('report_id', '=', created!.id)
        .orderBy('version')
        .execute();
      expect(versions.map((v) => v.version)).toEqual([1, 2]);
      // Sections D to H and the reporter's part of C come back as they were; the elements Vigilo
      // writes as the case's new sender (decision 0240) are its own, the first sender's kept.
      const [first, again] = versions.map((v) => v.document as Record<string, Record<string, unknown>>);
      const OWNED = [
        'senderSafetyReportId',
        'creationDate',
        'sender',
        'otherCaseIdentifiers',
        'otherCaseIdentifiersInPreviousTransmissions',
        'documentsHeldBySender',
        'additionalDocumentsAvailable',
        'fulfilsLocalExpeditedCriteria',
        'mostRecentInformationDate',
      ];
      const withoutOwned = (c: Record<string, unknown>) =>
        Object.fromEntries(Object.entries(c).filter(([k]) => !OWNED.includes(k)));
      expect({ ...again, C: withoutOwned(again!.C!) }, name).toEqual({
        ...first,
        C: withoutOwned(first!.C!),
      });
      const previousId = first!.C!.senderSafetyReportId as string | undefined;
      expect(again!.C!.worldwideUniqueId, name).toBe(first!.C!.worldwideUniqueId ?? previousId);
      if (previousId) {
        expect(again!.C!.senderSafetyReportId, name).not.toBe(previousId);
        expect(again!.C!.otherCaseIdentifiers, name).toContainEqual(
          expect.objectContaining({ caseId: previousId }),
        );
      }
      const audit = await app.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id'])
        .where('entity_id', '=', created!.id)
        .execute();
      expect(audit.map((a) => [a.action, a.actor_user_id]).sort()).toEqual([
        ['report.case_id_assigned', user.id],
        ['report.imported', user.id],
        ['report.updated_from_xml', user.id],
      ]);
    }
    expect(await countReports(tenant.organisationIds[0])).toBe(7);
  });

  it('answers the created id, the C.1.1 and what did not map, and keeps the unmapped parts with the version', async () => {
    const { token } = await staffOf(home);
    const res = await load(token, example('FAERS2022Scenario1.xml'));
    expect(res.status).toBe(201);
    const [created] = res.body.created;
    expect(created!.senderSafetyReportId).toBe(SAFETY_REPORT_IDS['FAERS2022Scenario1.xml']);
    expect(created!.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]$/);
    const kept = await app.db
      .selectFrom('report_xml_imports')
      .select(['version', 'file_name', 'unmapped'])
      .where('report_id', '=', created!.id)
      .executeTakeFirstOrThrow();
    expect(kept.version).toBe(1);
    expect(kept.file_name).toBe('cases.xml');
    expect((kept.unmapped as unknown[]).length).toBe(created!.unmapped.length + res.body.unmapped.length);
    for (const u of created!.unmapped) expect(u.xpath).toMatch(/^\/MCCI_IN200100UV01\/PORR_IN049016UV\[1\]/);
  });

  it('stores every case of a file, the one with a report type E2B does not have too (decision 0222)', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await staffOf(tenant);
    const res = await load(token, fileWithABadCase());
    expect(res.status).toBe(201);
    expect(res.body.created.map((c) => c.index)).toEqual([0, 1]);
    expect(res.body.failed).toEqual([]);
    expect(
      res.body.created[1]!.findings.filter((f) => f.rule === 'IMPORT-SET-ASIDE').map((f) => f.field),
    ).toEqual(['report/C/reportType']);
    expect(await countReports(tenant.organisationIds[0])).toBe(2);
  });

  it('imports once per Idempotency-Key: the retry answers the same reports', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await staffOf(tenant);
    const headers = { 'idempotency-key': `load-${tenant.platformId}` };
    const first = await load(token, example('FAERS2022Scenario2.xml'), {}, headers);
    const again = await load(token, example('FAERS2022Scenario2.xml'), {}, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.created.map((c) => c.id)).toEqual(first.body.created.map((c) => c.id));
    expect(await countReports(tenant.organisationIds[0])).toBe(1);
    const other = await load(token, example('FAERS2022Scenario3.xml'), {}, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('loads into another organisation the caller works for, named in the form', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await signedIn(app, tenant, 'platform_admin');
    const res = await load(token, example('FAERS2022Scenario4.xml'), {
      organisationId: tenant.organisationIds[1],
    });
    expect(res.status).toBe(201);
    expect(await countReports(tenant.organisationIds[1])).toBe(1);
  });

  it('refuses a request without a file, or with another field, or not multipart', async () => {
    const { token } = await staffOf(home);
    const empty = new FormData();
    empty.append('organisationId', home.organisationIds[0]);
    const none = await http<Answer<object>>(app.url, 'POST', '/v1/report/load', { token, form: empty });
    expect([none.status, none.body.meta?.fields[0]?.field]).toEqual([400, 'body/file']);
    const extra = await load(token, example('FAERS2022Scenario1.xml'), { colour: 'blue' });
    expect([extra.status, extra.body.meta?.fields[0]?.field]).toEqual([400, 'body/colour']);
    const json = await http<Answer<object>>(app.url, 'POST', '/v1/report/load', { token, body: {} });
    expect(json.status).toBe(415);
  });
});

describe('hostile XML through the endpoints', () => {
  const hostile: Record<string, [string | (() => string), string]> = {
    'an external file entity (XXE)': [
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&x;</MCCI_IN200100UV01>',
      'XML_DOCTYPE_REFUSED',
    ],
    'an external http entity': [
      '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "http://127.0.0.1:9/x">]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&x;</MCCI_IN200100UV01>',
      'XML_DOCTYPE_REFUSED',
    ],
    'billion laughs': [
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
        { length: 9 },
        (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`,
      ).join('')}]><MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">&lol9;</MCCI_IN200100UV01>`,
      'XML_DOCTYPE_REFUSED',
    ],
    '10,000 levels deep': [
      () =>
        `<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3">${'<a>'.repeat(10_000)}${'</a>'.repeat(10_000)}</MCCI_IN200100UV01>`,
      'XML_TOO_DEEP',
    ],
    'the wrong namespace': [
      '<MCCI_IN200100UV01 xmlns="urn:example:not-hl7"><id root="1"/></MCCI_IN200100UV01>',
      'XML_WRONG_ROOT',
    ],
    'the wrong root element': ['<MCCI_IN200101UV01 xmlns="urn:hl7-org:v3"/>', 'XML_WRONG_ROOT'],
    'a truncated file': [() => example('FAERS2022Scenario1.xml').slice(0, 20_000), 'XML_MALFORMED'],
    'not XML at all': ['%PDF-1.4 this is not xml', 'XML_MALFORMED'],
  };

  for (const [what, [input, code]] of Object.entries(hostile)) {
    it(`refuses ${what} with 400 ${code} on load and on PUT …/xml, storing nothing`, async () => {
      const tenant = await createTenant(app.db);
      const { token } = await staffOf(tenant);
      const xml = typeof input === 'function' ? input() : input;
      const loaded = await load(token, xml);
      expect(loaded.status).toBe(400);
      expect(loaded.body.code).toBe(code);
      expect(loaded.body.message!.length).toBeGreaterThan(10);
      expect(await countReports(tenant.organisationIds[0])).toBe(0);

      const made = await load(token, example('FAERS2022Scenario4.xml'));
      const id = made.body.created[0]!.id;
      const put = await http<Answer<object>>(app.url, 'PUT', `/v1/report/${id}/xml`, {
        token,
        body: { reportXML: xml },
      });
      expect(put.status).toBe(400);
      expect(put.body.code).toBe(code);
      const versions = await app.db
        .selectFrom('report_versions')
        .select('version')
        .where('report_id', '=', id)
        .execute();
      expect(versions).toEqual([{ version: 1 }]);
    });
  }

  it('refuses a file over 20 MB with 400 XML_TOO_LARGE, storing nothing', async () => {
    const tenant = await createTenant(app.db);
    const { token } = await staffOf(tenant);
    const big = example('FAERS2022Scenario1.xml').replace(
      '</MCCI_IN200100UV01>',
      `<!--${'x'.repeat(20 * 1024 * 1024)}--></MCCI_IN200100UV01>`,
    );
    const res = await load(token, big);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('XML_TOO_LARGE');
    expect(await countReports(tenant.organisationIds[0])).toBe(0);
  });
});

/** Sends a body of `total` bytes made on the fly, signed in, and answers what the server said. */
async function sendHuge(
  method: string,
  path: string,
  token: string,
  headers: Record<string, string>,
  head: string,
  tail: string,
  total: number,
  chunked = false,
) {
  const answer = await sendHugeBody({
    url: new URL(path, app.url).href,
    method,
    headers: { ...headers, authorization: `Bearer ${token}` },
    head,
    tail,
    total,
    chunked,
  });
  return { ...answer, code: answer.body.code };
}

describe('a 200 MB file', () => {
  const total = 200 * 1024 * 1024;

  for (const [how, chunked] of [
    ['with its length', false],
    ['sent in chunks, its length unknown', true],
  ] as const) {
    it(`POST /v1/report/load refuses it (${how}) with 400 XML_TOO_LARGE before reading it all, storing nothing`, async () => {
      const tenant = await createTenant(app.db);
      const { token } = await staffOf(tenant);
      const boundary = 'vigilo-200mb';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.xml"\r\nContent-Type: application/xml\r\n\r\n<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3"><!--`;
      const tail = `--></MCCI_IN200100UV01>\r\n--${boundary}--\r\n`;
      const answer = await sendHuge(
        'POST',
        '/v1/report/load',
        token,
        { 'content-type': `multipart/form-data; boundary=${boundary}` },
        head,
        tail,
        total,
        chunked,
      );
      expect(answer.status).toBe(400);
      expect(answer.code).toBe('XML_TOO_LARGE');
      // The answer came after about the 20 MB limit (plus what the sockets buffer), not after 200 MB.
      expect(answer.sentWhenAnswered).toBeLessThan(total / 2);
      // …and the connection closes: the server does not go on reading the rest to throw it away.
      expect(answer.connection).toBe('close');
      expect(await countReports(tenant.organisationIds[0])).toBe(0);
    }, 60_000);
  }

  it('PUT /v1/report/{id}/xml refuses it with 400 XML_TOO_LARGE from its length alone', async () => {
    const { token } = await staffOf(home);
    const made = await load(token, example('FAERS2022Scenario1.xml'));
    const id = made.body.created[0]!.id;
    const answer = await sendHuge(
      'PUT',
      `/v1/report/${id}/xml`,
      token,
      { 'content-type': 'application/json' },
      '{"reportXML":"<MCCI_IN200100UV01 xmlns=\\"urn:hl7-org:v3\\"><!--',
      '--></MCCI_IN200100UV01>"}',
      total,
    );
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('XML_TOO_LARGE');
    expect(answer.sentWhenAnswered).toBeLessThan(total / 2);
    expect(answer.connection).toBe('close');
  }, 60_000);
});

describe('PUT /v1/report/{id}/xml', () => {
  it('saves the case of the XML as a new version, rewrites the list columns, audits it', async () => {
    const { token, user } = await staffOf(home);
    const sent = await http<Report>(app.url, 'POST', '/v1/report', {
      token,
      body: { report: adrCase(), organisationId: home.organisationIds[0] },
    });
    expect(sent.body).toMatchObject({ country: 'GB', reportType: '1', reportVersion: 1 });
    const xml = example('FAERS2022Scenario1.xml');
    const res = await http<Answer<Report>>(app.url, 'PUT', `/v1/report/${sent.body.id}/xml`, {
      token,
      headers: { 'if-match': `"${sent.body.version}"` },
      body: { reportXML: xml },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: sent.body.id,
      reference: sent.body.reference,
      reportVersion: 2,
      country: 'US',
    });
    expect((res.body.report as { C: { senderSafetyReportId: string } }).C.senderSafetyReportId).toBe(
      'US-APHARMA-8744554B',
    );
    const row = await app.db
      .selectFrom('reports')
      .select(['current_version', 'country'])
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_version: 2, country: 'US' });
    const audit = await app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'changes'])
      .where('entity_id', '=', sent.body.id)
      .where('action', '=', 'report.updated_from_xml')
      .execute();
    expect(audit).toEqual([
      {
        action: 'report.updated_from_xml',
        actor_user_id: user.id,
        changes: [{ path: 'reportVersion', old: 1, new: 2 }],
      },
    ]);
    // A stale If-Match is refused.
    const stale = await http(app.url, 'PUT', `/v1/report/${sent.body.id}/xml`, {
      token,
      headers: { 'if-match': `"${sent.body.version}"` },
      body: { reportXML: xml },
    });
    expect(stale.status).toBe(412);
  });

  it('keeps the case where it is in its lifecycle, and takes no XML once it is nullified (409)', async () => {
    const { token } = await staffOf(home);
    const made = await load(token, example('FAERS2022Scenario1.xml'));
    const id = made.body.created[0]!.id;
    const put = () =>
      http<Answer<Report>>(app.url, 'PUT', `/v1/report/${id}/xml`, {
        token,
        body: { reportXML: example('FAERS2022Scenario3.xml') },
      });
    const triaged = await http(app.url, 'PUT', `/v1/reports/${id}/status`, {
      token,
      body: { status: 'in_triage' },
    });
    expect(triaged.status).toBe(200);
    const kept = await put();
    expect([kept.status, kept.body.status, kept.body.reportVersion]).toEqual([200, 'in_triage', 2]);
    const admin = (await signedIn(app, home, 'organisation_admin')).token;
    const nullified = await http(app.url, 'PUT', `/v1/reports/${id}/status`, {
      token: admin,
      body: { status: 'nullified', reason: 'Loaded twice' },
    });
    expect(nullified.status).toBe(200);
    const refused = await put();
    expect([refused.status, refused.body.code]).toEqual([409, 'INVALID_TRANSITION']);
    const row = await app.db
      .selectFrom('reports')
      .select('current_version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.current_version).toBe(2);
  });

  it('refuses a message of two cases, changing nothing; a case that does not fit is stored (decision 0222)', async () => {
    const { token } = await staffOf(home);
    const sent = await http<Report>(app.url, 'POST', '/v1/report', { token, body: { report: adrCase() } });
    const two = await http<Answer<object>>(app.url, 'PUT', `/v1/report/${sent.body.id}/xml`, {
      token,
      body: { reportXML: fileWithABadCase() },
    });
    expect([two.status, two.body.code, two.body.meta?.fields[0]?.field]).toEqual([
      400,
      'VALIDATION_FAILED',
      'body/reportXML',
    ]);
    const row = await app.db
      .selectFrom('reports')
      .select('current_version')
      .where('id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(row.current_version).toBe(1);
    const bad = example('FAERS2022Scenario1.xml').replace(
      'code="1" displayName="Spontaneous report"',
      'code="9"',
    );
    const misfit = await http<Answer<Report>>(app.url, 'PUT', `/v1/report/${sent.body.id}/xml`, {
      token,
      body: { reportXML: bad },
    });
    expect([misfit.status, misfit.body.reportVersion]).toEqual([200, 2]);
    expect((misfit.body.report as { C: { reportType?: string } }).C.reportType).toBeUndefined();
  });
});

describe('POST /v1/reports/json2xml', () => {
  it('writes a case document as schema-valid E2B(R3) text, storing nothing', async () => {
    const { token } = await staffOf(home);
    const base = adrCase();
    // C.1 complete, as the ICH schema wants it (the intake fills C.1.4 and C.1.5 on receipt).
    const report = {
      ...base,
      C: {
        ...base.C,
        senderSafetyReportId: 'GB-VIGILO-000001',
        creationDate: '2026-11-03T10:00:00+00:00',
        firstReceivedDate: '2026-11-03',
        mostRecentInformationDate: '2026-11-03',
        worldwideUniqueId: 'GB-VIGILO-000001',
        firstSender: '2',
        fulfilsLocalExpeditedCriteria: true,
        additionalDocumentsAvailable: false,
      },
    };
    const res = await http<string>(app.url, 'POST', '/v1/reports/json2xml', { token, body: { report } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.body.startsWith('<?xml')).toBe(true);
    expect(res.body).toContain('Lisinopril 10 mg tablets');
    expect(res.body).toContain('extension="GB-VIGILO-000001"');
    expect(validateXsd(res.body)).toEqual([]);
  });

  it('answers 400 naming each field a case document does not allow', async () => {
    const { token } = await staffOf(home);
    const res = await http<Answer<object>>(app.url, 'POST', '/v1/reports/json2xml', {
      token,
      body: { report: { ...adrCase(), D: { sex: 'female' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.meta!.fields).toEqual([
      expect.objectContaining({ field: 'body/report/D/sex', reason: 'choice' }),
    ]);
  });
});

describe('GET /v1/report/{id}/xml/validation and GET /v1/report/{id}/cioms', () => {
  it('answers findings with element, XPath, rule, sentence and form field for the chosen profile', async () => {
    const { token } = await staffOf(home);
    const made = await load(token, example('FAERS2022Scenario5-3.xml'));
    const id = made.body.created[0]!.id;
    const ich = await http<E2bValidation>(app.url, 'GET', `/v1/report/${id}/xml/validation`, { token });
    expect(ich.status).toBe(200);
    expect(ich.body).toMatchObject({ id, profile: 'ich', valid: false });
    const role = ich.body.findings.find((f) => f.dataElement === 'G.k.1');
    expect(role).toMatchObject({
      layer: 'ich',
      severity: 'error',
      rule: 'ICH-REQUIRED',
      message: 'Characterisation of Drug Role (G.k.1) is missing: it is required.',
    });
    expect(role!.xpath).toContain('causalityAssessment');
    expect(role!.field).toMatch(/^report\/G\/drugs\/\d+\/role$/);
    for (const profile of ['fda', 'eu'] as const) {
      const res = await http<E2bValidation>(
        app.url,
        'GET',
        `/v1/report/${id}/xml/validation?profile=${profile}`,
        {
          token,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body.profile).toBe(profile);
    }
    const unknown = await http(app.url, 'GET', `/v1/report/${id}/xml/validation?profile=mars`, { token });
    expect(unknown.status).toBe(400);
  });

  it('words findings in the signed-in user’s language, on import and on validation (decision 0155)', async () => {
    const { token, user } = await staffOf(home);
    await app.db.updateTable('users').set({ language: 'fr' }).where('id', '=', user.id).execute();
    const made = await load(token, example('FAERS2022Scenario5-3.xml'));
    expect(made.status).toBe(201);
    const roleIn = (findings: { dataElement?: string; message: string }[]) =>
      findings.find((f) => f.dataElement === 'G.k.1')?.message;
    const expected = 'Rôle du médicament (G.k.1) manque : cet élément est obligatoire.';
    expect(roleIn(made.body.created[0]!.findings)).toBe(expected);
    const res = await http<E2bValidation>(
      app.url,
      'GET',
      `/v1/report/${made.body.created[0]!.id}/xml/validation`,
      { token },
    );
    expect(roleIn(res.body.findings)).toBe(expected);
  });

  it('answers a valid case as valid under ICH', async () => {
    const { token } = await staffOf(home);
    const made = await load(token, example('FAERS2022Scenario1.xml'));
    const res = await http<E2bValidation>(
      app.url,
      'GET',
      `/v1/report/${made.body.created[0]!.id}/xml/validation`,
      {
        token,
      },
    );
    expect(res.body.valid).toBe(true);
    expect(res.body.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('downloads the CIOMS I form as a PDF', async () => {
    const { token } = await staffOf(home);
    const sent = await http<Report>(app.url, 'POST', '/v1/report', { token, body: { report: adrCase() } });
    const res = await fetch(`${app.url}/v1/report/${sent.body.id}/cioms`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${sent.body.reference}-CIOMS-I.pdf`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('tenants and roles', () => {
  const reads = (id: string) => [
    ['GET', `/v1/report/${id}/xml`],
    ['GET', `/v1/report/${id}/xml/validation`],
    ['GET', `/v1/report/${id}/cioms`],
  ];

  it("answers 404 to another organisation's and another platform's users, for reading and changing", async () => {
    const { token } = await staffOf(home);
    const made = await load(token, example('FAERS2022Scenario1.xml'));
    const id = made.body.created[0]!.id;
    const outsiders = [
      (await signedIn(app, home, 'organisation_admin', 1)).token,
      (await signedIn(app, foreign, 'platform_admin')).token,
      (await signedIn(app, foreign, 'organisation_admin', 0)).token,
    ];
    for (const outsider of outsiders) {
      for (const [method, path] of reads(id))
        expect((await http(app.url, method!, path!, { token: outsider })).status).toBe(404);
      const put = await http(app.url, 'PUT', `/v1/report/${id}/xml`, {
        token: outsider,
        body: { reportXML: example('FAERS2022Scenario2.xml') },
      });
      expect(put.status).toBe(404);
    }
    const intoHome = await load(
      (await signedIn(app, foreign, 'platform_admin')).token,
      example('FAERS2022Scenario1.xml'),
      {
        organisationId: home.organisationIds[0],
      },
    );
    expect(intoHome.status).toBe(404);
    const versions = await app.db
      .selectFrom('report_versions')
      .select('version')
      .where('report_id', '=', id)
      .execute();
    expect(versions).toEqual([{ version: 1 }]);
  });

  it('a user of two organisations: staff in one, reporter in the other, nothing in a third', async () => {
    const tenant = await createTenant(app.db);
    const both = await signedInToTwo(app, tenant, ['reporter', 'organisation_staff']);
    const inA = await load((await staffOf(tenant, 0)).token, example('FAERS2022Scenario1.xml'));
    const inB = await load((await staffOf(tenant, 1)).token, example('FAERS2022Scenario1.xml'));
    const inC = await load((await staffOf(both.thirdTenant, 0)).token, example('FAERS2022Scenario1.xml'));
    const status = async (path: string) => (await http(app.url, 'GET', path, { token: both.token })).status;
    expect(await status(`/v1/report/${inB.body.created[0]!.id}/xml`)).toBe(200);
    expect(await status(`/v1/report/${inA.body.created[0]!.id}/xml`)).toBe(403);
    expect(await status(`/v1/report/${inC.body.created[0]!.id}/xml`)).toBe(404);
    const intoB = await load(both.token, example('FAERS2022Scenario2.xml'), {
      organisationId: tenant.organisationIds[1],
    });
    expect(intoB.status).toBe(201);
    // In A it reports: loading there is refused; the session's organisation is A.
    expect((await load(both.token, example('FAERS2022Scenario2.xml'))).status).toBe(403);
    expect(
      (
        await load(both.token, example('FAERS2022Scenario2.xml'), {
          organisationId: both.thirdOrganisationId,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses reporters and assessors what the policy keeps from them', async () => {
    const tenant = await createTenant(app.db);
    const made = await load((await staffOf(tenant)).token, example('FAERS2022Scenario1.xml'));
    const id = made.body.created[0]!.id;
    const reporter = (await signedIn(app, tenant, 'reporter')).token;
    const assessor = (await signedIn(app, tenant, 'assessor')).token;
    expect((await http(app.url, 'GET', `/v1/report/${id}/xml`, { token: reporter })).status).toBe(403);
    expect((await http(app.url, 'GET', `/v1/report/${id}/xml`, { token: assessor })).status).toBe(200);
    expect((await load(assessor, example('FAERS2022Scenario1.xml'))).status).toBe(403);
    const put = await http(app.url, 'PUT', `/v1/report/${id}/xml`, {
      token: assessor,
      body: { reportXML: example('FAERS2022Scenario1.xml') },
    });
    expect(put.status).toBe(403);
    expect((await http(app.url, 'GET', `/v1/report/${id}/xml`)).status).toBe(401);
  });
});
