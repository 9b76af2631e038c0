import type { MfaMethod, TotpSetup } from '@vigilo/contract';
import { generate } from 'otplib';
import type { TestApp } from './app.ts';
import { http } from './http.ts';

/** The TOTP code of `secret` now, or `offsetSteps` 30-second steps away (an authenticator app). */
export const totpCode = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

/**
 * Turns TOTP on for a signed-in user through the API (the platform must offer it) and
 * answers the secret. The current time step is spent: the next sign-in uses `totpCode(secret, 1)`.
 */
export async function enableTotp(app: TestApp, token: string, password: string): Promise<string> {
  const setup = await http<TotpSetup>(app.url, 'POST', '/v1/setup/totp', {
    token,
    body: { currentPassword: password },
  });
  if (setup.status !== 200) throw new Error(`TOTP setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const on = await http<MfaMethod>(app.url, 'POST', '/v1/setup/totp/verify', {
    token,
    body: { factorSid: setup.body.factorSid, code: await totpCode(setup.body.secret) },
  });
  if (on.status !== 200) throw new Error(`TOTP verify: ${on.status} ${JSON.stringify(on.body)}`);
  return setup.body.secret;
}
