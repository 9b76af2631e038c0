import { useMutation } from '@tanstack/react-query';
import type { MfaChallenge } from '@vigilo/contract';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';
import { rememberedDeviceToken } from '../remembered-device.ts';

/** What the sign-in form collects: one field takes an email address or a username. */
export interface Credentials {
  identifier: string;
  password: string;
}

/** Which sign-in: the general one, or the assessors' own (S-1: assessors use only theirs). */
export type SignInKind = 'standard' | 'assessor';

/**
 * POST /v1/login (or /v1/login/assessor). An identifier with an "@" is sent as the email, anything else as the
 * username, with this browser's remember-device token for that name when it has one. On
 * success the client stores the session itself; the answer may instead ask for a second
 * factor ({requiresMfa, sessionId, methods}).
 */
export function login(api: ApiClient, { identifier, password }: Credentials, kind: SignInKind = 'standard') {
  const id = identifier.trim();
  const deviceToken = rememberedDeviceToken(id);
  const body = {
    ...(id.includes('@') ? { email: id } : { username: id }),
    password,
    ...(deviceToken ? { deviceToken } : {}),
  };
  return kind === 'assessor' ? api.loginAssessor(body) : api.login(body);
}

/** True when the login answer asks for a one-time code before issuing a session. */
export function requiresMfa(answer: unknown): answer is MfaChallenge {
  return (
    typeof answer === 'object' && answer !== null && 'requiresMfa' in answer && answer.requiresMfa === true
  );
}

/** Sign-in as a mutation: pending state and error for the form. */
export function useLogin(kind: SignInKind = 'standard') {
  const api = useApi();
  return useMutation({ mutationFn: (credentials: Credentials) => login(api, credentials, kind) });
}
