import type { ClientCore } from './core.ts';
import { ApiRequestError, NetworkError } from './errors.ts';
import { type ApiBody, type ApiQuery, type ApiResult, call } from './typed.ts';

/** PUT /v1/users/{id}/change-password. */
export type ChangeUserPasswordBody = ApiBody<'PUT', '/v1/users/{id}/change-password'>;

export interface AccountMethods {
  /** S-5: GET /v1/users/{id}, the caller's own record by default. */
  getUser(
    id?: string,
    query?: ApiQuery<'GET', '/v1/users/{id}'>,
  ): Promise<ApiResult<'GET', '/v1/users/{id}'>>;
  /** S-5: PUT /v1/users/{id}/change-password, the caller by default. */
  changePassword(body: ChangeUserPasswordBody, id?: string): Promise<void>;
  /**
   * S-5: GET /v1/platforms/{id}/theme, the theme of the session's platform by default. The
   * specification's GET /v1/themes/{id} is served by no server (ENDPOINTS.md: "inferred").
   */
  getTheme(platformId?: string): Promise<ApiResult<'GET', '/v1/platforms/{id}/theme'>>;
  /** S-6: POST /v1/verify/access-token, retried on network failures and 5xx answers. */
  verifyAccessToken(token: string): Promise<ApiResult<'POST', '/v1/verify/access-token'>>;
}

export function accountMethods(
  core: ClientCore,
  retry: { attempts: number; delayMs: number },
): AccountMethods {
  return {
    getUser: (id = '@me', query) => call(core, 'GET', '/v1/users/{id}', { path: { id }, query }),

    async changePassword(body, id = '@me') {
      await call(core, 'PUT', '/v1/users/{id}/change-password', { path: { id }, body });
    },

    getTheme(platformId = core.session().platformId ?? undefined) {
      if (!platformId) return Promise.reject(new Error('No platform: sign in or name the platform'));
      return call(core, 'GET', '/v1/platforms/{id}/theme', { path: { id: platformId } });
    },

    async verifyAccessToken(token) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await call(core, 'POST', '/v1/verify/access-token', { body: { token } });
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
