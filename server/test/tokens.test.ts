import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type AccessClaims, createTokenSigner, VerifiedTokens } from '../src/platform/tokens.ts';

/**
 * The verified-token cache (decision 0064): a token is answered from memory only while the
 * very same text would still pass the full check. Tokens here are signed with jose, not with
 * the code under test, so the expectations do not come from it.
 */
const secret = randomBytes(32).toString('base64url');
const claims = (): AccessClaims => ({
  sub: randomUUID(),
  pid: randomUUID(),
  oid: randomUUID(),
  fam: randomUUID(),
});
const signer = () => createTokenSigner(secret, { access: 900, mfa: 300 });

const sign = (
  payload: AccessClaims,
  opts: { exp: number; aud?: string; key?: string; nbf?: number },
): Promise<string> => {
  const jwt = new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer('vigilo')
    .setAudience(opts.aud ?? 'vigilo:access')
    .setIssuedAt()
    .setExpirationTime(opts.exp);
  if (opts.nbf !== undefined) jwt.setNotBefore(opts.nbf);
  return jwt.sign(new TextEncoder().encode(opts.key ?? secret));
};

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string }) => error.code,
  );

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('verified access tokens', () => {
  it('stops accepting a token at its expiry, although it was verified (and cached) before', async () => {
    const tokens = signer();
    const exp = nowSeconds() + 2;
    const token = await sign(claims(), { exp });
    expect(await codeOf(tokens.verify('access', token))).toBe('accepted');
    expect(await codeOf(tokens.verify('access', token))).toBe('accepted');
    await new Promise((r) => setTimeout(r, exp * 1000 - Date.now() + 50));
    expect(await codeOf(tokens.verify('access', token))).toBe('TOKEN_EXPIRED');
  });

  it('refuses an altered copy of a token it has verified: the cache is keyed by the whole token', async () => {
    const tokens = signer();
    const mine = claims();
    const token = await sign(mine, { exp: nowSeconds() + 60 });
    expect(await tokens.verify('access', token)).toEqual(mine);
    const [header, , signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({
        ...mine,
        sub: randomUUID(),
        iss: 'vigilo',
        aud: 'vigilo:access',
        exp: nowSeconds() + 60,
      }),
    ).toString('base64url');
    expect(await codeOf(tokens.verify('access', `${header}.${other}.${signature}`))).toBe('TOKEN_INVALID');
    expect(await codeOf(tokens.verify('access', `${token}x`))).toBe('TOKEN_INVALID');
  });

  it('keeps access and MFA tokens apart: a cached access token is no MFA session, nor the reverse', async () => {
    const tokens = signer();
    const access = await sign(claims(), { exp: nowSeconds() + 60 });
    const mfa = await sign(claims(), { exp: nowSeconds() + 60, aud: 'vigilo:mfa' });
    expect(await codeOf(tokens.verify('access', access))).toBe('accepted');
    expect(await codeOf(tokens.verify('mfa', mfa))).toBe('accepted');
    expect(await codeOf(tokens.verify('mfa', access))).toBe('TOKEN_INVALID');
    expect(await codeOf(tokens.verify('access', mfa))).toBe('TOKEN_INVALID');
  });

  it('never caches a refusal: a token signed with another key stays refused', async () => {
    const tokens = signer();
    const forged = await sign(claims(), {
      exp: nowSeconds() + 60,
      key: randomBytes(32).toString('base64url'),
    });
    expect(await codeOf(tokens.verify('access', forged))).toBe('TOKEN_INVALID');
    expect(await codeOf(tokens.verify('access', forged))).toBe('TOKEN_INVALID');
  });

  it('checks a not-yet-valid token every time (nbf) rather than caching it', async () => {
    const tokens = signer();
    const early = await sign(claims(), { exp: nowSeconds() + 60, nbf: nowSeconds() + 30 });
    expect(await codeOf(tokens.verify('access', early))).toBe('TOKEN_INVALID');
    expect(await codeOf(tokens.verify('access', early))).toBe('TOKEN_INVALID');
  });
});

describe('VerifiedTokens', () => {
  it('holds at most its bound, dropping the oldest first', () => {
    const cache = new VerifiedTokens(3, 60_000);
    const later = Date.now() + 60_000;
    for (const token of ['a', 'b', 'c', 'd']) cache.set(token, claims(), later);
    expect(cache.size).toBe(3);
    expect(cache.get('a')).toBeUndefined();
    expect(['b', 'c', 'd'].map((token) => cache.get(token) !== undefined)).toEqual([true, true, true]);
  });

  it('forgets an entry after its own maximum age, even if the token lives longer', async () => {
    const cache = new VerifiedTokens(10, 20);
    cache.set('t', claims(), Date.now() + 60_000);
    expect(cache.get('t')).toBeDefined();
    await new Promise((r) => setTimeout(r, 40));
    expect(cache.get('t')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
