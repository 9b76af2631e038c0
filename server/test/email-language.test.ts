import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendResetLink } from '../src/modules/passwords/reset-links.ts';
import type { Language } from '../src/platform/language.ts';
import { mailerFor } from '../src/platform/mail.ts';
import {
  createTenant,
  eventually,
  http,
  type ReceivedMail,
  signedIn,
  startSmtp,
  type TestSmtp,
  type TestTenant,
  useTestApp,
} from './index.ts';

/**
 * Every email goes out in its recipient's language, English or French as the web app
 * (decision 0058), through a real SMTP server. Subjects are written here by hand.
 */
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp?.close());
const app = useTestApp(() => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://vigilo.example' }));
let tenant: TestTenant;
let deliver: (id: string) => Promise<void>;
/** What a worker does with the job POST /v1/reset-password queues (run here: the queue is shared by every test's app). */
let resetLink: (email: string) => Promise<void>;

beforeAll(async () => {
  const mailer = mailerFor(app.config, app.db, app.jobs);
  // The outbox row as written, sent to this file's SMTP server: other files' workers share
  // the job queue and may deliver the row to theirs first (delivery itself: mail.test.ts).
  const transport = nodemailer.createTransport(smtp.url);
  deliver = async (id) => {
    const row = await app.db
      .selectFrom('outbox_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await transport.sendMail({
      from: app.config.mailFrom,
      to: row.recipient,
      subject: row.subject ?? '',
      text: row.body_text,
      html: row.body_html ?? undefined,
    });
  };
  resetLink = (email) =>
    sendResetLink(
      { db: app.db, mailer, config: app.config, jobs: app.jobs },
      { email, platformId: tenant.platformId, ip: '127.0.0.1', requestId: 'email-language' },
    );
  tenant = await createTenant(app.db);
  await app.db
    .updateTable('organisations')
    .set({ accepts_account_requests: true })
    .where('id', '=', tenant.organisationIds[0])
    .execute();
}, 60_000);

/** The newest email of `template` to `to`: delivered over SMTP and received there. */
async function received(to: string, template: string): Promise<ReceivedMail> {
  const row = await eventually(
    () =>
      app.db
        .selectFrom('outbox_messages')
        .select('id')
        .where('recipient', '=', to)
        .where('template', '=', template)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow(),
    15_000,
  );
  const before = smtp.received.length;
  await deliver(row.id);
  return eventually(async () => {
    const mail = smtp.received.slice(before).find((m) => m.to.includes(to.toLowerCase()));
    if (!mail) throw new Error(`no mail to ${to} at the SMTP server`);
    return mail;
  }, 10_000);
}

/** A member of organisation A speaking `language`. */
async function speaker(language: Language, role: 'reporter' | 'organisation_admin' = 'reporter') {
  const session = await signedIn(app, tenant, role, 0);
  await app.db.updateTable('users').set({ language }).where('id', '=', session.user.id).execute();
  return session;
}

describe('emails in the recipient’s language', () => {
  it('password reset', async () => {
    for (const [language, subject] of [
      ['fr', 'Réinitialisez votre mot de passe Vigilo'],
      ['en', 'Reset your Vigilo password'],
    ] as const) {
      const { user } = await speaker(language);
      const res = await http(app.url, 'POST', '/v1/reset-password', {
        body: { email: user.email, platformId: tenant.platformId },
      });
      expect(res.status).toBe(204);
      await resetLink(user.email);
      const mail = await received(user.email, 'password-reset');
      expect(mail.subject).toBe(subject);
    }
    const { user } = await speaker('fr');
    await resetLink(user.email);
    const mail = await received(user.email, 'password-reset');
    expect(mail.text).toContain('ouvrez ce lien dans l’heure');
    expect(mail.html).toContain('Choisir un nouveau mot de passe');
  });

  it('invitation: in the inviting administrator’s language', async () => {
    const admin = await speaker('fr', 'organisation_admin');
    const email = `invitee-${crypto.randomUUID()}@example.test`;
    const res = await http(app.url, 'POST', `/v1/organisation/${tenant.organisationIds[0]}/invite`, {
      token: admin.token,
      body: { email, role: 'reporter' },
    });
    expect(res.status).toBe(201);
    const mail = await received(email, 'organisation-invite');
    expect(mail.subject).toMatch(/^Vous êtes invité à rejoindre /);
    expect(mail.text).toContain('vous invite à rejoindre');
  });

  it('new sign-in email, set by an administrator: the confirmation and the notice, in the user’s language', async () => {
    // An English-speaking administrator changes a French speaker's address: French, the recipient's.
    const { user } = await speaker('fr');
    const admin = await speaker('en', 'organisation_admin');
    const email = `moved-${crypto.randomUUID()}@example.test`;
    const res = await http(app.url, 'PUT', `/v1/users/${user.id}`, { token: admin.token, body: { email } });
    expect(res.status).toBe(200);
    expect((await received(email, 'email-change')).subject).toBe(
      'Confirmez votre nouvelle adresse de connexion Vigilo',
    );
    expect((await received(user.email, 'email-change-notice')).subject).toBe(
      'Votre adresse de connexion Vigilo va changer',
    );
  });

  it('account request: the language sent with it, else the browser’s Accept-Language', async () => {
    const ask = (email: string, extra: Record<string, unknown>, headers: Record<string, string> = {}) =>
      http(app.url, 'POST', '/v1/account/request', {
        headers,
        body: {
          email,
          firstName: 'Ana',
          lastName: 'Applicant',
          password: 'a long enough password',
          organisationId: tenant.organisationIds[0],
          ...extra,
        },
      });
    const inBody = `ana-${crypto.randomUUID()}@example.test`;
    expect((await ask(inBody, { language: 'fr' }, { 'accept-language': 'en-GB' })).status).toBe(202);
    expect((await received(inBody, 'account-request-verify')).subject).toBe(
      'Confirmez votre adresse pour envoyer votre demande de compte Vigilo',
    );
    const byHeader = `ana-${crypto.randomUUID()}@example.test`;
    expect((await ask(byHeader, {}, { 'accept-language': 'de-DE, fr-CA;q=0.8, en;q=0.5' })).status).toBe(202);
    expect((await received(byHeader, 'account-request-verify')).subject).toMatch(/^Confirmez votre adresse/);
    const neither = `ana-${crypto.randomUUID()}@example.test`;
    expect((await ask(neither, {}, { 'accept-language': 'de' })).status).toBe(202);
    expect((await received(neither, 'account-request-verify')).subject).toBe(
      'Confirm your email to send your Vigilo account request',
    );
  });

  it('a decided change request: declined in the requester’s language', async () => {
    const requester = await speaker('fr');
    const admin = await speaker('en', 'organisation_admin');
    await http(app.url, 'PUT', '/v1/users/@me', {
      token: requester.token,
      body: { email: `renamed-${crypto.randomUUID()}@example.test` },
    });
    const request = await app.db
      .selectFrom('change_requests')
      .select('id')
      .where('user_id', '=', requester.user.id)
      .executeTakeFirstOrThrow();
    const res = await http(app.url, 'PUT', `/v1/change-requests/${request.id}/decline`, {
      token: admin.token,
      body: { rejectionMessage: 'Non.' },
    });
    expect(res.status).toBe(200);
    expect((await received(requester.user.email, 'change-request-declined')).subject).toBe(
      'Votre demande Vigilo a été refusée',
    );
  });

  it('an approved account request: the new account’s language', async () => {
    const admin = await speaker('en', 'organisation_admin');
    const email = `approved-${crypto.randomUUID()}@example.test`;
    await http(app.url, 'POST', '/v1/account/request', {
      body: {
        email,
        firstName: 'Léa',
        lastName: 'Demandeuse',
        password: 'a long enough password',
        organisationId: tenant.organisationIds[0],
        language: 'fr',
      },
    });
    const link = await received(email, 'account-request-verify');
    const token = decodeURIComponent(/verify-email\?token=([\w%-]+)/.exec(link.text)?.[1] ?? '');
    expect((await http(app.url, 'POST', '/v1/verify/email', { body: { token } })).status).toBe(200);
    const request = await app.db
      .selectFrom('change_requests')
      .select('id')
      .where('organisation_id', '=', tenant.organisationIds[0])
      .where('kind', '=', 'account')
      .where(sql<string>`changes->>'email'`, '=', email)
      .executeTakeFirstOrThrow();
    const res = await http(app.url, 'PUT', `/v1/change-requests/${request.id}/approve`, {
      token: admin.token,
      body: {},
    });
    expect(res.status).toBe(200);
    expect((await received(email, 'account-request-approved')).subject).toBe('Votre compte Vigilo est prêt');
  });
});
