import { randomUUID } from 'node:crypto';
import type { RoleName } from '@vigilo/contract';
import { issueAccessToken } from '../src/modules/auth/access-tokens.ts';
import { runExport } from '../src/modules/files/exports.service.ts';
import { runMeddraImport } from '../src/modules/meddra/meddra.service.ts';
import { RESET_EMAILS_PER_HOUR, sendResetLink } from '../src/modules/passwords/reset-links.ts';
import { insertMembership } from '../src/modules/users/users.repository.ts';
import { mailerFor } from '../src/platform/mail.ts';
import { systemScope } from '../src/platform/scope.ts';
import type { TestApp } from './app.ts';
import { caseProcessingAuditCases } from './audit-case-operations.ts';
import { causalityAuditCases } from './audit-causality-operations.ts';
import { drugAuditCases } from './audit-drug-operations.ts';
import { e2bAuditCases } from './audit-e2b-operations.ts';
import { submissionAuditCases, submissionAuditPaths } from './audit-submissions-operations.ts';
import { workflowAuditPaths } from './audit-workflow-operations.ts';
import { adrCase } from './case-documents.ts';
import { emailLinkToken } from './email-links.ts';
import { createUser, type TestTenant, type TestUser } from './factories.ts';
import { formData, pdf } from './files.ts';
import { organisationForm, wardFormZip } from './forms.ts';
import { type HttpResult, http } from './http.ts';
import { releaseForm, syntheticRelease } from './meddra.ts';
import type { TestOidcProvider } from './oidc.ts';
import { sessionFor, signedIn } from './sessions.ts';
import { ssoJourney } from './sso-journey.ts';
import { enableTotp, totpCode } from './totp.ts';

/**
 * The audit record every mutating operation of the API must write, written by hand from
 * what each operation does (never read from the code under test): test/audit.test.ts calls
 * each one successfully and checks the row and its transaction.
 */

/** Rows of `table` where each column equals its value: the change an operation made. */
export type Probe = [table: string, ...columnsAndValues: string[]];

export interface Done {
  res: HttpResult<unknown>;
  /** Rows the call wrote in its transaction (their xmin must be the audit row's). */
  wrote?: Probe;
  /** Rows the call removed: they must survive when the audit write fails. */
  removed?: Probe;
}

export interface Case {
  /** The action the call writes, or null when it writes none (then `why`). */
  action: string | null;
  /** Why no audit row, or why its transaction cannot be the change's. */
  why?: string;
  /** Calls the operation once, successfully, with `requestId` as its X-Request-Id. */
  run(requestId: string): Promise<Done>;
}

export interface World {
  app: TestApp;
  tenant: TestTenant;
  idp: TestOidcProvider;
  /** An SSO provider on the tenant's platform, for the identity operations. */
  providerId: () => string;
}

const unique = () => randomUUID().slice(0, 8);
const PASSWORD = 'a long enough password for audits';

export function auditCases(w: World) {
  const app = () => w.app;
  const org = (i: 0 | 1 = 0) => w.tenant.organisationIds[i];
  const as = (role: RoleName, i: 0 | 1 = 0) => signedIn(app(), w.tenant, role, i);
  const person = (role: RoleName = 'reporter', i: 0 | 1 = 0) =>
    createUser(app().db, { platformId: w.tenant.platformId, organisationId: org(i), role });
  const call = <T = unknown>(
    requestId: string,
    method: string,
    path: string,
    opts: { token?: string; body?: unknown } = {},
  ) =>
    http<T>(app().url, method, path, { ...opts, headers: { 'x-request-id': requestId }, redirect: 'manual' });
  const fixture = <T = unknown>(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown } = {},
  ) =>
    http<T>(app().url, method, path, opts).then((res) => {
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res;
    });
  const journey = ssoJourney(app);
  const pdfUpload = () => ({
    fileName: 'leaflet.pdf',
    contentType: 'application/pdf',
    folderName: 'uploads',
    organisationId: org(),
  });
  /** A PDF stored through an upload link, by `token`; answers its id. */
  const storedPdf = async (token: string) => {
    const link = await fixture<{ url: string; fileId: string }>('POST', '/v1/files/upload-link', {
      token,
      body: pdfUpload(),
    });
    await fetch(link.body.url, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf' },
      body: new Uint8Array(pdf()),
    });
    return link.body.fileId;
  };
  const admin = () => as('organisation_admin');
  /** A report sent by a reporter of organisation A: a received case. */
  const sentCase = async () =>
    (
      await fixture<{ id: string }>('POST', '/v1/report', {
        token: (await as('reporter')).token,
        body: { report: adrCase() },
      })
    ).body.id;
  const platformAdmin = () => as('platform_admin');
  const group = async (token: string) =>
    (await fixture<{ id: string }>('POST', '/v1/user-groups', { token, body: { name: `Group ${unique()}` } }))
      .body;
  const application = async (token: string) =>
    (
      await fixture<{ id: string }>('POST', '/v1/applications', {
        token,
        body: { application: `App ${unique()}` },
      })
    ).body;
  const hospital = async (token: string) =>
    (
      await fixture<{ id: string }>('POST', '/v1/hospitals', {
        token,
        body: { name: `Hospital ${unique()}` },
      })
    ).body;
  const terminologyEntry = async (token: string) =>
    (
      await fixture<{ id: string }>('POST', '/v1/terminology-entries', {
        token,
        body: { dictionary: 'audit', code: unique(), term: 'Entry' },
      })
    ).body;
  const terminologyArrangement = async (token: string) =>
    (
      await fixture<{ id: string }>('POST', '/v1/terminology-arrangements', {
        token,
        body: { dictionary: 'audit', name: `Picklist ${unique()}` },
      })
    ).body;
  const namedCondition = async (token: string) =>
    (
      await fixture<{ id: string }>('POST', '/v1/conditions', {
        token,
        body: { organisationId: org(), name: `Condition ${unique()}`, conditions: 'D.sex == "2"' },
      })
    ).body;
  const identity = async (user: TestUser) => {
    const { token } = await platformAdmin();
    const res = await fixture<{ id: string }>('POST', `/v1/sso-provider/${w.providerId()}/identities`, {
      token,
      body: { email: user.email, subject: `sub-${unique()}` },
    });
    return res.body.id;
  };
  const withTotp = async () => {
    const user = await person();
    const session = await sessionFor(app(), user);
    const secret = await enableTotp(app(), session.token, user.password);
    return { user, session, secret };
  };
  /** A user whose authenticator app is on, with the recovery codes that came with it. */
  const withRecoveryCodes = async () => {
    const user = await person();
    const { token } = await sessionFor(app(), user);
    const setup = await fixture<{ factorSid: string; secret: string }>('POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    const on = await fixture<{ recoveryCodes?: string[] }>('POST', '/v1/setup/totp/verify', {
      token,
      body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
    });
    return { user, token, codes: on.body.recoveryCodes ?? [] };
  };
  const smsFactor = async (user: TestUser, verified: boolean) =>
    await app()
      .db.insertInto('mfa_factors')
      .values({
        platform_id: user.platformId,
        user_id: user.id,
        method: 'sms',
        phone_number: `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        verified_at: verified ? new Date() : null,
      })
      .returning(['id', 'phone_number'])
      .executeTakeFirstOrThrow();
  const lastSms = async (to: string) => {
    const row = await app()
      .db.selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', to)
      .where('channel', '=', 'sms')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return /(\d{6})/.exec(row.body_text)![1]!;
  };
  const inviteToken = async (email: string) => {
    const row = await app()
      .db.selectFrom('outbox_messages')
      .select('body_text')
      .where('recipient', '=', email)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    return decodeURIComponent(/invite\/accept\?token=([\w%-]+)/.exec(row.body_text)![1]!);
  };
  const invite = async (email: string) => {
    const { token } = await admin();
    await fixture('POST', `/v1/organisation/${org()}/invite`, { token, body: { email, role: 'reporter' } });
    return inviteToken(email);
  };
  const inviteRow = async (email: string) =>
    (
      await app()
        .db.selectFrom('organisation_invites')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  /** What a worker hands the reset-link job (run here directly: the queue is shared by every test's app). */
  const jobContext = () => ({
    db: app().db,
    mailer: mailerFor(app().config, app().db, app().jobs),
    config: app().config,
    jobs: app().jobs,
  });
  /** A pending change request: a reporter asks for a new username (decision 0025). */
  const changeRequest = async () => {
    const { token, user } = await as('reporter');
    await fixture('PUT', `/v1/users/${user.id}`, { token, body: { username: `name-${unique()}` } });
    const row = await app()
      .db.selectFrom('change_requests')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const accountRequest = async () => {
    const email = `asker-${unique()}@example.test`;
    await fixture('POST', '/v1/account/request', {
      body: { email, firstName: 'Ada', lastName: 'Asker', password: PASSWORD, organisationId: org() },
    });
    return email;
  };

  /** Every mutating operation of the OpenAPI document, as `METHOD /path`. */
  const operations: Record<string, Case> = {
    // ─── sign-in and sessions ───────────────────────────────────────────────
    'POST /v1/login': {
      action: 'auth.signed_in',
      async run(id) {
        const user = await person();
        const res = await call(id, 'POST', '/v1/login', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/login/assessor': {
      action: 'auth.signed_in',
      async run(id) {
        const user = await person('assessor');
        const res = await call(id, 'POST', '/v1/login/assessor', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/login/verify': {
      action: 'auth.signed_in',
      async run(id) {
        const { user, secret } = await withTotp();
        const first = await fixture<{ sessionId: string }>('POST', '/v1/login', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        });
        const res = await call(id, 'POST', '/v1/login/verify', {
          token: first.body.sessionId,
          body: { code: await totpCode(secret, 1), method: 'totp' },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/login/recovery': {
      action: 'auth.signed_in',
      async run(id) {
        const { user, codes } = await withRecoveryCodes();
        const first = await fixture<{ sessionId: string }>('POST', '/v1/login', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        });
        const res = await call(id, 'POST', '/v1/login/recovery', {
          token: first.body.sessionId,
          body: { code: codes[0] },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'DELETE /v1/users/@me/sessions/{id}': {
      action: 'auth.session_revoked',
      async run(id) {
        const user = await person();
        const [a] = [await sessionFor(app(), user), await sessionFor(app(), user)];
        const list = await fixture<{ id: string; current: boolean }[]>('GET', '/v1/users/@me/sessions', {
          token: a.token,
        });
        const other = list.body.find((s) => !s.current)!;
        const res = await call(id, 'DELETE', `/v1/users/@me/sessions/${other.id}`, { token: a.token });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'DELETE /v1/users/@me/sessions': {
      action: 'auth.signed_out_everywhere',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'DELETE', '/v1/users/@me/sessions', { token });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/users/@me/mfa-recovery-codes': {
      action: 'mfa.recovery_codes_created',
      async run(id) {
        const { user, token } = await withRecoveryCodes();
        const res = await call(id, 'POST', '/v1/users/@me/mfa-recovery-codes', {
          token,
          body: { currentPassword: user.password },
        });
        return { res, wrote: ['mfa_recovery_codes', 'user_id', user.id] };
      },
    },
    'POST /v1/verify/access-token': {
      action: 'auth.sign_in_link_used',
      async run(id) {
        const user = await person();
        const token = await issueAccessToken(app().db, { userId: user.id, purpose: 'sign_in', ttl: 600 });
        const res = await call(id, 'POST', '/v1/verify/access-token', { body: { token } });
        return { res, wrote: ['access_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/token': {
      action: null,
      why: 'renews a session the sign-in already recorded; reuse of a rotated token is recorded (auth.refresh_token_reused)',
      async run(id) {
        const { session } = await as('reporter');
        return { res: await call(id, 'POST', '/v1/token', { body: { refreshToken: session.refreshToken } }) };
      },
    },
    'POST /v1/logout': {
      action: 'auth.signed_out',
      async run(id) {
        const { session, user } = await as('reporter');
        const res = await call(id, 'POST', '/v1/logout', {
          token: session.token,
          body: { refreshToken: session.refreshToken },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'PUT /v1/auth-context': {
      action: 'auth.organisation_switched',
      async run(id) {
        const user = await person('organisation_staff');
        await insertMembership(app().db, systemScope, {
          platformId: user.platformId,
          userId: user.id,
          organisationId: org(1),
          role: 'organisation_staff',
        });
        const session = await sessionFor(app(), user);
        const res = await call(id, 'PUT', '/v1/auth-context', {
          token: session.token,
          body: { organisationId: org(1) },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },

    // ─── users ──────────────────────────────────────────────────────────────
    'POST /v1/users': {
      action: 'user.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/users', {
          token,
          body: {
            email: `made-${unique()}@example.test`,
            firstName: 'Made',
            lastName: 'Here',
            memberships: [{ organisationId: org(), role: 'reporter' }],
          },
        });
        return { res, wrote: ['users', 'id', res.body.id] };
      },
    },
    'PUT /v1/users/{id}': {
      action: 'user.updated',
      async run(id) {
        const [{ token }, target] = await Promise.all([admin(), person()]);
        const res = await call(id, 'PUT', `/v1/users/${target.id}`, {
          token,
          body: { firstName: 'Renamed' },
        });
        return { res, wrote: ['users', 'id', target.id] };
      },
    },
    'PUT /v1/users/{id}/toggle-deactivate': {
      action: 'user.deactivated',
      async run(id) {
        const [{ token }, target] = await Promise.all([admin(), person()]);
        const res = await call(id, 'PUT', `/v1/users/${target.id}/toggle-deactivate`, {
          token,
          body: { reason: 'Left the team' },
        });
        return { res, wrote: ['users', 'id', target.id] };
      },
    },
    'DELETE /v1/users/{id}': {
      action: 'user.deleted',
      async run(id) {
        const [{ token }, target] = await Promise.all([admin(), person()]);
        const res = await call(id, 'DELETE', `/v1/users/${target.id}`, {
          token,
          body: { reason: 'Duplicate account' },
        });
        return { res, wrote: ['users', 'id', target.id] };
      },
    },
    'DELETE /v1/users/{id}/memberships/{organisationId}': {
      action: 'user.membership_removed',
      async run(id) {
        const target = await person('reporter', 0);
        await insertMembership(app().db, systemScope, {
          platformId: target.platformId,
          userId: target.id,
          organisationId: org(1),
          role: 'reporter',
        });
        const { token } = await as('organisation_admin', 1);
        const res = await call(id, 'DELETE', `/v1/users/${target.id}/memberships/${org(1)}`, { token });
        return { res, removed: ['memberships', 'user_id', target.id, 'organisation_id', org(1)] };
      },
    },
    'PUT /v1/users/@me/request-account-deletion': {
      action: 'user.deletion_requested',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'PUT', '/v1/users/@me/request-account-deletion', { token });
        return { res, wrote: ['user_settings', 'user_id', user.id] };
      },
    },
    'DELETE /v1/users/@me/request-account-deletion': {
      action: 'user.deletion_request_withdrawn',
      async run(id) {
        const { token, user } = await as('reporter');
        await fixture('PUT', '/v1/users/@me/request-account-deletion', { token });
        const res = await call(id, 'DELETE', '/v1/users/@me/request-account-deletion', { token });
        return { res, wrote: ['user_settings', 'user_id', user.id] };
      },
    },
    'POST /v1/users/@me/edit-watchlist': {
      action: null,
      why: "the user's own reading list (what they follow): no record of an organisation changes",
      async run(id) {
        const { token } = await as('reporter');
        const body = { follow: [{ type: 'report', id: unique() }] };
        return { res: await call(id, 'POST', '/v1/users/@me/edit-watchlist', { token, body }) };
      },
    },
    'PUT /v1/users/@me/push-token': {
      action: null,
      why: 'the address of the device for notifications, set by the app at each start: no record changes',
      async run(id) {
        const { token } = await as('reporter');
        return {
          res: await call(id, 'PUT', '/v1/users/@me/push-token', { token, body: { pushToken: unique() } }),
        };
      },
    },
    'PUT /v1/users/{id}/organisation-preferences': {
      action: 'user.organisation_preferences_updated',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'PUT', `/v1/users/${user.id}/organisation-preferences`, {
          token,
          body: { items: [{ organisationId: org(), preferences: { digest: 'never' } }] },
        });
        return { res, wrote: ['user_organisation_preferences', 'user_id', user.id] };
      },
    },
    'POST /v1/users/export': {
      action: null,
      why: 'a read: POST only carries the filter (decision 0011)',
      async run(id) {
        const { token } = await admin();
        return { res: await call(id, 'POST', '/v1/users/export', { token, body: {} }) };
      },
    },
    'PUT /v1/users/{id}/change-password': {
      action: 'password.changed',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'PUT', `/v1/users/${user.id}/change-password`, {
          token,
          body: { password: `${PASSWORD} changed`, currentPassword: user.password },
        });
        return { res, wrote: ['users', 'id', user.id] };
      },
    },

    // ─── accounts, change requests ──────────────────────────────────────────
    'POST /v1/account/request': {
      action: 'account.request_started',
      async run(id) {
        const email = `asker-${unique()}@example.test`;
        const res = await call(id, 'POST', '/v1/account/request', {
          body: { email, firstName: 'Ada', lastName: 'Asker', password: PASSWORD, organisationId: org() },
        });
        return { res, wrote: ['email_links', 'email', email] };
      },
    },
    'POST /v1/verify/email': {
      action: 'account.requested',
      async run(id) {
        const email = await accountRequest();
        const token = await emailLinkToken(app(), email, 'account-request-verify');
        const res = await call(id, 'POST', '/v1/verify/email', { body: { token } });
        return { res, wrote: ['email_links', 'email', email] };
      },
    },
    'POST /v1/workspace': {
      action: 'organisation.workspace_created',
      async run(id) {
        const { token } = await platformAdmin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/workspace', {
          token,
          body: { name: `Workspace ${unique()}` },
        });
        return { res, wrote: ['organisations', 'id', res.body.id] };
      },
    },
    'PUT /v1/change-requests/{id}/approve': {
      action: 'change_request.approved',
      async run(id) {
        const [request, { token }] = await Promise.all([changeRequest(), admin()]);
        const res = await call(id, 'PUT', `/v1/change-requests/${request}/approve`, { token, body: {} });
        return { res, wrote: ['change_requests', 'id', request] };
      },
    },
    'PUT /v1/change-requests/{id}/decline': {
      action: 'change_request.declined',
      async run(id) {
        const [request, { token }] = await Promise.all([changeRequest(), admin()]);
        const res = await call(id, 'PUT', `/v1/change-requests/${request}/decline`, {
          token,
          body: { rejectionMessage: 'That name is taken by our policy' },
        });
        return { res, wrote: ['change_requests', 'id', request] };
      },
    },

    // ─── organisations and platforms ────────────────────────────────────────
    'POST /v1/organisation': {
      action: 'organisation.created',
      async run(id) {
        const { token } = await platformAdmin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/organisation', {
          token,
          body: { params: { name: `Organisation ${unique()}` } },
        });
        return { res, wrote: ['organisations', 'id', res.body.id] };
      },
    },
    'PUT /v1/organisation/{id}': {
      action: 'organisation.updated',
      async run(id) {
        const { token } = await admin();
        const res = await call(id, 'PUT', `/v1/organisation/${org()}`, {
          token,
          body: { description: `Described ${unique()}` },
        });
        return { res, wrote: ['organisations', 'id', org()] };
      },
    },
    'POST /v1/organisation/{id}/contacts': {
      action: 'organisation.contact_added',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', `/v1/organisation/${org()}/contacts`, {
          token,
          body: { name: 'Duty desk', email: 'desk@example.test' },
        });
        return { res, wrote: ['organisation_contacts', 'id', res.body.id] };
      },
    },
    'POST /v1/organisation/{id}/locations': {
      action: 'organisation.locations_added',
      async run(id) {
        const { token } = await admin();
        const name = `Ward ${unique()}`;
        const res = await call(id, 'POST', `/v1/organisation/${org()}/locations`, {
          token,
          body: { locations: [{ name }] },
        });
        return { res, wrote: ['locations', 'name', name] };
      },
    },
    'POST /v1/organisation/{id}/profession-groups': {
      action: null,
      why: 'a read: the specification reads this list with POST',
      async run(id) {
        const { token } = await admin();
        return {
          res: await call(id, 'POST', `/v1/organisation/${org()}/profession-groups`, { token, body: {} }),
        };
      },
    },
    'POST /v1/organisation/{id}/professions': {
      action: null,
      why: 'a read: the specification reads this list with POST',
      async run(id) {
        const { token } = await admin();
        return { res: await call(id, 'POST', `/v1/organisation/${org()}/professions`, { token, body: {} }) };
      },
    },
    'POST /v1/platforms': {
      action: 'platform.created',
      async run(id) {
        const { token } = await as('system_admin');
        const res = await call<{ id: string }>(id, 'POST', '/v1/platforms', {
          token,
          body: { name: `Platform ${unique()}`, domain: `${unique()}.audit.test` },
        });
        return { res, wrote: ['platforms', 'id', res.body.id] };
      },
    },
    'PUT /v1/platforms/{id}': {
      action: 'platform.updated',
      async run(id) {
        const { token } = await platformAdmin();
        const res = await call(id, 'PUT', `/v1/platforms/${w.tenant.platformId}`, {
          token,
          body: { serverConfiguration: { supportPhone: `+44 ${unique()}` } },
        });
        return { res, wrote: ['platforms', 'id', w.tenant.platformId] };
      },
    },

    // ─── invites ────────────────────────────────────────────────────────────
    'POST /v1/organisation/{id}/invite': {
      action: 'invite.created',
      async run(id) {
        const { token } = await admin();
        const email = `invited-${unique()}@example.test`;
        const res = await call(id, 'POST', `/v1/organisation/${org()}/invite`, {
          token,
          body: { email, role: 'reporter' },
        });
        return { res, wrote: ['organisation_invites', 'email', email] };
      },
    },
    'POST /v1/organisation-invite': {
      action: 'invite.created',
      async run(id) {
        const { token } = await admin();
        const email = `invited-${unique()}@example.test`;
        const res = await call(id, 'POST', '/v1/organisation-invite', {
          token,
          body: { email, role: 'reporter', organisationId: org() },
        });
        return { res, wrote: ['organisation_invites', 'email', email] };
      },
    },
    'POST /v1/organisation/{id}/invites/{inviteId}/resend': {
      action: 'invite.resent',
      async run(id) {
        const email = `invited-${unique()}@example.test`;
        await invite(email);
        const made = await inviteRow(email);
        const { token } = await admin();
        const res = await call(id, 'POST', `/v1/organisation/${org()}/invites/${made}/resend`, { token });
        return { res, wrote: ['organisation_invites', 'id', made] };
      },
    },
    'DELETE /v1/organisation/{id}/invites/{inviteId}': {
      action: 'invite.revoked',
      async run(id) {
        const email = `invited-${unique()}@example.test`;
        await invite(email);
        const made = await inviteRow(email);
        const { token } = await admin();
        const res = await call(id, 'DELETE', `/v1/organisation/${org()}/invites/${made}`, { token });
        return { res, wrote: ['organisation_invites', 'id', made] };
      },
    },
    'POST /v1/organisation-invite/accept': {
      action: 'invite.accepted',
      async run(id) {
        const email = `invited-${unique()}@example.test`;
        const token = await invite(email);
        const res = await call(id, 'POST', '/v1/organisation-invite/accept', {
          body: { token, password: PASSWORD, firstName: 'Nina', lastName: 'New' },
        });
        return { res, wrote: ['organisation_invites', 'email', email] };
      },
    },
    'POST /v1/organisation-invite/join': {
      action: 'invite.accepted',
      async run(id) {
        const existing = await person('reporter', 1);
        const token = await invite(existing.email);
        const session = await sessionFor(app(), existing);
        const res = await call(id, 'POST', '/v1/organisation-invite/join', {
          token: session.token,
          body: { token },
        });
        return { res, wrote: ['organisation_invites', 'email', existing.email] };
      },
    },

    // ─── user groups ────────────────────────────────────────────────────────
    'POST /v1/user-groups': {
      action: 'user_group.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/user-groups', {
          token,
          body: { name: `Group ${unique()}` },
        });
        return { res, wrote: ['user_groups', 'id', res.body.id] };
      },
    },
    'PUT /v1/user-groups/{id}': {
      action: 'user_group.updated',
      async run(id) {
        const { token } = await admin();
        const made = await group(token);
        const res = await call(id, 'PUT', `/v1/user-groups/${made.id}`, {
          token,
          body: { description: 'Vaccines' },
        });
        return { res, wrote: ['user_groups', 'id', made.id] };
      },
    },
    'DELETE /v1/user-groups/{id}': {
      action: 'user_group.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await group(token);
        const res = await call(id, 'DELETE', `/v1/user-groups/${made.id}`, { token });
        return { res, removed: ['user_groups', 'id', made.id] };
      },
    },
    'PUT /v1/user-groups/{id}/users': {
      action: 'user_group.users_changed',
      async run(id) {
        const [{ token }, member] = await Promise.all([admin(), person('organisation_staff')]);
        const made = await group(token);
        const res = await call(id, 'PUT', `/v1/user-groups/${made.id}/users`, {
          token,
          body: { assigned: [member.id] },
        });
        return { res, wrote: ['user_group_users', 'user_id', member.id] };
      },
    },
    'PUT /v1/user-groups/{id}/locations': {
      action: 'user_group.locations_changed',
      async run(id) {
        const { token } = await admin();
        const made = await group(token);
        const name = `Ward ${unique()}`;
        await fixture('POST', `/v1/organisation/${org()}/locations`, {
          token,
          body: { locations: [{ name }] },
        });
        const location = await app()
          .db.selectFrom('locations')
          .select('id')
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        const res = await call(id, 'PUT', `/v1/user-groups/${made.id}/locations`, {
          token,
          body: { assigned: [location.id] },
        });
        return { res, wrote: ['user_group_locations', 'location_id', location.id] };
      },
    },

    // ─── second factors and passwords ───────────────────────────────────────
    'POST /v1/verify/initiate': {
      action: 'mfa.code_sent',
      why: 'the text goes out through an outside service first: no transaction holds a text message',
      async run(id) {
        const { token, user } = await as('reporter');
        await smsFactor(user, true);
        return { res: await call(id, 'POST', '/v1/verify/initiate', { token, body: { method: 'sms' } }) };
      },
    },
    'POST /v1/verify': {
      action: 'mfa.verified',
      async run(id) {
        const { session, secret, user } = await withTotp();
        const res = await call(id, 'POST', '/v1/verify', {
          token: session.token,
          body: { code: await totpCode(secret, 1), method: 'totp' },
        });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'POST /v1/setup/totp': {
      action: 'mfa.setup_started',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'POST', '/v1/setup/totp', {
          token,
          body: { currentPassword: user.password },
        });
        return { res, wrote: ['mfa_factors', 'user_id', user.id] };
      },
    },
    'POST /v1/setup/totp/verify': {
      action: 'mfa.enabled',
      async run(id) {
        const { token, user } = await as('reporter');
        const setup = await fixture<{ factorSid: string; secret: string }>('POST', '/v1/setup/totp', {
          token,
          body: { currentPassword: user.password },
        });
        const res = await call(id, 'POST', '/v1/setup/totp/verify', {
          token,
          body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
        });
        return { res, wrote: ['mfa_factors', 'id', setup.body.factorSid] };
      },
    },
    'POST /v1/users/@me/mfa-methods': {
      action: 'mfa.setup_started',
      async run(id) {
        const { token, user } = await as('reporter');
        const res = await call(id, 'POST', '/v1/users/@me/mfa-methods', {
          token,
          body: { method: 'sms', phoneNumber: '+447700900123', currentPassword: user.password },
        });
        return { res, wrote: ['mfa_factors', 'user_id', user.id] };
      },
    },
    'PUT /v1/users/@me/mfa-methods': {
      action: 'mfa.enabled',
      async run(id) {
        const { token, user } = await as('reporter');
        const phone = `+4477009${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
        const pending = await fixture<{ factorSid: string }>('POST', '/v1/users/@me/mfa-methods', {
          token,
          body: { method: 'sms', phoneNumber: phone, currentPassword: user.password },
        });
        const res = await call(id, 'PUT', '/v1/users/@me/mfa-methods', {
          token,
          body: { factorSid: pending.body.factorSid, method: 'sms', code: await lastSms(phone) },
        });
        return { res, wrote: ['mfa_factors', 'id', pending.body.factorSid] };
      },
    },
    'DELETE /v1/users/@me/mfa-methods': {
      action: 'mfa.disabled',
      async run(id) {
        const { user, session } = await withTotp();
        const factor = await app()
          .db.selectFrom('mfa_factors')
          .select('id')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow();
        const res = await call(id, 'DELETE', `/v1/users/@me/mfa-methods?factorSid=${factor.id}&method=totp`, {
          token: session.token,
          body: { currentPassword: user.password },
        });
        return { res, removed: ['mfa_factors', 'id', factor.id] };
      },
    },
    'POST /v1/reset-password': {
      action: null,
      why: 'only queues the reset-link job (same answer and time whether the account exists, decision 0026); the job records password.reset_requested',
      async run(id) {
        // No such account: a worker of another test that picks the job up records nothing either.
        const body = { email: `nobody-${unique()}@example.test`, platformId: w.tenant.platformId };
        return { res: await call(id, 'POST', '/v1/reset-password', { body }) };
      },
    },
    'POST /v1/change-password': {
      action: 'password.reset',
      async run(id) {
        const user = await person();
        const resetToken = await issueAccessToken(app().db, {
          userId: user.id,
          purpose: 'password_reset',
          ttl: 600,
        });
        const res = await call(id, 'POST', '/v1/change-password', {
          body: { resetToken, password: `${PASSWORD} reset` },
        });
        return { res, wrote: ['users', 'id', user.id] };
      },
    },

    // ─── single sign-on ─────────────────────────────────────────────────────
    'POST /v1/sso-provider/{id}': {
      action: 'sso_provider.created',
      async run(id) {
        const { token } = await platformAdmin();
        const res = await call<{ id: string }>(id, 'POST', `/v1/sso-provider/${w.tenant.platformId}`, {
          token,
          body: {
            name: `Provider ${unique()}`,
            issuerUrl: w.idp.issuer,
            clientId: w.idp.clientId,
            clientSecret: w.idp.clientSecret,
          },
        });
        return { res, wrote: ['sso_providers', 'id', res.body.id] };
      },
    },
    'PUT /v1/sso-provider/{id}': {
      action: 'sso_provider.updated',
      async run(id) {
        const { token } = await platformAdmin();
        const made = await journey.createProvider(token, w.tenant.platformId, w.idp);
        const res = await call(id, 'PUT', `/v1/sso-provider/${made.id}`, {
          token,
          body: { name: `Renamed ${unique()}` },
        });
        return { res, wrote: ['sso_providers', 'id', made.id] };
      },
    },
    'DELETE /v1/sso-provider/{id}': {
      action: 'sso_provider.deleted',
      async run(id) {
        const { token } = await platformAdmin();
        const made = await journey.createProvider(token, w.tenant.platformId, w.idp);
        const res = await call(id, 'DELETE', `/v1/sso-provider/${made.id}`, { token });
        return { res, removed: ['sso_providers', 'id', made.id] };
      },
    },
    'POST /v1/sso-provider/{id}/identities': {
      action: 'user.identity_linked',
      async run(id) {
        const [{ token }, user] = await Promise.all([platformAdmin(), person()]);
        const res = await call<{ id: string }>(id, 'POST', `/v1/sso-provider/${w.providerId()}/identities`, {
          token,
          body: { email: user.email, subject: `sub-${unique()}` },
        });
        return { res, wrote: ['user_identities', 'id', res.body.id] };
      },
    },
    'DELETE /v1/sso-provider/{id}/identities/{identityId}': {
      action: 'user.identity_unlinked',
      async run(id) {
        const [{ token }, user] = await Promise.all([platformAdmin(), person()]);
        const made = await identity(user);
        const res = await call(id, 'DELETE', `/v1/sso-provider/${w.providerId()}/identities/${made}`, {
          token,
        });
        return { res, removed: ['user_identities', 'id', made] };
      },
    },
    'DELETE /v1/sso/identities/{id}': {
      action: 'user.identity_unlinked',
      async run(id) {
        const user = await person();
        const made = await identity(user);
        const session = await sessionFor(app(), user);
        const res = await call(id, 'DELETE', `/v1/sso/identities/${made}`, { token: session.token });
        return { res, removed: ['user_identities', 'id', made] };
      },
    },
    'POST /v1/sso/link': {
      action: null,
      why: "starts the provider's sign-in only; the link is made, and recorded, by the callback (user.identity_linked)",
      async run(id) {
        const { token, user } = await as('reporter');
        const body = { providerId: w.providerId(), currentPassword: user.password };
        return { res: await call(id, 'POST', '/v1/sso/link', { token, body }) };
      },
    },
    'POST /v1/sso/exchange': {
      action: 'auth.signed_in',
      async run(id) {
        const [{ token }, user] = await Promise.all([platformAdmin(), person()]);
        const subject = 'exchange';
        await fixture('POST', `/v1/sso-provider/${w.providerId()}/identities`, {
          token,
          body: { email: user.email, subject },
        });
        const started = await journey.start(w.providerId());
        const back = await w.idp.signIn(started.location.href, subject);
        const { fragment } = await journey.callbackAnswer(back.search, started.cookieValue);
        const res = await call(id, 'POST', '/v1/sso/exchange', { body: { code: fragment.code } });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },

    // ─── forms ──────────────────────────────────────────────────────────────
    'POST /v1/formviews': {
      action: 'form_view.created',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call<{ id: string }>(id, 'POST', '/v1/formviews', {
          token,
          body: { name: `New form ${unique()}`, templateId: form.viewId, languages: ['en'] },
        });
        return { res, wrote: ['form_views', 'id', res.body.id] };
      },
    },
    'PUT /v1/formview/{id}': {
      action: 'form_view.updated',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call(id, 'PUT', `/v1/formview/${form.viewId}`, {
          token,
          body: { name: `Renamed ${unique()}` },
        });
        return { res, wrote: ['form_views', 'id', form.viewId] };
      },
    },
    'POST /v1/formview/{id}/zip': {
      action: 'form_view.imported',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await http(app().url, 'POST', `/v1/formview/${form.viewId}/zip`, {
          token,
          raw: await wardFormZip(),
          headers: { 'content-type': 'application/zip', 'x-request-id': id },
        });
        return { res, wrote: ['form_views', 'id', form.viewId] };
      },
    },
    'POST /v1/formversion': {
      action: 'form_version.published',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call<{ id: string }>(id, 'POST', '/v1/formversion', {
          token,
          body: { formViewId: form.viewId },
        });
        return { res, wrote: ['form_versions', 'id', res.body.id] };
      },
    },
    'PUT /v1/formversion': {
      action: 'form_version.published',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call<{ id: string }>(id, 'PUT', '/v1/formversion', {
          token,
          body: { id: form.versionId },
        });
        return { res, wrote: ['form_versions', 'id', res.body.id] };
      },
    },
    'PUT /v1/formversion/{id}/conditions': {
      action: 'form_version.published',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call<{ id: string }>(id, 'PUT', `/v1/formversion/${form.versionId}/conditions`, {
          token,
          body: { conditions: [{ when: 'true', action: 'require', targets: ['E.reactions[].nativeTerm'] }] },
        });
        return { res, wrote: ['form_versions', 'id', res.body.id] };
      },
    },
    'PUT /v1/formschema/{id}': {
      action: 'form_schema.updated',
      async run(id) {
        const { token } = await admin();
        const form = await organisationForm(app(), w.tenant, 0, token);
        const res = await call(id, 'PUT', `/v1/formschema/${form.schemaId}`, {
          token,
          body: { name: `Renamed ${unique()}` },
        });
        return { res, wrote: ['form_schemas', 'id', form.schemaId] };
      },
    },
    'POST /v1/conditions': {
      action: 'condition.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/conditions', {
          token,
          body: { organisationId: org(), name: `Condition ${unique()}`, conditions: 'D.sex == "2"' },
        });
        return { res, wrote: ['conditions', 'id', res.body.id] };
      },
    },
    'PUT /v1/conditions': {
      action: 'condition.updated',
      async run(id) {
        const { token } = await admin();
        const made = await namedCondition(token);
        const res = await call(id, 'PUT', '/v1/conditions', {
          token,
          body: { id: made.id, name: `Renamed ${unique()}` },
        });
        return { res, wrote: ['conditions', 'id', made.id] };
      },
    },
    'DELETE /v1/conditions': {
      action: 'condition.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await namedCondition(token);
        const res = await call(id, 'DELETE', `/v1/conditions?id=${made.id}`, { token });
        return { res, removed: ['conditions', 'id', made.id] };
      },
    },
    'POST /v1/integration-management/conditions': {
      action: 'condition.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/integration-management/conditions', {
          token,
          body: { organisationId: org(), name: `Condition ${unique()}`, conditions: 'count(G.drugs) > 1' },
        });
        return { res, wrote: ['conditions', 'id', res.body.id] };
      },
    },
    'PUT /v1/integration-management/conditions/{id}': {
      action: 'condition.updated',
      async run(id) {
        const { token } = await admin();
        const made = await namedCondition(token);
        const res = await call(id, 'PUT', `/v1/integration-management/conditions/${made.id}`, {
          token,
          body: { conditions: 'not answered(D.sex)' },
        });
        return { res, wrote: ['conditions', 'id', made.id] };
      },
    },
    'DELETE /v1/integration-management/conditions/{id}': {
      action: 'condition.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await namedCondition(token);
        const res = await call(id, 'DELETE', `/v1/integration-management/conditions/${made.id}`, { token });
        return { res, removed: ['conditions', 'id', made.id] };
      },
    },

    // ─── terminology ────────────────────────────────────────────────────────
    'POST /v1/terminology-entries': {
      action: 'terminology_entry.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/terminology-entries', {
          token,
          body: { dictionary: 'audit', code: unique(), term: 'Audited' },
        });
        return { res, wrote: ['terminology_entries', 'id', res.body.id] };
      },
    },
    'PATCH /v1/terminology-entries/{id}': {
      action: 'terminology_entry.updated',
      async run(id) {
        const { token } = await admin();
        const made = await terminologyEntry(token);
        const res = await call(id, 'PATCH', `/v1/terminology-entries/${made.id}`, {
          token,
          body: { term: 'Changed' },
        });
        return { res, wrote: ['terminology_entries', 'id', made.id] };
      },
    },
    'DELETE /v1/terminology-entries/{id}': {
      action: 'terminology_entry.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await terminologyEntry(token);
        const res = await call(id, 'DELETE', `/v1/terminology-entries/${made.id}`, { token });
        return { res, removed: ['terminology_entries', 'id', made.id] };
      },
    },
    'POST /v1/terminology-arrangements': {
      action: 'terminology_arrangement.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/terminology-arrangements', {
          token,
          body: { dictionary: 'audit', name: `Picklist ${unique()}` },
        });
        return { res, wrote: ['terminology_arrangements', 'id', res.body.id] };
      },
    },
    'PATCH /v1/terminology-arrangements/{id}': {
      action: 'terminology_arrangement.updated',
      async run(id) {
        const { token } = await admin();
        const made = await terminologyArrangement(token);
        const res = await call(id, 'PATCH', `/v1/terminology-arrangements/${made.id}`, {
          token,
          body: { description: 'Changed' },
        });
        return { res, wrote: ['terminology_arrangements', 'id', made.id] };
      },
    },
    'DELETE /v1/terminology-arrangements/{id}': {
      action: 'terminology_arrangement.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await terminologyArrangement(token);
        const res = await call(id, 'DELETE', `/v1/terminology-arrangements/${made.id}`, { token });
        return { res, removed: ['terminology_arrangements', 'id', made.id] };
      },
    },

    // ─── MedDRA ─────────────────────────────────────────────────────────────
    'POST /v1/meddras/versions': {
      action: 'meddra_version.uploaded',
      async run(id) {
        const { token } = await as('system_admin');
        const res = await http<{ id: string }>(app().url, 'POST', '/v1/meddras/versions', {
          token,
          form: releaseForm(syntheticRelease().files),
          headers: { 'x-request-id': id },
        });
        return { res, wrote: ['meddra_versions', 'id', res.body.id] };
      },
    },

    // ─── reference data: EDQM and hospitals ─────────────────────────────────
    'POST /v1/edqm/import': {
      action: 'edqm.imported',
      async run(id) {
        const { token } = await as('system_admin');
        // A synthetic code of its own each run (99…), so the import always writes a row.
        const code = `ROA-99${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
        const form = new FormData();
        form.append(
          'file',
          new Blob([`code,term,status\n${code},Audited route (synthetic),Current\n`]),
          'edqm.csv',
        );
        const res = await http(app().url, 'POST', '/v1/edqm/import', {
          token,
          form,
          headers: { 'x-request-id': id },
        });
        return { res, wrote: ['edqm_terms', 'code', code] };
      },
    },
    'POST /v1/hospitals': {
      action: 'hospital.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/hospitals', {
          token,
          body: { name: `Audited hospital ${unique()}` },
        });
        return { res, wrote: ['hospitals', 'id', res.body.id] };
      },
    },
    'PATCH /v1/hospitals/{id}': {
      action: 'hospital.updated',
      async run(id) {
        const { token } = await admin();
        const made = await hospital(token);
        const res = await call(id, 'PATCH', `/v1/hospitals/${made.id}`, { token, body: { city: 'Lyon' } });
        return { res, wrote: ['hospitals', 'id', made.id] };
      },
    },
    'DELETE /v1/hospitals/{id}': {
      action: 'hospital.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await hospital(token);
        const res = await call(id, 'DELETE', `/v1/hospitals/${made.id}`, { token });
        return { res, removed: ['hospitals', 'id', made.id] };
      },
    },

    // ─── integrations ───────────────────────────────────────────────────────
    'POST /v1/applications': {
      action: 'application.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/applications', {
          token,
          body: { application: `App ${unique()}` },
        });
        return { res, wrote: ['applications', 'id', res.body.id] };
      },
    },
    'PUT /v1/applications/{id}': {
      action: 'application.updated',
      async run(id) {
        const { token } = await admin();
        const made = await application(token);
        const res = await call(id, 'PUT', `/v1/applications/${made.id}`, {
          token,
          body: { application: `Renamed ${unique()}` },
        });
        return { res, wrote: ['applications', 'id', made.id] };
      },
    },
    'POST /v1/applications/default': {
      action: 'application.made_default',
      async run(id) {
        const { token } = await admin();
        await application(token);
        const made = await application(token);
        const res = await call(id, 'POST', '/v1/applications/default', {
          token,
          body: { organisationId: org(), id: made.id },
        });
        return { res, wrote: ['applications', 'id', made.id] };
      },
    },
    'DELETE /v1/applications/{id}': {
      action: 'application.deleted',
      async run(id) {
        const { token } = await admin();
        await application(token);
        const made = await application(token);
        const res = await call(id, 'DELETE', `/v1/applications/${made.id}`, { token });
        return { res, removed: ['applications', 'id', made.id] };
      },
    },
    'POST /v1/api-keys': {
      action: 'api_key.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/api-keys', {
          token,
          body: { name: `Key ${unique()}` },
        });
        return { res, wrote: ['api_keys', 'id', res.body.id] };
      },
    },
    'DELETE /v1/api-keys/{id}': {
      action: 'api_key.revoked',
      async run(id) {
        const { token } = await admin();
        const made = await fixture<{ id: string }>('POST', '/v1/api-keys', {
          token,
          body: { name: `Key ${unique()}` },
        });
        const res = await call(id, 'DELETE', `/v1/api-keys/${made.body.id}`, { token });
        return { res, wrote: ['api_keys', 'id', made.body.id] };
      },
    },
    'POST /v1/report': {
      action: 'report.submitted',
      async run(id) {
        const { token } = await as('reporter');
        const res = await call<{ id: string }>(id, 'POST', '/v1/report', {
          token,
          body: { report: adrCase() },
        });
        return { res, wrote: ['reports', 'id', res.body.id] };
      },
    },
    'POST /v1/report/post': {
      action: 'report.submitted',
      async run(id) {
        const { token } = await as('reporter');
        const form = new FormData();
        form.append('report', JSON.stringify({ report: adrCase() }));
        form.append('letter', new Blob([new Uint8Array(pdf())], { type: 'application/pdf' }), 'letter.pdf');
        const res = await http<{ id: string }>(app().url, 'POST', '/v1/report/post', {
          token,
          headers: { 'x-request-id': id },
          form,
        });
        return { res, wrote: ['reports', 'id', res.body.id] };
      },
    },
    'PUT /v1/report/{id}': {
      action: 'report.updated',
      async run(id) {
        const { token } = await as('reporter');
        const draft = await fixture<{ id: string }>('POST', '/v1/report', {
          token,
          body: { report: adrCase(), status: 'draft' },
        });
        const res = await call(id, 'PUT', `/v1/report/${draft.body.id}`, {
          token,
          body: { name: 'Renamed' },
        });
        return { res, wrote: ['report_versions', 'report_id', draft.body.id, 'version', '2'] };
      },
    },
    'DELETE /v1/report/draft/{id}': {
      action: 'report.draft_deleted',
      async run(id) {
        const { token } = await as('reporter');
        const draft = await fixture<{ id: string }>('POST', '/v1/report', {
          token,
          body: { report: adrCase(), status: 'draft' },
        });
        const res = await call(id, 'DELETE', `/v1/report/draft/${draft.body.id}`, { token });
        return { res, removed: ['reports', 'id', draft.body.id] };
      },
    },
    'PUT /v1/reports/{id}/status': {
      action: 'report.status_changed',
      async run(id) {
        const sent = await fixture<{ id: string }>('POST', '/v1/report', {
          token: (await as('reporter')).token,
          body: { report: adrCase() },
        });
        const res = await call(id, 'PUT', `/v1/reports/${sent.body.id}/status`, {
          token: (await as('organisation_staff')).token,
          body: { status: 'in_triage' },
        });
        return { res, wrote: ['reports', 'id', sent.body.id, 'status', 'in_triage'] };
      },
    },
    'PUT /v1/report/{id}/assign/user/{userId}': {
      action: 'report.assigned',
      async run(id) {
        const sent = await fixture<{ id: string }>('POST', '/v1/report', {
          token: (await as('reporter')).token,
          body: { report: adrCase() },
        });
        const { token, user } = await as('organisation_staff');
        const res = await call(id, 'PUT', `/v1/report/${sent.body.id}/assign/user/${user.id}`, { token });
        return { res, wrote: ['reports', 'id', sent.body.id, 'assignee_user_id', user.id] };
      },
    },
    'POST /v1/report/{id}/assign': {
      action: 'report.assigned',
      async run(id) {
        const report = await sentCase();
        const { token, user } = await as('organisation_staff');
        const res = await call(id, 'POST', `/v1/report/${report}/assign`, { token });
        return { res, wrote: ['reports', 'id', report, 'assignee_user_id', user.id] };
      },
    },
    'POST /v1/report/{id}/assignment-token': {
      action: 'report.assignment_token_created',
      async run(id) {
        const report = await sentCase();
        const res = await call(id, 'POST', `/v1/report/${report}/assignment-token`, {
          token: (await as('organisation_staff')).token,
        });
        return { res, wrote: ['report_assignment_tokens', 'report_id', report] };
      },
    },
    'PUT /v1/report/{id}/assign/{token}': {
      action: 'report.assigned',
      async run(id) {
        const report = await sentCase();
        const { token, user } = await as('organisation_staff');
        const link = await fixture<{ token: string }>('POST', `/v1/report/${report}/assignment-token`, {
          token,
        });
        const res = await call(id, 'PUT', `/v1/report/${report}/assign/${link.body.token}`, { token });
        return { res, wrote: ['reports', 'id', report, 'assignee_user_id', user.id] };
      },
    },
    'PUT /v1/report/{id}/reassign/organisation/{organisationId}': {
      action: 'report.reassigned',
      async run(id) {
        const report = await sentCase();
        const res = await call(id, 'PUT', `/v1/report/${report}/reassign/organisation/${org(1)}`, {
          token: (await as('organisation_staff')).token,
          body: { reason: 'Their case' },
        });
        return { res, wrote: ['reports', 'id', report, 'organisation_id', org(1)] };
      },
    },
    'PUT /v1/report/{id}/share/organisation/{organisationId}': {
      action: 'report.shared',
      async run(id) {
        const report = await sentCase();
        const res = await call(id, 'PUT', `/v1/report/${report}/share/organisation/${org(1)}`, {
          token: (await as('organisation_staff')).token,
          body: { reveal: ['narrative'] },
        });
        return { res, wrote: ['report_shares', 'report_id', report, 'shared_with_organisation_id', org(1)] };
      },
    },
    'DELETE /v1/report/{id}/share/organisation/{organisationId}': {
      action: 'report.share_revoked',
      async run(id) {
        const report = await sentCase();
        const { token } = await as('organisation_staff');
        await fixture('PUT', `/v1/report/${report}/share/organisation/${org(1)}`, { token });
        const res = await call(id, 'DELETE', `/v1/report/${report}/share/organisation/${org(1)}`, { token });
        return {
          res,
          removed: ['report_shares', 'report_id', report, 'shared_with_organisation_id', org(1)],
        };
      },
    },
    'POST /v1/report/{id}/name': {
      action: 'report.renamed',
      async run(id) {
        const report = await sentCase();
        const res = await call(id, 'POST', `/v1/report/${report}/name`, {
          token: (await as('organisation_staff')).token,
          body: { name: 'Angioedema' },
        });
        return { res, wrote: ['reports', 'id', report, 'name', 'Angioedema'] };
      },
    },
    'DELETE /v1/report/{id}/name': {
      action: 'report.name_removed',
      async run(id) {
        const report = await sentCase();
        const { token } = await as('organisation_staff');
        await fixture('POST', `/v1/report/${report}/name`, { token, body: { name: 'Angioedema' } });
        const res = await call(id, 'DELETE', `/v1/report/${report}/name`, { token });
        return { res, wrote: ['reports', 'id', report] };
      },
    },
    'PUT /v1/reports/{id}/regenerate': {
      action: 'report.regenerated',
      async run(id) {
        const report = await sentCase();
        await app().db.updateTable('reports').set({ serious: false }).where('id', '=', report).execute();
        const res = await call(id, 'PUT', `/v1/reports/${report}/regenerate`, {
          token: (await as('organisation_staff')).token,
        });
        return { res, wrote: ['reports', 'id', report, 'serious', 'true'] };
      },
    },
    'DELETE /v1/reports/{id}': {
      action: 'report.deleted',
      async run(id) {
        const sent = await fixture<{ id: string }>('POST', '/v1/report', {
          token: (await as('reporter')).token,
          body: { report: adrCase() },
        });
        const res = await call(id, 'DELETE', `/v1/reports/${sent.body.id}`, {
          token: (await as('organisation_staff')).token,
          body: { reason: 'Sent twice' },
        });
        return { res, wrote: ['reports', 'id', sent.body.id, 'deletion_reason', 'Sent twice'] };
      },
    },
    'POST /v1/reports/{id}/restore': {
      action: 'report.restored',
      async run(id) {
        const sent = await fixture<{ id: string }>('POST', '/v1/report', {
          token: (await as('reporter')).token,
          body: { report: adrCase() },
        });
        const { token } = await admin();
        await fixture('DELETE', `/v1/reports/${sent.body.id}`, { token, body: { reason: 'Sent twice' } });
        const res = await call(id, 'POST', `/v1/reports/${sent.body.id}/restore`, {
          token,
          body: { reason: 'Deleted by mistake' },
        });
        return { res, wrote: ['reports', 'id', sent.body.id] };
      },
    },
    'POST /v1/files/upload-link': {
      action: null,
      why: 'a pending row only: the file is recorded as file.uploaded once its bytes arrive and pass the check',
      async run(id) {
        const { token } = await as('reporter');
        return { res: await call(id, 'POST', '/v1/files/upload-link', { token, body: pdfUpload() }) };
      },
    },
    'POST /v1/files/upload/start': {
      action: null,
      why: 'a pending row only: file.uploaded is written by complete',
      async run(id) {
        const { token } = await as('reporter');
        return { res: await call(id, 'POST', '/v1/files/upload/start', { token, body: pdfUpload() }) };
      },
    },
    'POST /v1/files/upload/url': {
      action: null,
      why: 'signs a URL; nothing changes',
      async run(id) {
        const { token } = await as('reporter');
        const started = await fixture<{ uploadId: string; key: string }>('POST', '/v1/files/upload/start', {
          token,
          body: pdfUpload(),
        });
        const body = { uploadId: started.body.uploadId, key: started.body.key, partNumber: 1 };
        return { res: await call(id, 'POST', '/v1/files/upload/url', { token, body }) };
      },
    },
    'POST /v1/files/upload/complete': {
      action: 'file.uploaded',
      async run(id) {
        const { token } = await as('reporter');
        const started = await fixture<{ uploadId: string; key: string; fileId: string }>(
          'POST',
          '/v1/files/upload/start',
          { token, body: pdfUpload() },
        );
        const ref = { uploadId: started.body.uploadId, key: started.body.key };
        const part = await fixture<{ url: string }>('POST', '/v1/files/upload/url', {
          token,
          body: { ...ref, partNumber: 1 },
        });
        const sent = await fetch(part.body.url, { method: 'PUT', body: new Uint8Array(pdf()) });
        const res = await call(id, 'POST', '/v1/files/upload/complete', {
          token,
          body: { ...ref, parts: [{ partNumber: 1, etag: sent.headers.get('etag') }] },
        });
        return { res, wrote: ['files', 'id', started.body.fileId, 'status', 'stored'] };
      },
    },
    'POST /v1/files': {
      action: 'file.uploaded',
      async run(id) {
        const { token } = await as('organisation_staff');
        const res = await http<{ id: string }>(app().url, 'POST', '/v1/files', {
          token,
          headers: { 'x-request-id': id },
          form: formData({}, { name: 'leaflet.pdf', type: 'application/pdf', bytes: pdf() }),
        });
        return { res, wrote: ['files', 'id', res.body.id] };
      },
    },
    'PUT /v1/files/{id}': {
      action: 'file.updated',
      async run(id) {
        const { token } = await as('organisation_staff');
        const fileId = await storedPdf(token);
        const res = await call(id, 'PUT', `/v1/files/${fileId}`, { token, body: { title: 'Leaflet' } });
        return { res, wrote: ['files', 'id', fileId] };
      },
    },
    'DELETE /v1/files/{id}': {
      action: 'file.deleted',
      why: 'the row stays, marked deleted (the bytes go after the commit)',
      async run(id) {
        const { token } = await as('organisation_staff');
        const fileId = await storedPdf(token);
        const res = await call(id, 'DELETE', `/v1/files/${fileId}`, { token });
        return { res, wrote: ['files', 'id', fileId] };
      },
    },
    'POST /v1/files/bulk-download-url': {
      action: null,
      why: 'signs a link; nothing changes (downloads are not audited, as no read is)',
      async run(id) {
        const { token } = await as('organisation_staff');
        const fileId = await storedPdf(token);
        return {
          res: await call(id, 'POST', '/v1/files/bulk-download-url', { token, body: { ids: [fileId] } }),
        };
      },
    },
    'POST /v1/resources': {
      action: 'resource.created',
      async run(id) {
        const { token } = await admin();
        const res = await http<{ id: string }>(app().url, 'POST', '/v1/resources', {
          token,
          headers: { 'x-request-id': id },
          form: formData({ title: 'Guide' }, { name: 'guide.pdf', type: 'application/pdf', bytes: pdf() }),
        });
        return { res, wrote: ['files', 'id', res.body.id] };
      },
    },
    'DELETE /v1/resources/{id}': {
      action: 'resource.deleted',
      async run(id) {
        const { token } = await admin();
        const made = await http<{ id: string }>(app().url, 'POST', '/v1/resources', {
          token,
          form: formData({}, { name: 'guide.pdf', type: 'application/pdf', bytes: pdf() }),
        });
        const res = await call(id, 'DELETE', `/v1/resources/${made.body.id}`, { token });
        return { res, wrote: ['files', 'id', made.body.id] };
      },
    },
    'POST /v1/saved-searches': {
      action: 'saved_search.created',
      async run(id) {
        const { token } = await as('organisation_staff');
        const res = await call<{ id: string }>(id, 'POST', '/v1/saved-searches', {
          token,
          body: { name: 'Open', filters: { stage: 'open' } },
        });
        return { res, wrote: ['saved_searches', 'id', res.body.id] };
      },
    },
    'PUT /v1/saved-searches/{id}': {
      action: 'saved_search.updated',
      async run(id) {
        const { token } = await as('organisation_staff');
        const made = await fixture<{ id: string }>('POST', '/v1/saved-searches', {
          token,
          body: { name: 'Open', filters: { stage: 'open' } },
        });
        const res = await call(id, 'PUT', `/v1/saved-searches/${made.body.id}`, {
          token,
          body: { name: 'Open and serious', filters: { stage: 'open', serious: true } },
        });
        return { res, wrote: ['saved_searches', 'id', made.body.id, 'name', 'Open and serious'] };
      },
    },
    'DELETE /v1/saved-searches/{id}': {
      action: 'saved_search.deleted',
      async run(id) {
        const { token } = await as('organisation_staff');
        const made = await fixture<{ id: string }>('POST', '/v1/saved-searches', {
          token,
          body: { name: 'Open', filters: { stage: 'open' } },
        });
        const res = await call(id, 'DELETE', `/v1/saved-searches/${made.body.id}`, { token });
        return { res, removed: ['saved_searches', 'id', made.body.id] };
      },
    },
    'POST /v1/reports/export': {
      action: 'export.requested',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/reports/export', {
          token,
          body: { format: 'xlsx', stage: 'open' },
        });
        return { res, wrote: ['exports', 'id', res.body.id] };
      },
    },
    'POST /v1/exports': {
      action: 'export.requested',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', '/v1/exports', {
          token,
          body: { kind: 'users.csv' },
        });
        return { res, wrote: ['exports', 'id', res.body.id] };
      },
    },
    'PUT /v1/exports/{id}/regenerate': {
      action: 'export.regenerated',
      async run(id) {
        const { token } = await admin();
        const made = await fixture<{ id: string }>('POST', '/v1/exports', {
          token,
          body: { kind: 'users.csv' },
        });
        await runExport(app().db, app().config, { exportId: made.body.id, requestId: `fixture-${id}` });
        const res = await call(id, 'PUT', `/v1/exports/${made.body.id}/regenerate`, { token });
        return { res, wrote: ['exports', 'id', made.body.id] };
      },
    },
    ...e2bAuditCases(w),
    ...causalityAuditCases(w),
    ...caseProcessingAuditCases(w).operations,
    ...submissionAuditCases(w),
    ...drugAuditCases(w).operations,
  };

  /**
   * Actions written on paths no single successful operation call reaches: refusals,
   * the other branch of a toggle, a second step, a link opened later.
   */
  const paths: Record<string, Case> = {
    ...drugAuditCases(w).paths,
    ...submissionAuditPaths(w),
    ...caseProcessingAuditCases(w).paths,
    ...workflowAuditPaths(w),
    'the export job finishing': {
      action: 'export.completed',
      async run(id) {
        const { token } = await admin();
        const made = await fixture<{ id: string }>('POST', '/v1/exports', {
          token,
          body: { kind: 'users.csv' },
        });
        await runExport(app().db, app().config, { exportId: made.body.id, requestId: id });
        const res = await http(app().url, 'GET', `/v1/exports/${made.body.id}`, { token });
        return { res, wrote: ['exports', 'id', made.body.id, 'status', 'done'] };
      },
    },
    'the MedDRA import job finishing': {
      action: 'meddra_version.imported',
      async run(id) {
        const { token } = await as('system_admin');
        const made = await http<{ id: string }>(app().url, 'POST', '/v1/meddras/versions', {
          token,
          form: releaseForm(syntheticRelease().files),
        });
        await runMeddraImport(app().db, { versionId: made.body.id, requestId: id, actorUserId: null });
        const res = await http(app().url, 'GET', '/v1/meddras/versions', { token });
        return { res, wrote: ['meddra_versions', 'id', made.body.id, 'status', 'ready'] };
      },
    },
    'PUT to a local-disk upload URL': {
      action: 'file.uploaded',
      async run(id) {
        const { token } = await as('reporter');
        const link = await fixture<{ url: string; fileId: string }>('POST', '/v1/files/upload-link', {
          token,
          body: pdfUpload(),
        });
        const res = await http(app().url, 'PUT', link.body.url.slice(app().url.length), {
          raw: pdf().toString('latin1'),
          headers: { 'content-type': 'application/pdf', 'x-request-id': id },
        });
        return { res, wrote: ['files', 'id', link.body.fileId, 'status', 'stored'] };
      },
    },
    'POST /v1/report as a draft': {
      action: 'report.draft_saved',
      async run(id) {
        const { token } = await as('reporter');
        const res = await call<{ id: string }>(id, 'POST', '/v1/report', {
          token,
          body: { report: { schemaVersion: 1, C: {} }, status: 'draft' },
        });
        return { res, wrote: ['reports', 'id', res.body.id] };
      },
    },
    'PUT /v1/report/{id} sending a draft': {
      action: 'report.submitted',
      async run(id) {
        const { token } = await as('reporter');
        const draft = await fixture<{ id: string }>('POST', '/v1/report', {
          token,
          body: { report: adrCase(), status: 'draft' },
        });
        const res = await call(id, 'PUT', `/v1/report/${draft.body.id}`, {
          token,
          body: { status: 'submitted' },
        });
        return { res, wrote: ['reports', 'id', draft.body.id] };
      },
    },
    'POST /v1/login with a wrong password': {
      action: 'auth.sign_in_failed',
      why: 'nothing changes but the failure count, kept in its own locked transaction (decision 0024)',
      async run(id) {
        const user = await person();
        const res = await call(id, 'POST', '/v1/login', {
          body: { email: user.email, password: 'not the password at all', platformId: user.platformId },
        });
        return { res };
      },
    },
    'POST /v1/login after too many failures': {
      action: 'auth.sign_in_throttled',
      why: 'a refusal: nothing changes',
      async run(id) {
        const user = await person();
        const body = { email: user.email, password: 'not the password at all', platformId: user.platformId };
        for (let i = 0; i < app().config.loginMaxFailuresPerAccount; i++)
          await http(app().url, 'POST', '/v1/login', { body });
        return { res: await call(id, 'POST', '/v1/login', { body }) };
      },
    },
    'POST /v1/login of an account with a second factor': {
      action: 'auth.second_step_required',
      why: 'nothing is stored: the MFA session id is a signed token',
      async run(id) {
        const { user } = await withTotp();
        const res = await call(id, 'POST', '/v1/login', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        });
        return { res };
      },
    },
    'POST /v1/token with a token rotated past the grace window': {
      action: 'auth.refresh_token_reused',
      async run(id) {
        const { session, user } = await as('reporter');
        await fixture('POST', '/v1/token', { body: { refreshToken: session.refreshToken } });
        await app()
          .db.updateTable('refresh_tokens')
          .set({ rotated_at: new Date(Date.now() - 3_600_000) })
          .where('user_id', '=', user.id)
          .where('rotated_at', 'is not', null)
          .execute();
        const res = await call(id, 'POST', '/v1/token', { body: { refreshToken: session.refreshToken } });
        return { res, wrote: ['refresh_tokens', 'user_id', user.id] };
      },
    },
    'the reset-link job of POST /v1/reset-password': {
      action: 'password.reset_requested',
      async run(id) {
        const user = await person();
        await sendResetLink(jobContext(), {
          email: user.email,
          platformId: user.platformId,
          ip: '127.0.0.1',
          requestId: id,
        });
        return {
          res: { status: 204, headers: new Headers(), body: null },
          wrote: ['access_tokens', 'user_id', user.id],
        };
      },
    },
    'the reset-link job, past the hourly cap': {
      action: 'password.reset_limited',
      why: 'a refusal: nothing changes',
      async run(id) {
        const user = await person();
        for (let i = 0; i < RESET_EMAILS_PER_HOUR; i++)
          await issueAccessToken(app().db, { userId: user.id, purpose: 'password_reset', ttl: 600 });
        await sendResetLink(jobContext(), {
          email: user.email,
          platformId: user.platformId,
          ip: '127.0.0.1',
          requestId: id,
        });
        return { res: { status: 204, headers: new Headers(), body: null } };
      },
    },
    'PUT /v1/users/{id}/toggle-deactivate of a deactivated user': {
      action: 'user.reactivated',
      async run(id) {
        const { token } = await admin();
        const target = await createUser(app().db, {
          platformId: w.tenant.platformId,
          organisationId: org(),
          role: 'reporter',
          deactivated: true,
        });
        const res = await call(id, 'PUT', `/v1/users/${target.id}/toggle-deactivate`, { token });
        return { res, wrote: ['users', 'id', target.id] };
      },
    },
    'PUT /v1/users/{id} with a new email': {
      action: 'user.email_change_requested',
      async run(id) {
        const [{ token }, target] = await Promise.all([admin(), person()]);
        const email = `moved-${unique()}@example.test`;
        const res = await call(id, 'PUT', `/v1/users/${target.id}`, { token, body: { email } });
        return { res, wrote: ['email_links', 'email', email] };
      },
    },
    'POST /v1/verify/email of a new sign-in email': {
      action: 'user.email_changed',
      async run(id) {
        const [{ token }, target] = await Promise.all([admin(), person()]);
        const email = `moved-${unique()}@example.test`;
        await fixture('PUT', `/v1/users/${target.id}`, { token, body: { email } });
        const link = await emailLinkToken(app(), email, 'email-change');
        const res = await call(id, 'POST', '/v1/verify/email', { body: { token: link } });
        return { res, wrote: ['users', 'id', target.id] };
      },
    },
    'POST /v1/verify with a wrong code': {
      action: 'mfa.failed',
      why: 'a refusal: nothing changes but the attempt count, kept in its own transaction',
      async run(id) {
        const { session } = await withTotp();
        return {
          res: await call(id, 'POST', '/v1/verify', {
            token: session.token,
            body: { code: '000000', method: 'totp' },
          }),
        };
      },
    },
    'GET /v1/sso/callback with an unknown state': {
      action: 'sso.sign_in_refused',
      why: 'a refusal: nothing changes',
      async run(id) {
        const res = await call(id, 'GET', `/v1/sso/callback?state=${unique()}&code=${unique()}`);
        return { res };
      },
    },
  };

  return { operations, paths };
}
