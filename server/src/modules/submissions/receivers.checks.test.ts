import type { Receiver } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rsaCertificate } from '../../../test/as2-receiver.ts';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import type { Answer } from '../../../test/submissions.ts';

/**
 * What a receiver's body is checked for (decisions 0170, 0191, 0195, 0202), with the words an
 * administrator reads: the transport's address, its authentication and credentials, the AS2
 * settings a transport moved to AS2 must bring, rules trimmed and blank rules dropped. Written
 * where mutation testing (decision 0203) found a change of the checks no test noticed.
 */
const app = useTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
let home: TestTenant;
let admin: string;
const partner = rsaCertificate('checks-partner');
const vigilo = rsaCertificate('checks-vigilo');

beforeAll(async () => {
  home = await createTenant(app.db);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
});

type Refusal = Answer<Receiver> & { message?: string };
const path = (id?: string) => `/v1/organisation/${home.organisationIds[0]}/receivers${id ? `/${id}` : ''}`;
const name = () => `Checked ${crypto.randomUUID().slice(0, 8)}`;
const create = (body: Record<string, unknown>) =>
  http<Refusal>(app.url, 'POST', path(), { token: admin, body: { name: name(), ...body } });
const put = (id: string, body: unknown) => http<Refusal>(app.url, 'PUT', path(id), { token: admin, body });
const as2 = {
  type: 'as2',
  url: 'http://localhost:9/as2',
  as2: { from: 'VIGILO-NPC', to: 'ZZFDA', partnerCertificate: partner.cert },
  credentials: { certificate: vigilo.cert, privateKey: vigilo.key },
};
/** [status, field, message] of an answer, for one comparison. */
const refusal = (res: { status: number; body: Refusal }) => [
  res.status,
  res.body.meta?.fields?.[0]?.field,
  res.body.message,
];

describe('a receiver body is checked', () => {
  it('the address: required, https:// (AS2 also http://), in words', async () => {
    expect(refusal(await create({ transport: { type: 'https', auth: 'none' } }))).toEqual([
      400,
      'body/transport/url',
      'An HTTPS transport needs the address to post to',
    ]);
    expect(refusal(await create({ transport: { type: 'https', url: 'http://localhost/e2b' } }))).toEqual([
      400,
      'body/transport/url',
      'The address must start with https://',
    ]);
    expect(refusal(await create({ transport: { ...as2, url: null } }))).toEqual([
      400,
      'body/transport/url',
      'An AS2 transport needs the address to post to',
    ]);
    expect(refusal(await create({ transport: { ...as2, url: 'ftp://localhost/as2' } }))).toEqual([
      400,
      'body/transport/url',
      'The address must start with https:// or http://',
    ]);
    // No transport has no address, whatever is sent beside `type: none`.
    const none = await create({ transport: { type: 'none', url: 'https://localhost/e2b', auth: 'none' } });
    expect(none.status).toBe(201);
    expect(none.body.transport).toEqual({
      type: 'none',
      url: null,
      auth: 'none',
      hasCredentials: false,
      caCertificate: null,
      as2: null,
    });
  });

  it('credentials: none for no authentication, each one needed, nothing more, in words', async () => {
    const bare = { type: 'https', url: 'https://localhost/e2b', auth: 'none' };
    const empty = await create({ transport: { ...bare, credentials: {} } });
    expect([empty.status, empty.body.transport?.hasCredentials]).toEqual([201, false]);
    expect(refusal(await create({ transport: { ...bare, credentials: { token: 't' } } }))).toEqual([
      400,
      'body/transport/credentials',
      'This transport takes no credentials',
    ]);
    const bearer = { ...bare, auth: 'bearer' };
    expect(refusal(await create({ transport: bearer }))).toEqual([
      400,
      'body/transport/credentials',
      'bearer authentication needs its credentials',
    ]);
    expect(
      refusal(await create({ transport: { ...bearer, credentials: { token: 't', username: 'u' } } })),
    ).toEqual([400, 'body/transport/credentials/username', 'bearer authentication takes no username']);
    expect(
      refusal(await create({ transport: { ...bare, auth: 'basic', credentials: { password: 'p' } } })),
    ).toEqual([400, 'body/transport/credentials/username', 'basic authentication needs username']);
    expect(refusal(await create({ transport: { ...as2, credentials: undefined } }))).toEqual([
      400,
      'body/transport/credentials',
      "AS2 needs Vigilo's signing certificate and private key",
    ]);
  });

  it('AS2 takes `auth: none` (as the web form sends it); renamed alone, it keeps its transport', async () => {
    const res = await create({ transport: { ...as2, auth: 'none' } });
    expect(res.status).toBe(201);
    expect(res.body.transport).toMatchObject({ type: 'as2', auth: 'none', hasCredentials: true });
    const renamed = await put(res.body.id, { name: `${res.body.name} renamed` });
    expect([renamed.status, renamed.body.transport]).toEqual([200, res.body.transport]);
  });

  it('a transport moved to AS2 must bring each AS2 setting; the old authentication does not follow it', async () => {
    const https = await create({
      transport: { type: 'https', url: 'https://localhost/e2b', auth: 'bearer', credentials: { token: 't' } },
    });
    const settings = { from: 'VIGILO-NPC', to: 'ZZFDA', partnerCertificate: partner.cert };
    for (const missing of ['from', 'to', 'partnerCertificate'] as const) {
      const { [missing]: _gone, ...rest } = settings;
      const res = await put(https.body.id, { transport: { ...as2, as2: rest } });
      expect(refusal(res), missing).toEqual([
        400,
        'body/transport/as2',
        'An AS2 transport needs its AS2 names and the partner certificate',
      ]);
    }
    const moved = await put(https.body.id, { transport: as2 });
    expect(moved.status).toBe(200);
    expect(moved.body.transport).toEqual({
      type: 'as2',
      url: 'http://localhost:9/as2',
      auth: 'none',
      hasCredentials: true,
      caCertificate: null,
      as2: {
        from: 'VIGILO-NPC',
        to: 'ZZFDA',
        partnerCertificate: partner.cert,
        encryption: 'aes256-cbc',
        signing: 'sha-256',
      },
    });
    // Back to HTTPS and then to AS2 again: the AS2 settings of before are gone with the type.
    expect((await put(https.body.id, { transport: { type: 'none' } })).status).toBe(200);
    const bare = await put(https.body.id, { transport: { ...as2, as2: undefined } });
    expect(refusal(bare)[1]).toBe('body/transport/as2');
  });

  it('a rule and a name are kept trimmed; a blank rule is no rule', async () => {
    const made = await create({ rule: '  case.serious  ' });
    expect(made.body.rule).toBe('case.serious');
    const renamed = await put(made.body.id, { name: '  Trimmed gateway  ', rule: '   ' });
    expect([renamed.body.name, renamed.body.rule]).toEqual(['Trimmed gateway', null]);
  });

  it('a stored rule is not checked again when it is not changed (a form field may have gone since)', async () => {
    const made = await create({ rule: 'case.serious' });
    // As if the forms had dropped a field the rule reads since it was saved.
    await app.db
      .updateTable('receivers')
      .set({ rule: 'Z.gone == "x"' })
      .where('id', '=', made.body.id)
      .execute();
    const renamed = await put(made.body.id, { name: 'Renamed, rule untouched' });
    expect([renamed.status, renamed.body.rule]).toEqual([200, 'Z.gone == "x"']);
    const same = await put(made.body.id, { rule: 'Z.gone == "x"' });
    expect(same.status).toBe(200);
    // Another rule that reads it is checked, and refused.
    expect(refusal(await put(made.body.id, { rule: 'Z.gone == "y"' })).slice(0, 2)).toEqual([
      400,
      'body/rule',
    ]);
  });

  it('each refusal names its reason, as the error catalogue lists them (decision 0023)', async () => {
    type Field = { field: string; reason: string; message: string };
    const fields = async (res: Promise<{ body: Refusal }>) =>
      ((await res).body.meta?.fields as Field[] | undefined)?.map((f) => [f.field, f.reason]);
    const https = { type: 'https', url: 'https://localhost/e2b' };
    expect(await fields(create({ transport: { type: 'https' } }))).toEqual([
      ['body/transport/url', 'required'],
    ]);
    expect(await fields(create({ transport: { ...https, url: 'http://localhost/e2b' } }))).toEqual([
      ['body/transport/url', 'invalid'],
    ]);
    const auth = await create({ transport: { type: 'none', auth: 'basic' } });
    expect([await fields(Promise.resolve(auth)), auth.body.message]).toEqual([
      [['body/transport/auth', 'notAllowed']],
      'A none transport takes no basic authentication',
    ]);
    const settings = await create({ transport: { ...https, as2: as2.as2 } });
    expect([await fields(Promise.resolve(settings)), settings.body.message]).toEqual([
      [['body/transport/as2', 'notAllowed']],
      'AS2 settings go with an AS2 transport only',
    ]);
    const made = await create({ transport: { type: 'https', url: 'https://localhost/e2b' } });
    expect(await fields(put(made.body.id, { transport: { ...as2, as2: { from: 'VIGILO-NPC' } } }))).toEqual([
      ['body/transport/as2', 'required'],
    ]);
    expect(await fields(create({ transport: { ...https, credentials: { token: 't' } } }))).toEqual([
      ['body/transport/credentials', 'notAllowed'],
    ]);
    expect(await fields(create({ transport: { ...https, auth: 'bearer' } }))).toEqual([
      ['body/transport/credentials', 'required'],
    ]);
    expect(
      await fields(create({ transport: { ...https, auth: 'basic', credentials: { username: 'u' } } })),
    ).toEqual([['body/transport/credentials/password', 'required']]);
    expect(
      await fields(
        create({ transport: { ...https, auth: 'bearer', credentials: { token: 't', password: 'p' } } }),
      ),
    ).toEqual([['body/transport/credentials/password', 'notAllowed']]);
    expect(await fields(create({ rule: 'case.serious ==' }))).toEqual([['body/rule', 'format']]);
    const unknown = await create({ rule: 'case.colour == "red"' });
    expect(unknown.body.meta?.fields?.map((f) => [f.field, (f as Field).reason])).toEqual([
      ['body/rule', 'notFound'],
    ]);
    expect(unknown.body.message).toBe(
      'reads case.colour, which the case does not have (case document fields, or case.serious, case.country, case.reportType, case.seriousness)',
    );
  });
});
