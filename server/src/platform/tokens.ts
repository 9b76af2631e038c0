import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { AppError } from './errors.ts';

const ISSUER = 'vigilo';
const invalidToken = { 'www-authenticate': 'Bearer error="invalid_token"' };

export type TokenType = 'access' | 'mfa';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** platform id */
  pid: string;
  /** organisation the session works in */
  oid: string | null;
  /** refresh-token family: logout revokes it, and with it this token */
  fam: string;
}

export interface TokenSigner {
  sign(type: TokenType, claims: AccessClaims): Promise<string>;
  /** Verifies signature, algorithm, issuer, audience (= type) and expiry; 403 TOKEN_EXPIRED / TOKEN_INVALID otherwise. */
  verify(type: TokenType, token: string): Promise<AccessClaims>;
}

/**
 * HS256 JWTs through fast-jwt (synchronous node:crypto HMAC; jose's WebCrypto path hops
 * to the thread pool twice per verification, which dominated the authenticated request).
 * The algorithm allowlist refuses `none` and everything else; audience = token type.
 */
export function createTokenSigner(secret: string, ttlSeconds: Record<TokenType, number>): TokenSigner {
  const signers = {
    access: createSigner({
      key: secret,
      algorithm: 'HS256',
      iss: ISSUER,
      aud: 'vigilo:access',
      expiresIn: ttlSeconds.access * 1000,
    }),
    mfa: createSigner({
      key: secret,
      algorithm: 'HS256',
      iss: ISSUER,
      aud: 'vigilo:mfa',
      expiresIn: ttlSeconds.mfa * 1000,
    }),
  };
  // Verified tokens are cached (by token, until their expiry): the same token on every request.
  const verifierFor = (aud: string) =>
    createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: aud,
      requiredClaims: ['sub', 'exp', 'iat'],
      cache: 2000,
    });
  const verifiers = { access: verifierFor('vigilo:access'), mfa: verifierFor('vigilo:mfa') };
  return {
    async sign(type, claims) {
      return signers[type]({ sub: claims.sub, pid: claims.pid, oid: claims.oid, fam: claims.fam });
    },
    async verify(type, token) {
      let payload: Record<string, unknown>;
      try {
        payload = verifiers[type](token);
      } catch (error) {
        if (error instanceof TokenError && error.code === TokenError.codes.expired) {
          throw new AppError('TOKEN_EXPIRED', 'The access token has expired', {}, invalidToken);
        }
        throw new AppError('TOKEN_INVALID', 'The access token is invalid', {}, invalidToken);
      }
      // Claims are ids the database compares with uuid columns: anything else is refused here.
      const oid = payload.oid ?? null;
      if (
        !isUuid(payload.sub) ||
        !isUuid(payload.pid) ||
        !isUuid(payload.fam) ||
        !(oid === null || isUuid(oid))
      ) {
        throw new AppError('TOKEN_INVALID', 'The access token is invalid', {}, invalidToken);
      }
      return { sub: payload.sub, pid: payload.pid, oid, fam: payload.fam };
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An opaque refresh token and the hash we keep of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
