import type { E2bValidation, Receiver, Report } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  adrCase,
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

/**
 * The E2B(R3) download follows the organisation's default receiver (decision 0200): its
 * profile and its identifiers, ICH when the organisation named none; `?profile=` still names
 * another. At most one default per organisation; other organisations' receivers change nothing.
 */
const app = useTestApp();

type Answer<T> = T & { code?: string; meta?: { fields?: { field: string }[] } };

const receiversPath = (orgId: string, id?: string) =>
  `/v1/organisation/${orgId}/receivers${id ? `/${id}` : ''}`;

const adminOf = async (tenant: TestTenant, org: 0 | 1 = 0) =>
  (await signedIn(app, tenant, 'organisation_admin', org)).token;
const staffOf = async (tenant: TestTenant, org: 0 | 1 = 0) =>
  (await signedIn(app, tenant, 'organisation_staff', org)).token;

async function addReceiver(token: string, orgId: string, body: Record<string, unknown>) {
  const res = await http<Answer<Receiver>>(app.url, 'POST', receiversPath(orgId), { token, body });
  expect(res.status).toBe(201);
  return res.body;
}

async function newReport(token: string, organisationId: string) {
  const res = await http<Report>(app.url, 'POST', '/v1/report', {
    token,
    body: { report: adrCase(), organisationId },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The download's profile header and its N.1.3/N.1.4/N.2.r.2/N.2.r.3 identifiers, read from the XML. */
async function download(token: string, id: string, query = '') {
  const res = await http<string>(app.url, 'GET', `/v1/report/${id}/xml${query}`, { token });
  const xml = typeof res.body === 'string' ? res.body : '';
  // An II with the root of the identifier, its attributes in any order.
  const idOf = (root: string) => {
    const element = xml.match(new RegExp(`<id [^>]*root="${root.replace(/\./g, '\\.')}"[^>]*>`))?.[0];
    return element?.match(/extension="([^"]+)"/)?.[1];
  };
  return {
    status: res.status,
    profile: res.headers.get('x-e2b-profile'),
    batchSender: idOf('2.16.840.1.113883.3.989.2.1.3.13'),
    batchReceiver: idOf('2.16.840.1.113883.3.989.2.1.3.14'),
    messageSender: idOf('2.16.840.1.113883.3.989.2.1.3.11'),
    messageReceiver: idOf('2.16.840.1.113883.3.989.2.1.3.12'),
  };
}

/** An FDA receiver sending every case to CBER's premarket route (decision 0231): ZZFDA_PREMKT and CBER_IND. */
const FDA_GATEWAY = {
  batchSender: 'VIGILO-NPC',
  messageReceiver: 'CBER',
  fdaRoute: 'premarket',
  profile: 'fda',
};

describe('the default receiver of an organisation', () => {
  it('with none, the download is ICH with ICH as receiver and the organisation as sender', async () => {
    const tenant = await createTenant(app.db);
    const org = tenant.organisationIds[0];
    // A receiver that is not the default changes nothing.
    await addReceiver(await adminOf(tenant), org, { name: 'Partner', ...FDA_GATEWAY });
    const token = await staffOf(tenant);
    const id = await newReport(token, org);
    expect(await download(token, id)).toEqual({
      status: 200,
      profile: 'ich',
      batchSender: org,
      batchReceiver: 'ICH',
      messageSender: org,
      messageReceiver: 'ICH',
    });
  });

  it("the download and its validation follow the default receiver's profile and identifiers; ?profile= names another", async () => {
    const tenant = await createTenant(app.db);
    const org = tenant.organisationIds[0];
    const admin = await adminOf(tenant);
    const fda = await addReceiver(admin, org, { name: 'FDA ESG', ...FDA_GATEWAY, isDefault: true });
    expect(fda.isDefault).toBe(true);
    const token = await staffOf(tenant);
    const id = await newReport(token, org);
    expect(await download(token, id)).toEqual({
      status: 200,
      profile: 'fda',
      batchSender: 'VIGILO-NPC',
      batchReceiver: 'ZZFDA_PREMKT',
      messageSender: 'VIGILO-NPC',
      messageReceiver: 'CBER_IND',
    });
    const checked = await http<E2bValidation>(app.url, 'GET', `/v1/report/${id}/xml/validation`, { token });
    expect(checked.body.profile).toBe('fda');
    // A case document written as XML (nothing stored) is written for the same receiver.
    const written = await http<string>(app.url, 'POST', '/v1/reports/json2xml', {
      token,
      body: { report: adrCase(), organisationId: org },
    });
    expect(written.status).toBe(200);
    expect(written.body).toMatch(
      /<id (?=[^>]*extension="ZZFDA_PREMKT")(?=[^>]*root="2\.16\.840\.1\.113883\.3\.989\.2\.1\.3\.14")/,
    );
    expect(await download(token, id, '?profile=eu')).toEqual({
      status: 200,
      profile: 'eu',
      batchSender: org,
      batchReceiver: 'EVHUMAN',
      messageSender: org,
      messageReceiver: 'EVHUMAN',
    });
  });

  it('making another receiver the default takes the flag from the first, audited; a PUT without it keeps it', async () => {
    const tenant = await createTenant(app.db);
    const org = tenant.organisationIds[0];
    const admin = await adminOf(tenant);
    const fda = await addReceiver(admin, org, { name: 'FDA ESG', ...FDA_GATEWAY, isDefault: true });
    const eu = await addReceiver(admin, org, { name: 'EudraVigilance', profile: 'eu' });
    const made = await http<Receiver>(app.url, 'PUT', receiversPath(org, eu.id), {
      token: admin,
      body: { name: 'EudraVigilance', profile: 'eu', isDefault: true },
    });
    expect([made.status, made.body.isDefault]).toEqual([200, true]);
    const list = await http<Receiver[]>(app.url, 'GET', `/v1/receivers?organisationId=${org}`, {
      token: admin,
    });
    expect(list.body.map((r) => [r.name, r.isDefault])).toEqual([
      ['EudraVigilance', true],
      ['FDA ESG', false],
    ]);
    const audits = await app.db
      .selectFrom('audit_log')
      .select('changes')
      .where('entity_id', '=', fda.id)
      .where('action', '=', 'receiver.updated')
      .execute();
    expect(audits.map((a) => a.changes)).toEqual([[{ path: 'isDefault', old: true, new: false }]]);
    const token = await staffOf(tenant);
    const id = await newReport(token, org);
    expect((await download(token, id)).profile).toBe('eu');
    // Edited without the flag (a screen that does not show it), the default stays.
    await http(app.url, 'PUT', receiversPath(org, eu.id), {
      token: admin,
      body: { name: 'EudraVigilance EU', profile: 'eu' },
    });
    expect((await download(token, id)).profile).toBe('eu');
    // Unset, the organisation has none: ICH again.
    await http(app.url, 'PUT', receiversPath(org, eu.id), {
      token: admin,
      body: { name: 'EudraVigilance EU', profile: 'eu', isDefault: false },
    });
    expect((await download(token, id)).profile).toBe('ich');
  });

  it('administrators choosing defaults at the same moment: every choice answers 200, one default remains', async () => {
    const tenant = await createTenant(app.db);
    const org = tenant.organisationIds[0];
    const admin = await adminOf(tenant);
    const made = await Promise.all(
      Array.from({ length: 6 }, (_, i) => addReceiver(admin, org, { name: `Receiver ${i}`, profile: 'eu' })),
    );
    const answers = await Promise.all(
      made.map((r) =>
        http<Receiver>(app.url, 'PUT', receiversPath(org, r.id), {
          token: admin,
          body: { name: r.name, profile: 'eu', isDefault: true },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const defaults = await app.db
      .selectFrom('receivers')
      .select('id')
      .where('organisation_id', '=', org)
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toHaveLength(1);
  });

  it("another organisation's default receiver changes nothing here, and its administrators cannot touch ours", async () => {
    const [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
    const homeOrg = home.organisationIds[0];
    const homeAdmin = await adminOf(home);
    const ours = await addReceiver(homeAdmin, homeOrg, { name: 'EudraVigilance', profile: 'eu' });
    await addReceiver(await adminOf(foreign), foreign.organisationIds[0], {
      name: 'FDA ESG',
      ...FDA_GATEWAY,
      isDefault: true,
    });
    const token = await staffOf(home);
    const id = await newReport(token, homeOrg);
    expect((await download(token, id)).profile).toBe('ich');
    const foreignAdmin = await adminOf(foreign);
    const put = await http<Answer<object>>(app.url, 'PUT', receiversPath(homeOrg, ours.id), {
      token: foreignAdmin,
      body: { name: 'EudraVigilance', profile: 'eu', isDefault: true },
    });
    expect(put.status).toBe(404);
    expect((await http(app.url, 'GET', `/v1/report/${id}/xml`, { token: foreignAdmin })).status).toBe(404);
    expect((await download(token, id)).profile).toBe('ich');
  });

  it('a user of two organisations gets, for each case, the default receiver of the case’s organisation', async () => {
    const tenant = await createTenant(app.db);
    const [a, b] = tenant.organisationIds;
    const both = await signedInToTwo(app, tenant, ['organisation_staff', 'organisation_staff']);
    await addReceiver(await adminOf(tenant, 0), a, { name: 'FDA ESG', ...FDA_GATEWAY, isDefault: true });
    await addReceiver(await adminOf(tenant, 1), b, { name: 'EMA', profile: 'eu', isDefault: true });
    const inA = await newReport(both.token, a);
    const inB = await newReport(both.token, b);
    expect((await download(both.token, inA)).batchReceiver).toBe('ZZFDA_PREMKT');
    expect(await download(both.token, inB)).toMatchObject({
      profile: 'eu',
      batchReceiver: 'EVHUMAN',
      batchSender: b,
    });
    // A case of a third organisation of the platform, where the user is nobody: 404.
    const third = await newReport(await staffOf(both.thirdTenant), both.thirdOrganisationId);
    expect((await download(both.token, third)).status).toBe(404);
  });
});
