import { randomUUID } from 'node:crypto';
import type { RoleName } from '@vigilo/contract';
import { generateSecret } from 'otplib';
import { runExport } from '../../src/modules/files/exports.service.ts';
import { sealSecret } from '../../src/platform/secrets.ts';
import type { TestApp } from '../app.ts';
import { adrCase } from '../case-documents.ts';
import { createUser, type TestTenant, type TestUser } from '../factories.ts';
import { formData, pdf } from '../files.ts';
import { createFormVersion } from '../form-versions.ts';
import { organisationForm as wardForm, wardFormZip } from '../forms.ts';
import { http } from '../http.ts';
import { importedRelease, releaseForm, syntheticRelease } from '../meddra.ts';
import type { TestOidcProvider } from '../oidc.ts';
import { signedIn } from '../sessions.ts';
import { totpCode } from '../totp.ts';
import { causalityFixtures } from './causality-fixtures.ts';
import { drugFixtures } from './drug-fixtures.ts';
import { e2bFixtures } from './e2b-fixtures.ts';
import { submissionFixtures } from './submission-fixtures.ts';

/**
 * How to call each row of docs/permissions.csv: the object it acts on, made fresh for every
 * call (through the API as an administrator, so a fixture never depends on repository code),
 * and a body that passes validation, so an answer is the gate's and not the schema's. The
 * expected answers are in the CSV, never here.
 */

export interface World {
  app: TestApp;
  tenant: TestTenant;
  /** An administrator of organisation A and a platform administrator, for making targets. */
  orgAdmin: string;
  platformAdmin: string;
  idp: TestOidcProvider;
  workspaceId: string;
}

/** Who calls: a signed-in user (fresh for every call), an application's API key, or nobody. */
export interface Caller {
  column: RoleName | 'api_key' | 'anonymous';
  token?: string;
  user?: TestUser;
}

export interface Call {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** A body sent as it is (a zip), with `headers` saying its type. */
  raw?: Uint8Array;
  headers?: Record<string, string>;
  /** A multipart/form-data body instead of JSON. */
  form?: FormData;
}

export type Fixture = (w: World, caller: Caller) => Promise<Call>;

const unique = () => randomUUID().slice(0, 8);
const orgA = (w: World) => w.tenant.organisationIds[0];

/** Answers the body of a 2xx, or throws: a fixture that cannot make its target is a broken test. */
async function made<T>(w: World, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await http<T>(w.app.url, method, path, { token, body });
  if (res.status >= 300)
    throw new Error(`fixture ${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A receiver of organisation A, made by its administrator. */
const receiverOfA = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', `/v1/organisation/${orgA(w)}/receivers`, {
    name: `Receiver ${unique()}`,
  });

const reporterOfA = (w: World) =>
  createUser(w.app.db, { platformId: w.tenant.platformId, organisationId: orgA(w), role: 'reporter' });

/** A reporter of organisation A who also belongs to B (so removing them from A leaves an account). */
async function reporterOfBoth(w: World) {
  const user = await reporterOfA(w);
  await made(w, w.platformAdmin, 'PUT', `/v1/users/${user.id}`, {
    memberships: [
      { organisationId: orgA(w), role: 'reporter' },
      { organisationId: w.tenant.organisationIds[1], role: 'reporter' },
    ],
  });
  return user;
}

const phoneNumber = () => `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;

async function invite(w: World, email = `invitee-${unique()}@example.test`) {
  return made<{ id: string }>(w, w.orgAdmin, 'POST', `/v1/organisation/${orgA(w)}/invite`, {
    email,
    role: 'reporter',
  });
}

async function changeRequest(w: World) {
  const requester = await signedIn(w.app, w.tenant, 'reporter', 0);
  await made(w, requester.token, 'PUT', '/v1/users/@me', { email: `renamed-${unique()}@example.test` });
  const row = await w.app.db
    .selectFrom('change_requests')
    .select('id')
    .where('user_id', '=', requester.user.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

const group = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/user-groups', {
    name: `Group ${unique()}`,
    organisationId: orgA(w),
  });

const organisationForm = (w: World) => wardForm(w.app, w.tenant, 0, w.orgAdmin);
const formZip = wardFormZip;

const condition = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/conditions', {
    organisationId: orgA(w),
    name: `Condition ${unique()}`,
    conditions: 'D.sex == "2"',
  });

const application = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/applications', {
    organisationId: orgA(w),
    application: `App ${unique()}`,
  });

const terminologyEntry = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/terminology-entries', {
    organisationId: orgA(w),
    dictionary: 'matrix',
    code: unique(),
    term: 'Term',
  });

const terminologyArrangement = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/terminology-arrangements', {
    organisationId: orgA(w),
    dictionary: 'matrix',
    name: `Picklist ${unique()}`,
  });

const hospital = (w: World) =>
  made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/hospitals', {
    organisationId: orgA(w),
    name: `Hospital ${unique()}`,
  });

/** An EDQM export of one real route not in the starter set (edqm.test.ts imports other codes). */
const edqmForm = () => {
  const form = new FormData();
  form.append(
    'file',
    new Blob(['code,term,status\nROA-20062000,Route of administration not applicable,Current\n']),
    'edqm.csv',
  );
  return form;
};

/** One synthetic MedDRA release, imported once for the rows that read it. */
let meddraReleaseId: Promise<string> | undefined;
const meddraRelease = (w: World) => {
  meddraReleaseId ??= signedIn(w.app, w.tenant, 'system_admin').then(
    async ({ token }) => (await importedRelease(w.app, token)).id,
  );
  return meddraReleaseId;
};

const provider = (w: World) =>
  made<{ id: string }>(w, w.platformAdmin, 'POST', `/v1/sso-provider/${w.tenant.platformId}`, {
    name: `IdP ${unique()}`,
    issuerUrl: w.idp.issuer,
    clientId: 'vigilo-test',
    enabled: true,
  });

const mapping = async (w: World, email: string) => {
  const { id } = await provider(w);
  const link = await made<{ id: string }>(w, w.platformAdmin, 'POST', `/v1/sso-provider/${id}/identities`, {
    email,
    subject: `sub-${unique()}`,
  });
  return { providerId: id, identityId: link.id };
};

/** Starts adding an authenticator app for the caller: the factor id and its secret. */
const totpSetup = (w: World, c: Caller) =>
  made<{ factorSid: string; secret: string }>(w, c.token!, 'POST', '/v1/setup/totp', {
    currentPassword: c.user!.password,
  });

/**
 * An authenticator app turned on for the caller, stored as the enrolment stores it (the
 * enrolment routes are rate-limited per address; they have rows of their own).
 */
async function totpOn(w: World, c: Caller) {
  const secret = generateSecret();
  const factor = await w.app.db
    .insertInto('mfa_factors')
    .values({
      platform_id: w.tenant.platformId,
      user_id: c.user!.id,
      method: 'totp',
      secret_box: sealSecret(w.app.config, 'totp', secret),
      verified_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { factorSid: factor.id, secret };
}

const none: Fixture = async () => ({});
const ownOrganisation: Fixture = async (w) => ({ params: { id: orgA(w) } });
const ownPlatform: Fixture = async (w) => ({ params: { id: w.tenant.platformId } });
const otherUser: Fixture = async (w) => ({ params: { id: (await reporterOfA(w)).id } });
const me: Fixture = async () => ({ params: { id: '@me' } });
const page = { page: 1, size: 10 };

/** Keyed `METHOD path|target`, as the rows of the CSV. */
/** A report of organisation A, made by `token` (or, when the caller has none, by a reporter of A). */
async function reportOf(w: World, token: string | undefined, status: 'draft' | 'submitted') {
  const by = token ?? (await signedIn(w.app, w.tenant, 'reporter', 0)).token;
  return made<{ id: string }>(w, by, 'POST', '/v1/report', {
    report: adrCase(),
    organisationId: orgA(w),
    status,
  });
}
const othersReport = async (w: World, status: 'draft' | 'submitted') => reportOf(w, undefined, status);
/** A saved search of the caller's (of a reporter of A when the caller cannot save one). */
async function savedSearchOf(w: World, caller: Caller) {
  const by =
    caller.token && caller.column !== 'api_key'
      ? caller.token
      : (await signedIn(w.app, w.tenant, 'reporter', 0)).token;
  const made_ = await made<{ id: string }>(w, by, 'POST', '/v1/saved-searches', {
    name: `Search ${unique()}`,
    filters: {},
    organisationId: orgA(w),
  });
  return made_.id;
}
/** A case of organisation A and a fresh assignment link for it, made by its administrator. */
async function assignmentLink(w: World) {
  const { id } = await othersReport(w, 'submitted');
  const link = await made<{ token: string }>(w, w.orgAdmin, 'POST', `/v1/report/${id}/assignment-token`);
  return { params: { id, token: link.token } };
}
const formView = async (w: World) => ({
  params: { id: (await createFormVersion(w.app.db, { platformId: w.tenant.platformId })).formViewId },
});
/** A form view the caller saved a draft with (any caller without a token: a reporter of A). */
async function formViewWithDraft(w: World, token: string | undefined) {
  const form = await createFormVersion(w.app.db, { platformId: w.tenant.platformId });
  const by = token ?? (await signedIn(w.app, w.tenant, 'reporter', 0)).token;
  await made(w, by, 'POST', '/v1/report', {
    report: { schemaVersion: 1, C: {} },
    organisationId: orgA(w),
    status: 'draft',
    formViewVersionId: form.formViewVersionId,
  });
  return { params: { id: form.formViewId } };
}

export const fixtures: Record<string, Fixture> = {
  'POST /v1/login/verify|an access token instead of the MFA step session': async () => ({
    body: { code: '123456' },
  }),
  'POST /v1/logout|your own session': async () => ({ body: {} }),
  'POST /v1/login/recovery|an access token instead of the MFA step session': async () => ({
    body: { code: 'abcd-efgh' },
  }),
  'GET /v1/users/@me/sessions|yourself': none,
  'DELETE /v1/users/@me/sessions|yourself': none,
  'DELETE /v1/users/@me/sessions/{id}|one of your own sessions': async (w, c) => {
    if (!c.user) return { params: { id: randomUUID() } };
    const [first] = await made<{ id: string }[]>(w, c.token!, 'GET', '/v1/users/@me/sessions');
    return { params: { id: first?.id ?? randomUUID() } };
  },
  'GET /v1/users/@me/mfa-recovery-codes|yourself': none,
  'POST /v1/users/@me/mfa-recovery-codes|yourself, with an authenticator app': async (w, c) => {
    if (!c.user) return { body: { currentPassword: 'x' } };
    await totpOn(w, c);
    return { body: { currentPassword: c.user.password } };
  },
  'GET /v1/users/{id}|@me': me,
  'GET /v1/users/{id}|another user of your organisation': otherUser,
  'PUT /v1/users/{id}|@me (first name)': async () => ({
    params: { id: '@me' },
    body: { firstName: 'Renamed' },
  }),
  'PUT /v1/users/{id}|another user of your organisation (first name)': async (w) => ({
    ...(await otherUser(w, { column: 'anonymous' })),
    body: { firstName: 'Renamed' },
  }),
  'DELETE /v1/users/{id}|another user of your organisation only': async (w) => ({
    ...(await otherUser(w, { column: 'anonymous' })),
    body: { reason: 'Permissions matrix' },
  }),
  'GET /v1/users|your organisation': async (w) => ({ query: { ...page, organisationIds: orgA(w) } }),
  'POST /v1/users|a reporter in your organisation': async (w) => ({
    body: {
      email: `created-${unique()}@example.test`,
      firstName: 'New',
      lastName: 'Person',
      memberships: [{ organisationId: orgA(w), role: 'reporter' }],
    },
  }),
  'PUT /v1/users/{id}/toggle-deactivate|another user of your organisation only': async (w) => ({
    ...(await otherUser(w, { column: 'anonymous' })),
    body: { reason: 'Permissions matrix' },
  }),
  'DELETE /v1/users/{id}/memberships/{organisationId}|another user of your organisation': async (w) => ({
    params: { id: (await reporterOfBoth(w)).id, organisationId: orgA(w) },
  }),
  'PUT /v1/users/@me/request-account-deletion|yourself': none,
  'DELETE /v1/users/@me/request-account-deletion|your own request': async (w, c) => {
    if (c.token && c.column !== 'api_key')
      await made(w, c.token, 'PUT', '/v1/users/@me/request-account-deletion');
    return {};
  },
  'GET /v1/users/@me/following|yourself': none,
  'POST /v1/users/@me/edit-watchlist|yourself': async () => ({ body: {} }),
  'GET /v1/users/@me/workspace|yourself': none,
  'PUT /v1/users/@me/push-token|yourself': async () => ({ body: { pushToken: `push-${unique()}` } }),
  'GET /v1/users/{id}/organisation-preferences|@me': me,
  'GET /v1/users/{id}/organisation-preferences|another user of your organisation': otherUser,
  'PUT /v1/users/{id}/organisation-preferences|@me': async () => ({
    params: { id: '@me' },
    body: { items: [] },
  }),
  'PUT /v1/users/{id}/organisation-preferences|another user of your organisation': async (w) => ({
    params: { id: (await reporterOfA(w)).id },
    body: { items: [] },
  }),
  'GET /v1/users/{id}/organisation-preferences/count|@me': me,
  'GET /v1/users/{id}/organisation-preferences/count|another user of your organisation': otherUser,
  'POST /v1/users/export|your organisation': async (w) => ({ body: { organisationId: orgA(w) } }),
  'GET /v1/users/invited/{id}|an invite of your organisation': async (w) => ({
    params: { id: (await invite(w)).id },
  }),
  'GET /v1/auth-context|your session': none,
  'PUT /v1/auth-context|an organisation you belong to (platform-wide roles belong to none)': async (w) => ({
    body: { organisationId: orgA(w) },
  }),
  'POST /v1/workspace|your platform (workspace creation closed)': async () => ({
    body: { name: `Workspace ${unique()}` },
  }),
  'GET /v1/change-requests|your organisation': async (w) => ({
    query: { ...page, organisationIds: orgA(w) },
  }),
  "GET /v1/change-requests/{id}|a reporter's request in your organisation": async (w) => ({
    params: { id: await changeRequest(w) },
  }),
  "GET /v1/change-requests/{id}/commit-preview|a reporter's request in your organisation": async (w) => ({
    params: { id: await changeRequest(w) },
  }),
  "PUT /v1/change-requests/{id}/approve|a reporter's request in your organisation": async (w) => ({
    params: { id: await changeRequest(w) },
    body: {},
  }),
  "PUT /v1/change-requests/{id}/decline|a reporter's request in your organisation": async (w) => ({
    params: { id: await changeRequest(w) },
    body: { rejectionMessage: 'Not like this' },
  }),
  'GET /v1/roles|-': none,
  'GET /v1/organisations|your platform': none,
  'GET /v1/organisations/lookup|your platform': none,
  'GET /v1/organisations/paginated|your platform': async () => ({ query: page }),
  'GET /v1/organisations/search|your platform': async () => ({ query: { ...page, query: 'Org' } }),
  'GET /v1/organisations/unassigned|your platform': none,
  'GET /v1/organisations/workspace/{workspaceId}|a workspace of your platform': async (w) => ({
    params: { workspaceId: w.workspaceId },
  }),
  'POST /v1/organisation|your platform': async (w) => ({
    body: { params: { name: `Organisation ${unique()}` }, platformId: w.tenant.platformId },
  }),
  'GET /v1/organisation/{id}|your organisation': ownOrganisation,
  'PUT /v1/organisation/{id}|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { description: `Edited ${unique()}` },
  }),
  'GET /v1/organisation/{id}/sender-profile|your organisation': ownOrganisation,
  'PUT /v1/organisation/{id}/sender-profile|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { identifier: 'NPC', type: '2', organisation: `Centre ${unique()}` },
  }),
  'GET /v1/organisation/{id}/contacts|your organisation': ownOrganisation,
  'POST /v1/organisation/{id}/contacts|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { name: `Contact ${unique()}` },
  }),
  'GET /v1/organisation/{id}/locations|your organisation': ownOrganisation,
  'POST /v1/organisation/{id}/locations|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { locations: [{ name: `Ward ${unique()}` }] },
  }),
  'GET /v1/organisation/{id}/workspace|your organisation, in a workspace': ownOrganisation,
  'GET /v1/organisation/{id}/health-check|your organisation': ownOrganisation,
  'GET /v1/organisation/{id}/receivers|your organisation': ownOrganisation,
  'POST /v1/organisation/{id}/receivers|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { name: `Receiver ${unique()}` },
  }),
  'PUT /v1/organisation/{id}/receivers/{receiverId}|a receiver of your organisation': async (w) => ({
    params: { id: orgA(w), receiverId: (await receiverOfA(w)).id },
    body: { name: `Receiver ${unique()}`, profile: 'eu' },
  }),
  'DELETE /v1/organisation/{id}/receivers/{receiverId}|a receiver of your organisation with no submissions':
    async (w) => ({ params: { id: orgA(w), receiverId: (await receiverOfA(w)).id } }),
  'GET /v1/receivers|your organisation': async () => ({}),
  'GET /v1/organisation/{id}/sources|your organisation': ownOrganisation,
  'GET /v1/organisation/{id}/themes|your organisation': ownOrganisation,
  'GET /v1/organisation/{id}/translations|your organisation': ownOrganisation,
  'GET /v1/organisation/{id}/hospitals|your organisation': ownOrganisation,
  'POST /v1/organisation/{id}/profession-groups|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: {},
  }),
  'POST /v1/organisation/{id}/professions|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: {},
  }),
  'GET /v1/platforms|-': none,
  'POST /v1/platforms|a new platform': async () => ({ body: { name: `Platform ${unique()}` } }),
  'GET /v1/platforms/{id}|your platform': ownPlatform,
  'PUT /v1/platforms/{id}|your platform': async (w) => ({
    params: { id: w.tenant.platformId },
    body: { mfaMethods: ['totp', 'sms'] },
  }),
  'GET /v1/platforms/{id}/organisations|your platform': ownPlatform,
  'GET /v1/platforms/{id}/sources|your platform': ownPlatform,
  'GET /v1/platforms/{id}/server-configuration|your platform': ownPlatform,
  'POST /v1/organisation/{id}/invite|your organisation': async (w) => ({
    params: { id: orgA(w) },
    body: { email: `invitee-${unique()}@example.test`, role: 'reporter' },
  }),
  'GET /v1/organisation/{id}/invites|your organisation': ownOrganisation,
  'POST /v1/organisation/{id}/invites/{inviteId}/resend|an open invite of your organisation': async (w) => ({
    params: { id: orgA(w), inviteId: (await invite(w)).id },
  }),
  'DELETE /v1/organisation/{id}/invites/{inviteId}|an open invite of your organisation': async (w) => ({
    params: { id: orgA(w), inviteId: (await invite(w)).id },
  }),
  'POST /v1/organisation-invite|your organisation': async (w) => ({
    body: { email: `invitee-${unique()}@example.test`, role: 'reporter', organisationId: orgA(w) },
  }),
  'POST /v1/organisation-invite/join|an invite to your own email': async (w, c) => {
    const email = c.user?.email ?? `nobody-${unique()}@example.test`;
    // Into organisation B: every caller of the matrix belongs to A (or to the whole platform).
    await made(w, w.platformAdmin, 'POST', `/v1/organisation/${w.tenant.organisationIds[1]}/invite`, {
      email,
      role: 'reporter',
    });
    const mail = await w.app.db
      .selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const token = /invite\/accept\?token=([\w%-]+)/.exec(mail.body_text)?.[1];
    return { body: { token: decodeURIComponent(token ?? '') } };
  },
  'GET /v1/user-groups/platform/{platformId}|your platform': async (w) => ({
    params: { platformId: w.tenant.platformId },
  }),
  'GET /v1/user-groups/organisation/{organisationId}|your organisation': async (w) => ({
    params: { organisationId: orgA(w) },
  }),
  'GET /v1/user-groups/{id}|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
  }),
  'PUT /v1/user-groups/{id}|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
    body: { description: 'Edited' },
  }),
  'DELETE /v1/user-groups/{id}|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
  }),
  'POST /v1/user-groups|your organisation': async (w) => ({
    body: { name: `Group ${unique()}`, organisationId: orgA(w) },
  }),
  'GET /v1/user-groups/{id}/users|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
    query: { limit: 10, offset: 0 },
  }),
  'PUT /v1/user-groups/{id}/users|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
    body: { assigned: [(await reporterOfA(w)).id], unassigned: [] },
  }),
  'GET /v1/user-groups/{id}/locations|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
    query: { limit: 10, offset: 0 },
  }),
  'PUT /v1/user-groups/{id}/locations|a group of your organisation': async (w) => ({
    params: { id: (await group(w)).id },
    body: { assigned: [], unassigned: [] },
  }),
  'POST /v1/verify|your own authenticator app': async (w, c) => {
    if (!c.user) return { body: { code: '123456', method: 'totp' } };
    const { secret } = await totpOn(w, c);
    return { body: { code: await totpCode(secret), method: 'totp' } };
  },
  'POST /v1/setup/totp|yourself': async (_w, c) => ({ body: { currentPassword: c.user?.password ?? 'x' } }),
  'POST /v1/setup/totp/verify|your own new authenticator app': async (w, c) => {
    if (!c.user) return { body: { factorSid: randomUUID(), code: '123456' } };
    const setup = await totpSetup(w, c);
    return { body: { factorSid: setup.factorSid, code: await totpCode(setup.secret) } };
  },
  'GET /v1/users/@me/mfa-methods|yourself': none,
  'POST /v1/users/@me/mfa-methods|yourself (text messages)': async (_w, c) => ({
    body: { method: 'sms', phoneNumber: phoneNumber(), currentPassword: c.user?.password ?? 'x' },
  }),
  'POST /v1/verify/initiate|one of your own numbers': async (w, c) => {
    if (c.user)
      await made(w, c.token!, 'POST', '/v1/users/@me/mfa-methods', {
        method: 'sms',
        phoneNumber: phoneNumber(),
        currentPassword: c.user.password,
      });
    return { body: {} };
  },
  'PUT /v1/users/@me/mfa-methods|your own new authenticator app': async (w, c) => {
    if (!c.user) return { body: { factorSid: randomUUID(), code: '123456' } };
    const setup = await totpSetup(w, c);
    return { body: { factorSid: setup.factorSid, code: await totpCode(setup.secret), method: 'totp' } };
  },
  'DELETE /v1/users/@me/mfa-methods|your own authenticator app': async (w, c) => {
    if (!c.user) return { query: { factorSid: randomUUID() }, body: { currentPassword: 'x' } };
    const { factorSid } = await totpOn(w, c);
    return { query: { factorSid }, body: { currentPassword: c.user.password } };
  },
  'GET /v1/platforms/{id}/mfa-methods|your platform': ownPlatform,
  'PUT /v1/users/{id}/change-password|@me': async (_w, c) => ({
    params: { id: '@me' },
    body: { password: `a new passphrase ${unique()}`, currentPassword: c.user?.password ?? 'x' },
  }),
  'PUT /v1/users/{id}/change-password|another user of your organisation': async (w, c) => ({
    params: { id: (await reporterOfA(w)).id },
    body: { password: `a new passphrase ${unique()}`, currentPassword: c.user?.password ?? 'x' },
  }),
  'GET /v1/sso-providers/manage|your platform': async (w) => ({ query: { platformId: w.tenant.platformId } }),
  'GET /v1/sso-provider/{id}|a provider of your platform': async (w) => ({
    params: { id: (await provider(w)).id },
  }),
  'POST /v1/sso-provider/{id}|your platform': async (w) => ({
    params: { id: w.tenant.platformId },
    body: { name: `IdP ${unique()}`, issuerUrl: w.idp.issuer, clientId: 'vigilo-test' },
  }),
  'PUT /v1/sso-provider/{id}|a provider of your platform': async (w) => ({
    params: { id: (await provider(w)).id },
    body: { name: `Renamed ${unique()}` },
  }),
  'DELETE /v1/sso-provider/{id}|a provider of your platform': async (w) => ({
    params: { id: (await provider(w)).id },
  }),
  'GET /v1/sso/identities|yourself': none,
  'POST /v1/sso/link|a provider of your platform (platform-wide accounts sign in with a password only)':
    async (w, c) => ({
      body: { providerId: (await provider(w)).id, currentPassword: c.user?.password ?? 'x' },
    }),
  'DELETE /v1/sso/identities/{id}|your own link (platform-wide accounts have none)': async (w, c) => {
    if (!c.user || c.column === 'platform_admin' || c.column === 'system_admin')
      return { params: { id: randomUUID() } };
    return { params: { id: (await mapping(w, c.user.email)).identityId } };
  },
  'GET /v1/sso-provider/{id}/identities|a provider of your platform': async (w) => ({
    params: { id: (await provider(w)).id },
  }),
  'POST /v1/sso-provider/{id}/identities|a provider of your platform, a user of your organisation': async (
    w,
  ) => ({
    params: { id: (await provider(w)).id },
    body: { email: (await reporterOfA(w)).email, subject: `sub-${unique()}` },
  }),
  'DELETE /v1/sso-provider/{id}/identities/{identityId}|a link of a user of your organisation': async (w) => {
    const { providerId, identityId } = await mapping(w, (await reporterOfA(w)).email);
    return { params: { id: providerId, identityId } };
  },
  'GET /v1/applications|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'POST /v1/applications|your organisation': async (w) => ({
    body: { organisationId: orgA(w), application: `App ${unique()}` },
  }),
  'GET /v1/applications/default|your organisation': async (w) => {
    const { id } = await application(w);
    await made(w, w.orgAdmin, 'POST', '/v1/applications/default', { organisationId: orgA(w), id });
    return { query: { organisationId: orgA(w) } };
  },
  'POST /v1/applications/default|an application of your organisation': async (w) => ({
    body: { organisationId: orgA(w), id: (await application(w)).id },
  }),
  'PUT /v1/applications/{id}|an application of your organisation': async (w) => ({
    params: { id: (await application(w)).id },
    body: { organisationId: orgA(w), application: `Renamed ${unique()}` },
  }),
  'DELETE /v1/applications/{id}|an application of your organisation': async (w) => ({
    params: { id: (await application(w)).id },
  }),
  'GET /v1/api-keys|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'POST /v1/api-keys|an application of your organisation': async (w) => ({
    body: { name: `Key ${unique()}`, applicationId: (await application(w)).id },
  }),
  'DELETE /v1/api-keys/{id}|a key of your organisation': async (w) => {
    const key = await made<{ id: string }>(w, w.orgAdmin, 'POST', '/v1/api-keys', {
      name: `Key ${unique()}`,
      applicationId: (await application(w)).id,
    });
    return { params: { id: key.id } };
  },
  'POST /v1/report|a report to your organisation': async (w) => ({
    body: { report: adrCase(), organisationId: orgA(w) },
  }),
  'POST /v1/report/post|a report with a PDF to your organisation': async (w) => {
    const form = new FormData();
    form.append('report', JSON.stringify({ report: adrCase(), organisationId: orgA(w) }));
    form.append('letter', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'letter.pdf');
    return { form };
  },
  'PUT /v1/report/{id}|your own draft': async (w, caller) => ({
    params: { id: (await reportOf(w, caller.token, 'draft')).id },
    body: { name: `Draft ${unique()}` },
  }),
  "PUT /v1/report/{id}|another reporter's draft in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'draft')).id },
    body: { name: `Draft ${unique()}` },
  }),
  'DELETE /v1/report/draft/{id}|your own draft': async (w, caller) => ({
    params: { id: (await reportOf(w, caller.token, 'draft')).id },
  }),
  "DELETE /v1/report/draft/{id}|another reporter's draft in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'draft')).id },
  }),
  'GET /v1/report/validate/{id}|your own report': async (w, caller) => ({
    params: { id: (await reportOf(w, caller.token, 'submitted')).id },
  }),
  "GET /v1/report/validate/{id}|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'GET /v1/reports/configuration-versions|your organisation': async () => ({}),
  "GET /v1/reports|your organisation's cases": async () => ({ query: { size: 5 } }),
  'GET /v1/reports/{id}|your own report': async (w, caller) => ({
    params: { id: (await reportOf(w, caller.token, 'submitted')).id },
  }),
  "GET /v1/reports/{id}|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'PUT /v1/reports/{id}/status|a received case of your organisation (to triage)': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
    body: { status: 'in_triage' },
  }),
  'POST /v1/reports/bulk/status|two received cases of your organisation (to triage; refusals per case in the answer)':
    async (w) => ({
      body: {
        ids: [(await othersReport(w, 'submitted')).id, (await othersReport(w, 'submitted')).id],
        status: 'in_triage',
      },
    }),
  'POST /v1/reports/bulk/assign|two received cases of your organisation (to yourself)': async (w) => ({
    body: { ids: [(await othersReport(w, 'submitted')).id, (await othersReport(w, 'submitted')).id] },
  }),
  'DELETE /v1/reports/{id}|a case of your organisation': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
    body: { reason: 'Sent twice' },
  }),
  'POST /v1/reports/{id}/restore|a deleted case of your organisation': async (w) => {
    const { id } = await othersReport(w, 'submitted');
    await made(w, w.orgAdmin, 'DELETE', `/v1/reports/${id}`, { reason: 'Sent twice' });
    return { params: { id }, body: { reason: 'Deleted by mistake' } };
  },
  'GET /v1/reports/{id}/audit|a case of your organisation': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'PUT /v1/report/{id}/assign/user/{userId}|a received case of your organisation (to yourself)': async (
    w,
  ) => ({
    params: { id: (await othersReport(w, 'submitted')).id, userId: '@me' },
  }),
  'POST /v1/report/{id}/assign|a received case of your organisation (to yourself)': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'POST /v1/report/{id}/assignment-token|a case of your organisation': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'GET /v1/report/{id}/verify/{token}|an assignment link of a case of your organisation': async (w) =>
    assignmentLink(w),
  'PUT /v1/report/{id}/assign/{token}|an assignment link of a case of your organisation': async (w) =>
    assignmentLink(w),
  'PUT /v1/report/{id}/reassign/organisation/{organisationId}|a case of your organisation (to another of the platform)':
    async (w) => ({
      params: { id: (await othersReport(w, 'submitted')).id, organisationId: w.tenant.organisationIds[1] },
      body: { reason: 'Their case' },
    }),
  "POST /v1/report/{id}/name|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
    body: { name: `Case ${unique()}` },
  }),
  "DELETE /v1/report/{id}/name|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'PUT /v1/reports/{id}/regenerate|a case of your organisation': async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  "GET /v1/reports/{id}/versions|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  "GET /v1/reports/{id}/versions/compare|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
    query: { from: 1, to: 1 },
  }),

  'GET /v1/formview/{id}/reports|a form view of your platform': async (w) => formView(w),
  'GET /v1/formview/{id}/reporters|a form view of your platform': async (w) => formView(w),
  'GET /v1/formview/{id}/latest-report-version|a form view you filed a draft with': async (w, caller) =>
    formViewWithDraft(w, caller.column === 'api_key' ? undefined : caller.token),
  'GET /v1/users/@me/cases|yourself': none,
  'GET /v1/users/@me/cases/{id}|your own report': async (w, caller) => ({
    params: { id: (await reportOf(w, caller.token, 'submitted')).id },
  }),
  "GET /v1/users/@me/cases/{id}|another reporter's report in your organisation": async (w) => ({
    params: { id: (await othersReport(w, 'submitted')).id },
  }),
  'GET /v1/formviews|forms of your platform': async () => ({}),
  'POST /v1/formviews|your organisation': async (w) => ({
    body: {
      name: `New form ${unique()}`,
      templateId: (await organisationForm(w)).viewId,
      languages: ['en'],
      organisationId: orgA(w),
    },
  }),
  'GET /v1/formview/{id}|a published form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).viewId },
  }),
  'PUT /v1/formview/{id}|a form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).viewId },
    body: { name: `Renamed ${unique()}` },
  }),
  'GET /v1/formview/{id}/versions|a form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).viewId },
  }),
  'GET /v1/formview/{id}/zip|a form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).viewId },
  }),
  'POST /v1/formview/{id}/zip|a form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).viewId },
    raw: await formZip(),
    headers: { 'content-type': 'application/zip' },
  }),
  'POST /v1/formversion|a form of your organisation': async (w) => ({
    body: { formViewId: (await organisationForm(w)).viewId },
  }),
  'PUT /v1/formversion|a version of a form of your organisation': async (w) => ({
    body: { id: (await organisationForm(w)).versionId },
  }),
  'PUT /v1/formversion/{id}/conditions|a version of a form of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).versionId },
    body: {
      conditions: [
        { when: 'answered(E.reactions)', action: 'require', targets: ['E.reactions[].nativeTerm'] },
      ],
    },
  }),
  'GET /v1/formschemas|forms of your organisation': async () => ({}),
  'GET /v1/formschema/{id}|a form schema of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).schemaId },
  }),
  'PUT /v1/formschema/{id}|a form schema of your organisation': async (w) => ({
    params: { id: (await organisationForm(w)).schemaId },
    body: { name: `Renamed ${unique()}` },
  }),
  'POST /v1/conditions|your organisation': async (w) => ({
    body: { organisationId: orgA(w), name: `Condition ${unique()}`, conditions: 'D.sex == "2"' },
  }),
  'PUT /v1/conditions|a condition of your organisation': async (w) => ({
    body: { id: (await condition(w)).id, name: `Renamed ${unique()}` },
  }),
  'DELETE /v1/conditions|a condition of your organisation': async (w) => ({
    query: { id: (await condition(w)).id },
  }),
  'GET /v1/terminology-entries|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'GET /v1/terminology-entries/paginated|your organisation': async (w) => ({
    query: { organisationId: orgA(w), page: 1 },
  }),
  'GET /v1/terminology-entries/dictionary/{dictionary}|your organisation': async (w) => ({
    params: { dictionary: 'matrix' },
    query: { organisationId: orgA(w), query: 'term' },
  }),
  'GET /v1/terminology-entries/reference/{reference}|your organisation': async (w) => ({
    params: { reference: 'form:route' },
    query: { organisationId: orgA(w) },
  }),
  'GET /v1/terminology-entries/{id}|an entry of your organisation': async (w) => ({
    params: { id: (await terminologyEntry(w)).id },
  }),
  'POST /v1/terminology-entries|your organisation': async (w) => ({
    body: { organisationId: orgA(w), dictionary: 'matrix', code: unique(), term: 'Term' },
  }),
  'PATCH /v1/terminology-entries/{id}|an entry of your organisation': async (w) => ({
    params: { id: (await terminologyEntry(w)).id },
    body: { term: `Changed ${unique()}` },
  }),
  'DELETE /v1/terminology-entries/{id}|an entry of your organisation': async (w) => ({
    params: { id: (await terminologyEntry(w)).id },
  }),
  'GET /v1/terminology-arrangements|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'GET /v1/terminology-arrangements/{id}|an arrangement of your organisation': async (w) => ({
    params: { id: (await terminologyArrangement(w)).id },
  }),
  'POST /v1/terminology-arrangements|your organisation': async (w) => ({
    body: { organisationId: orgA(w), dictionary: 'matrix', name: `Picklist ${unique()}` },
  }),
  'PATCH /v1/terminology-arrangements/{id}|an arrangement of your organisation': async (w) => ({
    params: { id: (await terminologyArrangement(w)).id },
    body: { name: `Renamed ${unique()}` },
  }),
  'DELETE /v1/terminology-arrangements/{id}|an arrangement of your organisation': async (w) => ({
    params: { id: (await terminologyArrangement(w)).id },
  }),
  'GET /v1/meddras|a release (installation-wide)': async (w) => ({
    query: { versionId: await meddraRelease(w), parentCode: 90000001 },
  }),
  'GET /v1/meddras/search|a release (installation-wide)': async (w) => ({
    query: { versionId: await meddraRelease(w), query: 'head' },
  }),
  'GET /v1/meddras/lookup|a release (installation-wide)': async (w) => ({
    query: { versionId: await meddraRelease(w), code: 90400001 },
  }),
  'GET /v1/meddras/versions|the installation': async () => ({}),
  'POST /v1/meddras/versions|the installation': async () => ({ form: releaseForm(syntheticRelease().files) }),
  'GET /v1/edqm|the installation': async () => ({ query: { query: 'tablet' } }),
  'GET /v1/edqm/lookup|the installation': async () => ({ query: { code: 'PDF-10219000' } }),
  'POST /v1/edqm/import|the installation': async () => ({ form: edqmForm() }),
  'GET /v1/hospitals|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'GET /v1/hospitals/lookup|your organisation': async (w) => ({ query: { organisationId: orgA(w) } }),
  'GET /v1/hospitals/{id}|a hospital of your organisation': async (w) => ({
    params: { id: (await hospital(w)).id },
  }),
  'POST /v1/hospitals|your organisation': async (w) => ({
    body: { organisationId: orgA(w), name: `Hospital ${unique()}` },
  }),
  'PATCH /v1/hospitals/{id}|a hospital of your organisation': async (w) => ({
    params: { id: (await hospital(w)).id },
    body: { city: `City ${unique()}` },
  }),
  'DELETE /v1/hospitals/{id}|a hospital of your organisation': async (w) => ({
    params: { id: (await hospital(w)).id },
  }),
  'GET /v1/integration-management/conditions|your organisation': async () => ({}),
  'POST /v1/integration-management/conditions|your organisation': async (w) => ({
    body: { organisationId: orgA(w), name: `Condition ${unique()}`, conditions: 'count(G.drugs) > 1' },
  }),
  'PUT /v1/integration-management/conditions/{id}|a condition of your organisation': async (w) => ({
    params: { id: (await condition(w)).id },
    body: { conditions: 'not answered(D.sex)' },
  }),
  'DELETE /v1/integration-management/conditions/{id}|a condition of your organisation': async (w) => ({
    params: { id: (await condition(w)).id },
  }),
  'POST /v1/files/upload-link|your organisation': async (w) => ({ body: pdfUpload(w) }),
  'POST /v1/files/upload/start|your organisation': async (w) => ({ body: pdfUpload(w) }),
  'POST /v1/files/upload/url|your own upload in progress': async (w, c) => ({
    body: { ...(await startedUpload(w, c)), partNumber: 1 },
  }),
  'POST /v1/files/upload/complete|your own upload, its part sent': async (w, c) => {
    const upload = await startedUpload(w, c);
    const { url } = await made<{ url: string }>(w, c.token ?? w.orgAdmin, 'POST', '/v1/files/upload/url', {
      ...upload,
      partNumber: 1,
    });
    const sent = await fetch(url, { method: 'PUT', body: new Uint8Array(pdf()) });
    return { body: { ...upload, parts: [{ partNumber: 1, etag: sent.headers.get('etag') ?? '' }] } };
  },
  'POST /v1/files|a PDF into your organisation': async (w) => ({
    form: formData(
      { organisationId: orgA(w)! },
      { name: 'leaflet.pdf', type: 'application/pdf', bytes: pdf() },
    ),
  }),
  'GET /v1/files/organisation/{organisationId}|your organisation': async (w) => ({
    params: { organisationId: orgA(w)! },
  }),
  'PUT /v1/files/{id}|a file of your organisation': async (w) => ({
    params: { id: await storedFile(w) },
    body: { title: `Title ${unique()}` },
  }),
  'DELETE /v1/files/{id}|a file of your organisation': async (w) => ({ params: { id: await storedFile(w) } }),
  'POST /v1/files/bulk-download-url|files of your organisation': async (w) => ({
    body: { ids: [await storedFile(w), await storedFile(w)] },
  }),
  'GET /v1/resources|your organisation': async (w) => ({ query: { organisationId: orgA(w)! } }),
  'POST /v1/resources|a PDF into your organisation': async (w) => ({
    form: formData(
      { organisationId: orgA(w)!, title: 'Guide' },
      { name: 'guide.pdf', type: 'application/pdf', bytes: pdf() },
    ),
  }),
  'DELETE /v1/resources/{id}|a resource of your organisation': async (w) => {
    const made = await fetch(`${w.app.url}/v1/resources`, {
      method: 'POST',
      headers: { authorization: `Bearer ${w.orgAdmin}` },
      body: formData({}, { name: 'guide.pdf', type: 'application/pdf', bytes: pdf() }),
    });
    return { params: { id: ((await made.json()) as { id: string }).id } };
  },
  'GET /v1/exports|your organisation': async (w) => ({ query: { organisationId: orgA(w)! } }),
  "GET /v1/reports/external/{extReportId}|another reporter's report in your organisation": async (w) => {
    const extReportId = `EXT-${unique()}`;
    const reporter = (await signedIn(w.app, w.tenant, 'reporter', 0)).token;
    await made(w, reporter, 'POST', '/v1/report', {
      report: adrCase(),
      organisationId: orgA(w),
      extReportId,
    });
    return { params: { extReportId } };
  },
  'GET /v1/reports/share/{extReportId}|a case of your organisation': async (w) => {
    const made_ = await made<{ reference: string }>(
      w,
      (await signedIn(w.app, w.tenant, 'reporter', 0)).token,
      'POST',
      '/v1/report',
      { report: adrCase(), organisationId: orgA(w) },
    );
    return { params: { extReportId: made_.reference } };
  },
  'GET /v1/reports/share/{extReportId}|a case another organisation of your platform shared with yours':
    async (w) => {
      const orgB = w.tenant.organisationIds[1];
      const made_ = await made<{ id: string; reference: string }>(
        w,
        (await signedIn(w.app, w.tenant, 'reporter', 1)).token,
        'POST',
        '/v1/report',
        { report: adrCase(), organisationId: orgB },
      );
      const staffB = (await signedIn(w.app, w.tenant, 'organisation_staff', 1)).token;
      await made(w, staffB, 'PUT', `/v1/report/${made_.id}/share/organisation/${orgA(w)}`);
      return { params: { extReportId: made_.reference } };
    },
  'PUT /v1/report/{id}/share/organisation/{organisationId}|a case of your organisation (with another of the platform)':
    async (w) => ({
      params: { id: (await othersReport(w, 'submitted')).id, organisationId: w.tenant.organisationIds[1] },
      body: { reveal: ['narrative'] },
    }),
  'DELETE /v1/report/{id}/share/organisation/{organisationId}|a share of a case of your organisation': async (
    w,
  ) => {
    const { id } = await othersReport(w, 'submitted');
    const organisationId = w.tenant.organisationIds[1];
    await made(w, w.orgAdmin, 'PUT', `/v1/report/${id}/share/organisation/${organisationId}`);
    return { params: { id, organisationId } };
  },
  'GET /v1/report/{id}/location-change-check|a case of your organisation': async (w) => {
    const [ward] = await made<{ id: string }[]>(
      w,
      w.orgAdmin,
      'POST',
      `/v1/organisation/${orgA(w)}/locations`,
      {
        locations: [{ name: `Ward ${unique()}` }],
      },
    );
    return { params: { id: (await othersReport(w, 'submitted')).id }, query: { locations: ward!.id } };
  },
  'GET /v1/saved-searches|your saved searches': async () => ({}),
  'POST /v1/saved-searches|a search in your organisation': async (w) => ({
    body: { name: `Search ${unique()}`, filters: { stage: 'open' }, organisationId: orgA(w) },
  }),
  'PUT /v1/saved-searches/{id}|your own saved search': async (w, caller) => ({
    params: { id: await savedSearchOf(w, caller) },
    body: { name: `Search ${unique()}`, filters: { serious: true } },
  }),
  'DELETE /v1/saved-searches/{id}|your own saved search': async (w, caller) => ({
    params: { id: await savedSearchOf(w, caller) },
  }),
  'POST /v1/reports/export|the cases of your organisation': async (w) => ({
    body: { format: 'csv', serious: true, organisationId: orgA(w) },
  }),
  'POST /v1/exports|the users of your organisation': async (w) => ({
    body: { kind: 'users.csv', organisationId: orgA(w) },
  }),
  'GET /v1/exports/{id}|an export of your organisation': async (w) => ({
    params: { id: await finishedExport(w) },
  }),
  'GET /v1/exports/{id}/file|a finished export of your organisation': async (w) => ({
    params: { id: await finishedExport(w) },
  }),
  'PUT /v1/exports/{id}/regenerate|a finished export of your organisation': async (w) => ({
    params: { id: await finishedExport(w) },
  }),
  ...e2bFixtures,
  ...causalityFixtures,
  ...submissionFixtures,
  ...drugFixtures,
};

const pdfUpload = (w: World) => ({
  fileName: 'leaflet.pdf',
  contentType: 'application/pdf',
  folderName: 'uploads',
  organisationId: orgA(w),
});

/** An upload in parts started by the caller (by an administrator for a caller with no token). */
const startedUpload = async (w: World, c: Caller) => {
  const started = await made<{ uploadId: string; key: string }>(
    w,
    c.token ?? w.orgAdmin,
    'POST',
    '/v1/files/upload/start',
    pdfUpload(w),
  );
  return { uploadId: started.uploadId, key: started.key };
};

/** A PDF stored in organisation A through the upload link. */
async function storedFile(w: World): Promise<string> {
  const link = await made<{ url: string; fileId: string }>(
    w,
    w.orgAdmin,
    'POST',
    '/v1/files/upload-link',
    pdfUpload(w),
  );
  const sent = await fetch(link.url, {
    method: 'PUT',
    headers: { 'content-type': 'application/pdf' },
    body: new Uint8Array(pdf()),
  });
  if (!sent.ok) throw new Error(`fixture upload: ${sent.status}`);
  return link.fileId;
}

/** A users export of organisation A, made by its worker step (run here in place of the queue's worker). */
async function finishedExport(w: World): Promise<string> {
  const made = await http<{ id: string }>(w.app.url, 'POST', '/v1/exports', {
    token: w.orgAdmin,
    body: { kind: 'users.csv' },
  });
  await runExport(w.app.db, w.app.config, { exportId: made.body.id, requestId: 'permissions' });
  return made.body.id;
}
