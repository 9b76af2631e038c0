import type { User } from '@vigilo/contract';
import type { ClientCore } from './core.ts';
import { ApiRequestError, NetworkError } from './errors.ts';
import { pathSegment } from './transport.ts';

/** PUT /v1/users/{id}/change-password. */
export interface ChangeUserPasswordBody {
  password: string;
  currentPassword: string;
}

export interface AccountMethods {
  /** S-5: GET /v1/users/{id}, the caller's own record by default. */
  getUser(id?: string, query?: { includeReporting?: boolean }): Promise<User>;
  /** S-5: PUT /v1/users/{id}/change-password, the caller by default. */
  changePassword(body: ChangeUserPasswordBody, id?: string): Promise<void>;
  /** S-5: GET /v1/themes/{id}, the caller's theme by default. Theme fields are not shown in the spec. */
  getTheme(id?: string): Promise<Record<string, unknown>>;
  /** S-6: POST /v1/verify/access-token, retried on network failures and 5xx answers. */
  verifyAccessToken(token: string): Promise<unknown>;
}

export function accountMethods(
  core: ClientCore,
  retry: { attempts: number; delayMs: number },
): AccountMethods {
  return {
    getUser: (id = '@me', query) => core.request<User>('GET', `/v1/users/${pathSegment(id)}`, { query }),

    changePassword: (body, id = '@me') =>
      core.request<void>('PUT', `/v1/users/${pathSegment(id)}/change-password`, { body }),

    getTheme: (id = '@me') => core.request<Record<string, unknown>>('GET', `/v1/themes/${pathSegment(id)}`),

    async verifyAccessToken(token) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await core.request('POST', '/v1/verify/access-token', { body: { token } });
        } catch (err) {
          // A 4xx means the token is used or wrong: asking again cannot help.
          if (attempt >= retry.attempts || !isTransient(err)) throw err;
          await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
        }
      }
    },
  };
}

function isTransient(err: unknown): boolean {
  return err instanceof NetworkError || (err instanceof ApiRequestError && err.status >= 500);
}
