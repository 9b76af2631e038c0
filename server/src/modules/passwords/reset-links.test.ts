import { beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  eventually,
  http,
  login,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { mailerFor } from '../../platform/mail.ts';
import { RESET_EMAILS_PER_HOUR, resetLinkJobs } from './reset-links.ts';

// Issue #6 item 10: reset links end together, are capped per account, take the same time to
// ask for whether the account exists or not, and a reset ends the lockouts of the account.
let tenant: TestTenant;

const app = useTestApp({ PUBLIC_URL: 'https://vigilo.example' });

beforeAll(async () => {
  const context = {
    db: app.db,
    mailer: mailerFor(app.config, app.db, app.jobs),
    config: app.config,
    jobs: app.jobs,
  };
  await app.jobs.work(resetLinkJobs(context).map((job) => ({ ...job, pollingIntervalSeconds: 0.5 })));
  tenant = await createTenant(app.db);
});

const NEW_PASSWORD = 'the owner chose a new one';
const account = () =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });
const askReset = (email: string) =>
  http(app.url, 'POST', '/v1/reset-password', { body: { email, platformId: tenant.platformId } });

/** The reset links mailed to `email`, oldest first (read from the outbox, as the mail leaves). */
async function resetLinks(email: string): Promise<string[]> {
  const mails = await app.db
    .selectFrom('outbox_messages')
    .select('body_text')
    .where('recipient', '=', email)
    .where('template', '=', 'password-reset')
    .orderBy('created_at', 'asc')
    .execute();
  return mails.map((m) => decodeURIComponent(/\/reset-password\?token=([\w%-]+)/.exec(m.body_text)![1]!));
}

const auditActions = async (userId: string) =>
  (
    await app.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', userId)
      .where('action', 'like', 'password.%')
      .orderBy('id')
      .execute()
  ).map((row) => row.action);

const resetWith = (resetToken: string, password = NEW_PASSWORD) =>
  http<{ code?: string }>(app.url, 'POST', '/v1/change-password', { body: { resetToken, password } });

describe('reset links', () => {
  it('a successful reset spends every other link of the account', async () => {
    const user = await account();
    expect((await askReset(user.email)).status).toBe(204);
    await eventually(async () => expect(await resetLinks(user.email)).toHaveLength(1), 15_000);
    expect((await askReset(user.email)).status).toBe(204);
    const [older, newer] = await eventually(async () => {
      const links = await resetLinks(user.email);
      expect(links).toHaveLength(2);
      return links;
    }, 15_000);
    expect((await resetWith(newer!)).status).toBe(204);
    const refused = await resetWith(older!, 'yet another passphrase');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('RESET_TOKEN_INVALID');
    expect(
      (
        await http(app.url, 'POST', '/v1/login', {
          body: { email: user.email, password: NEW_PASSWORD, platformId: user.platformId },
        })
      ).status,
    ).toBe(200);
  });

  it(`mails at most ${RESET_EMAILS_PER_HOUR} links an hour to an account; every request answers 204`, async () => {
    const user = await account();
    const answers = [];
    for (let i = 0; i < RESET_EMAILS_PER_HOUR + 2; i++) answers.push((await askReset(user.email)).status);
    expect(answers).toEqual([204, 204, 204, 204, 204]);
    const actions = await eventually(async () => {
      const found = await auditActions(user.id);
      expect(found).toHaveLength(5);
      return found;
    }, 20_000);
    expect(actions.sort()).toEqual([
      'password.reset_limited',
      'password.reset_limited',
      'password.reset_requested',
      'password.reset_requested',
      'password.reset_requested',
    ]);
    expect(await resetLinks(user.email)).toHaveLength(3);
  });

  it('a reset ends the count of wrong current passwords as well as the sign-in lockout', async () => {
    const user = await account();
    const { token } = await login(app.url, user);
    const change = (currentPassword: string) =>
      http(app.url, 'PUT', '/v1/users/@me/change-password', {
        token,
        body: { currentPassword, password: 'a passphrase nobody guessed' },
      });
    for (let i = 0; i < 5; i++) expect((await change('a wrong guess')).status).toBe(400);
    expect((await change(user.password)).status).toBe(429);
    expect((await askReset(user.email)).status).toBe(204);
    const [link] = await eventually(async () => {
      const links = await resetLinks(user.email);
      expect(links).toHaveLength(1);
      return links;
    }, 15_000);
    expect((await resetWith(link!)).status).toBe(204);
    const { token: fresh } = (
      await http<{ token: string }>(app.url, 'POST', '/v1/login', {
        body: { email: user.email, password: NEW_PASSWORD, platformId: user.platformId },
      })
    ).body;
    const changed = await http(app.url, 'PUT', '/v1/users/@me/change-password', {
      token: fresh,
      body: { currentPassword: NEW_PASSWORD, password: 'a passphrase nobody guessed' },
    });
    expect(changed.status).toBe(204);
  });
});
