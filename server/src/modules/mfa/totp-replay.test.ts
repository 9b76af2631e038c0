import type { MfaSession, TotpSetup } from '@vigilo/contract';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';
import { advanceTimeStep } from './mfa.repository.ts';
import { checkTotp, newTotpSecret } from './totp.ts';

/**
 * A TOTP code is accepted once (decision 0009). Two guards stand behind it: the code's time
 * step must be later than the last one accepted (checkTotp), and storing the step is a
 * conditional update that only a later step passes (advanceTimeStep), so of two requests
 * racing with one code only one wins. Each guard is tested alone here, then the race.
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
  await app.db
    .updateTable('platforms')
    .set({ mfa_methods: ['totp'] })
    .where('id', '=', tenant.platformId)
    .execute();
});

const PERIOD = 30;
const epoch = () => Date.now() / 1000;
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * PERIOD });

/** The current 30-s step, far enough from its end that a check made now falls in it too. */
async function steadyStep(): Promise<number> {
  if (PERIOD - (epoch() % PERIOD) < 3) await new Promise((r) => setTimeout(r, 3_500));
  return Math.floor(epoch() / PERIOD);
}

const reporter = () =>
  createUser(app.db, {
    platformId: tenant.platformId,
    organisationId: tenant.organisationIds[0],
    role: 'reporter',
  });

describe('TOTP replay guards', () => {
  it('checkTotp alone: a code of a step at or before the last accepted one is refused', async () => {
    const secret = newTotpSecret();
    const now = await steadyStep();
    const code = await codeAt(secret, now);
    expect(await checkTotp(secret, code, null)).toBe(now);
    expect(await checkTotp(secret, code, now - 1)).toBe(now);
    expect(await checkTotp(secret, code, now)).toBeNull();
    expect(await checkTotp(secret, code, now + 1)).toBeNull();
    // The step before: inside the drift window, refused once it is spent.
    const previous = await codeAt(secret, now - 1);
    expect(await checkTotp(secret, previous, now - 2)).toBe(now - 1);
    expect(await checkTotp(secret, previous, now - 1)).toBeNull();
    expect(await checkTotp(secret, '000000', null)).toBeNull();
  });

  it('advanceTimeStep alone: a step is stored only when it is later than the stored one', async () => {
    const user = await reporter();
    const { token } = await login(app.url, user);
    const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
      token,
      body: { currentPassword: user.password },
    });
    expect(setup.status).toBe(200);
    const factor = await app.db
      .selectFrom('mfa_factors')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const stored = async () =>
      (
        await app.db
          .selectFrom('mfa_factors')
          .select('last_time_step')
          .where('id', '=', factor.id)
          .executeTakeFirstOrThrow()
      ).last_time_step;

    expect(await advanceTimeStep(app.db, factor.id, 1000)).toBe(true);
    expect(await advanceTimeStep(app.db, factor.id, 1000)).toBe(false);
    expect(await advanceTimeStep(app.db, factor.id, 999)).toBe(false);
    expect(Number(await stored())).toBe(1000);
    expect(await advanceTimeStep(app.db, factor.id, 1001)).toBe(true);
    expect(Number(await stored())).toBe(1001);
  });

  it('the race: one code sent at once by several sign-ins opens one session', async () => {
    const user = await reporter();
    const first = await login(app.url, user);
    const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
      token: first.token,
      body: { currentPassword: user.password },
    });
    const now = await steadyStep();
    // Turn it on with the previous step, so the current one is still unspent.
    const on = await http(app.url, 'POST', '/v1/setup/totp/verify', {
      token: first.token,
      body: { factorSid: setup.body.factorSid, code: await codeAt(setup.body.secret, now - 1) },
    });
    expect(on.status).toBe(200);

    const challenges = await Promise.all(
      Array.from({ length: 5 }, () =>
        http<{ sessionId: string }>(app.url, 'POST', '/v1/login', {
          body: { email: user.email, password: user.password, platformId: user.platformId },
        }),
      ),
    );
    const code = await codeAt(setup.body.secret, now);
    const answers = await Promise.all(
      challenges.map((c) =>
        http<MfaSession>(app.url, 'POST', '/v1/login/verify', {
          token: c.body.sessionId,
          body: { sessionId: c.body.sessionId, code },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
  });
});
