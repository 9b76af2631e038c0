import { useMutation } from '@tanstack/react-query';
import type { MfaMethodKind } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { storeDeviceToken } from '../remembered-device.ts';

export interface SecondFactorAnswer {
  code: string;
  /** The factor the code comes from; left out when the account has only one kind. */
  method?: MfaMethodKind;
  /** Skip the code on this browser for 30 days. */
  rememberDevice: boolean;
  /** The sign-in name, under which a remember-device token is kept. */
  identifier: string;
}

/**
 * POST /v1/login/verify: the second sign-in step. The client sends the pending MFA session id
 * it kept from the login answer, and stores the real session on success. A remember-device
 * token in the answer is kept for the next sign-in with this name.
 */
export async function verifyLogin(api: ApiClient, answer: SecondFactorAnswer) {
  const body: { code: string; method?: MfaMethodKind; rememberDevice?: boolean } = { code: answer.code };
  if (answer.method) body.method = answer.method;
  if (answer.rememberDevice) body.rememberDevice = true;
  const session = await api.verifyLogin(body);
  const deviceToken = (session as { deviceToken?: unknown }).deviceToken;
  if (typeof deviceToken === 'string' && deviceToken) storeDeviceToken(answer.identifier, deviceToken);
  return session;
}

/** The MFA step as a mutation. */
export function useVerifyLogin() {
  const api = useApi();
  return useMutation({ mutationFn: (answer: SecondFactorAnswer) => verifyLogin(api, answer) });
}
