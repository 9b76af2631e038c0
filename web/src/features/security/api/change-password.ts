import { useMutation } from '@tanstack/react-query';
import { type ApiClient, useApi } from '../../../lib/api-context.tsx';

/** PUT /v1/users/@me/change-password: every other session of the user ends. */
export function changePassword(api: ApiClient, input: { currentPassword: string; password: string }) {
  return api.changePassword(input);
}

export function useChangePassword() {
  const api = useApi();
  return useMutation({
    mutationFn: (input: { currentPassword: string; password: string }) => changePassword(api, input),
  });
}
