import { useMutation } from '@tanstack/react-query';
import { call } from '@vigilo/client';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** POST /v1/setup/totp: a pending authenticator-app factor, its secret and QR code (shown once). */
export function setupTotp(api: ApiClient, currentPassword: string) {
  return call(api, 'POST', '/v1/setup/totp', { body: { currentPassword } });
}

export function useSetupTotp() {
  const api = useApi();
  return useMutation({ mutationFn: (currentPassword: string) => setupTotp(api, currentPassword) });
}
