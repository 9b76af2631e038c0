import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { areas } from '../src/areas.ts';
import { metaForm } from './drugs.ts';
import { adrCase, createTenant, createTenantWithForms, http, type TestTenant, useTestApp } from './index.ts';
import { releaseForm, syntheticRelease } from './meddra.ts';
import { signedIn } from './sessions.ts';

/**
 * Races on unique rules (issue #7 item 4): parallel requests that would break one of them
 * answer 409 CONFLICT naming the field — never 500 — and exactly one of them wins. Each
 * unique rule an area declares (`conflicts` in its descriptor) has a race here.
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

const PARALLEL = 6;
const ROUNDS = 3;

type Answer = { status: number; body: { code?: string; meta?: { fields?: { field: string }[] } } };

/** Runs `send` PARALLEL times at once, ROUNDS times: one 2xx and the rest 409 naming `field`. */
async function race(field: string, send: (round: number) => Promise<Answer>) {
  for (let round = 0; round < ROUNDS; round++) {
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => send(round)));
    const statuses = answers.map((a) => a.status).sort();
    expect(
      statuses.filter((s) => s >= 200 && s < 300),
      `round ${round}: ${statuses}`,
    ).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status >= 300)) {
      expect(lost.status).toBe(409);
      expect(lost.body.code).toBe('CONFLICT');
      expect(lost.body.meta?.fields?.[0]?.field).toBe(field);
    }
  }
}

const unique = () => randomUUID().slice(0, 8);

/** Two new forms of one name at once (POST /v1/formviews): the schema's key or the view's, both on the name. */
async function newFormRace() {
  // A tenant whose platform has the standard forms to copy from.
  const withForms = await createTenantWithForms(app.db);
  const { token } = await signedIn(app, withForms, 'organisation_admin');
  const views = await http<{ id: string; key: string }[]>(app.url, 'GET', '/v1/formviews', { token });
  const templateId = views.body.find((v) => v.key === 'adr-public')!.id;
  await race('body/name', async (round) =>
    http(app.url, 'POST', '/v1/formviews', {
      token,
      body: { name: `Ward ${round} ${tenantTag}`, templateId, languages: ['en'] },
    }),
  );
}

const recipes: Record<string, () => Promise<void>> = {
  form_views_key: newFormRace,
  form_schemas_key: newFormRace,
  users_platform_id_email_key: async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    await race('body/email', async (round) => {
      const email = `race-${round}-${tenantTag}@example.test`;
      return http(app.url, 'POST', '/v1/users', {
        token,
        body: {
          email,
          firstName: 'Race',
          lastName: 'Email',
          memberships: [{ organisationId: tenant.organisationIds[0], role: 'reporter' }],
        },
      });
    });
  },
  users_platform_id_username_key: async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    await race('body/username', async (round) =>
      http(app.url, 'POST', '/v1/users', {
        token,
        body: {
          email: `race-${unique()}@example.test`,
          username: `racer-${round}-${tenantTag}`,
          firstName: 'Race',
          lastName: 'Username',
          memberships: [{ organisationId: tenant.organisationIds[0], role: 'reporter' }],
        },
      }),
    );
  },
  platforms_domain_key: async () => {
    const { token } = await signedIn(app, tenant, 'system_admin');
    await race('body/domain', async (round) =>
      http(app.url, 'POST', '/v1/platforms', {
        token,
        body: { name: `Race ${unique()}`, domain: `race-${round}-${tenantTag}.test.vigilo` },
      }),
    );
  },
  organisation_invites_open_email: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/email', async (round) =>
      http(app.url, 'POST', `/v1/organisation/${tenant.organisationIds[0]}/invite`, {
        token,
        body: { email: `invitee-${round}-${tenantTag}@example.test`, role: 'reporter' },
      }),
    );
  },
  conditions_name: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/name', async (round) =>
      http(app.url, 'POST', '/v1/conditions', {
        token,
        body: { name: `Adults ${round}-${tenantTag}`, conditions: 'D.ageAtOnset.value >= 18' },
      }),
    );
  },
  terminology_entries_code: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/code', async (round) =>
      http(app.url, 'POST', '/v1/terminology-entries', {
        token,
        body: { dictionary: 'races', code: `C${round}-${tenantTag}`, term: 'Raced' },
      }),
    );
  },
  terminology_arrangements_name: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/name', async (round) =>
      http(app.url, 'POST', '/v1/terminology-arrangements', {
        token,
        body: { dictionary: 'races', name: `Picklist ${round}-${tenantTag}` },
      }),
    );
  },
  hospitals_code: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/code', async (round) =>
      http(app.url, 'POST', '/v1/hospitals', {
        token,
        body: { name: 'Raced hospital', code: `H${round}-${tenantTag}` },
      }),
    );
  },
  receivers_organisation_name: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/name', async (round) =>
      http(app.url, 'POST', `/v1/organisation/${tenant.organisationIds[0]}/receivers`, {
        token,
        body: { name: `Race receiver ${round} ${tenantTag}` },
      }),
    );
  },
  meddra_versions_release: async () => {
    const { token } = await signedIn(app, tenant, 'system_admin');
    await race('body/meddra_release.asc', async (round) =>
      http(app.url, 'POST', '/v1/meddras/versions', {
        token,
        form: releaseForm(
          syntheticRelease({}, `Race ${'abcdefgh'[round]} ${tenantTag.replace(/[^a-z]/g, 'x')}`).files,
        ),
      }),
    );
  },
  drug_lists_version: async () => {
    const { token } = await signedIn(app, tenant, 'organisation_admin');
    await race('body/version', async (round) =>
      http(app.url, 'POST', '/v1/drugs/upload/meta', {
        token,
        form: metaForm({ version: `race-${round}-${tenantTag}` }),
      }),
    );
  },
  idaps_snapshots_pending: async () => {
    // A computation stays queued (no worker runs here): each round needs an organisation of its own.
    const owners = await Promise.all(
      Array.from({ length: ROUNDS }, async () => {
        const own = await createTenant(app.db);
        return { own, token: (await signedIn(app, own, 'organisation_admin')).token };
      }),
    );
    await race('body/organisationId', async (round) =>
      http(app.url, 'POST', '/v1/idaps/snapshots', { token: owners[round]!.token, body: {} }),
    );
  },
  user_identities_provider_id_issuer_subject_key: async () => {
    const { token } = await signedIn(app, tenant, 'platform_admin');
    const { user } = await signedIn(app, tenant, 'organisation_staff');
    // A provider as saving it leaves it (its discovery document stored), without a live provider.
    const provider = await app.db
      .insertInto('sso_providers')
      .values({
        platform_id: tenant.platformId,
        name: `Race ${unique()}`,
        issuer_url: 'https://idp.race.test',
        client_id: 'vigilo',
        enabled: false,
        metadata: JSON.stringify({ issuer: 'https://idp.race.test' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await race('body/subject', async (round) =>
      http(app.url, 'POST', `/v1/sso-provider/${provider.id}/identities`, {
        token,
        body: { email: user.email, subject: `racer-${round}-${tenantTag}` },
      }),
    );
  },
};

const tenantTag = unique();

describe('races on unique rules answer 409, naming the field', () => {
  it('has a race for every unique rule an area declares', () => {
    const declared = areas.flatMap((a) => Object.keys(a.conflicts ?? {})).sort();
    expect(Object.keys(recipes).sort()).toEqual(declared);
  });

  for (const [constraint, run] of Object.entries(recipes)) {
    it(constraint, run);
  }

  it('shares a case with one organisation in parallel: every PUT answers the one share (an upsert)', async () => {
    const own = await createTenant(app.db);
    const reporter = await signedIn(app, own, 'reporter');
    const sent = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: reporter.token,
      body: { report: adrCase(), organisationId: own.organisationIds[0] },
    });
    expect(sent.status).toBe(201);
    const { token } = await signedIn(app, own, 'organisation_staff');
    const path = `/v1/report/${sent.body.id}/share/organisation/${own.organisationIds[1]}`;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        http<{ id: string }>(app.url, 'PUT', path, { token, body: { reveal: i % 2 ? ['narrative'] : [] } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(200));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    const rows = await app.db
      .selectFrom('report_shares')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('report_id', '=', sent.body.id)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(1);
  });

  it('creates applications in parallel: all succeed, exactly one is the default', async () => {
    const own = await createTenant(app.db);
    const { token } = await signedIn(app, own, 'organisation_admin');
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        http<{ isDefault: boolean }>(app.url, 'POST', '/v1/applications', {
          token,
          body: { application: `Integration ${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(201));
    expect(answers.filter((a) => a.body.isDefault)).toHaveLength(1);
  });

  it('publishes a form in parallel: every publish succeeds, numbered one after another', async () => {
    const own = await createTenantWithForms(app.db);
    const { token } = await signedIn(app, own, 'platform_admin');
    const views = await http<{ id: string; key: string }[]>(app.url, 'GET', '/v1/formviews', { token });
    const view = views.body.find((v) => v.key === 'aefi')!;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        http<{ number: number }>(app.url, 'POST', '/v1/formversion', {
          token,
          body: { formViewId: view.id },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(PARALLEL).fill(201));
    expect(answers.map((a) => a.body.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: PARALLEL }, (_, i) => i + 2),
    );
  });
});
