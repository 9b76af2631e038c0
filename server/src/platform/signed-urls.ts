import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from './errors.ts';
import { derivedKeys, type SecretKey, type SecretsConfig } from './secrets.ts';

/**
 * URLs that Vigilo signs and serves itself (local-disk storage, zip downloads): the path and
 * every query parameter are under an HMAC-SHA256 with a key derived for this purpose
 * (platform/secrets.ts), with an expiry. Change the path, any parameter or the expiry, and
 * the signature no longer matches (decision 0071).
 */

const SIGNATURE = 'sig';
const EXPIRES = 'exp';
const KEY_ID = 'kid';

export interface UrlSigner {
  /** `path?params&exp&kid&sig`, valid for `ttlSeconds`. */
  sign(path: string, params: Record<string, string>, ttlSeconds: number): string;
  /**
   * The signed parameters of `path` + `query` (without exp, kid, sig), or throws 403
   * SIGNED_URL_INVALID (altered, unknown key, malformed) / SIGNED_URL_EXPIRED.
   */
  verify(path: string, query: Record<string, unknown>): Record<string, string>;
}

function canonical(path: string, params: Record<string, string>): string {
  const pairs = Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`);
  return `${path}\n${pairs.join('&')}`;
}

const mac = (key: SecretKey, text: string) => createHmac('sha256', key.key).update(text).digest();

const invalid = () =>
  new AppError(
    'SIGNED_URL_INVALID',
    'This link is not valid: ask for a new one',
    {},
    { 'cache-control': 'no-store' },
  );

export function urlSigner(config: SecretsConfig, now: () => number = Date.now): UrlSigner {
  const keys = derivedKeys(config, 'storage-url');
  return {
    sign(path, params, ttlSeconds) {
      const key = keys[0]!;
      const all = { ...params, [EXPIRES]: String(Math.floor(now() / 1000) + ttlSeconds), [KEY_ID]: key.id };
      const signature = mac(key, canonical(path, all)).toString('base64url');
      return `${path}?${new URLSearchParams({ ...all, [SIGNATURE]: signature }).toString()}`;
    },
    verify(path, query) {
      const params: Record<string, string> = {};
      for (const [name, value] of Object.entries(query)) {
        if (typeof value !== 'string') throw invalid(); // a repeated parameter
        if (name !== SIGNATURE) params[name] = value;
      }
      const given = query[SIGNATURE];
      const key = keys.find((k) => k.id === params[KEY_ID]);
      if (typeof given !== 'string' || !key) throw invalid();
      const expected = mac(key, canonical(path, params));
      const actual = Buffer.from(given, 'base64url');
      if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw invalid();
      const expires = Number(params[EXPIRES]);
      if (!Number.isInteger(expires) || expires * 1000 < now())
        throw new AppError('SIGNED_URL_EXPIRED', 'This link has expired: ask for a new one');
      const { [EXPIRES]: _e, [KEY_ID]: _k, ...signed } = params;
      return signed;
    },
  };
}
