import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from './errors.ts';

const ISSUER = 'vigilo';
const ALGORITHMS = ['HS256']; // the allowlist: `alg: none` and every other algorithm are refused
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

export function createTokenSigner(secret: string, ttlSeconds: Record<TokenType, number>): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(type, claims) {
      return new SignJWT({ pid: claims.pid, oid: claims.oid, fam: claims.fam })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(`vigilo:${type}`)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds[type]}s`)
        .sign(key);
    },
    async verify(type, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ALGORITHMS,
          issuer: ISSUER,
          audience: `vigilo:${type}`,
        });
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.pid !== 'string' ||
          typeof payload.fam !== 'string'
        ) {
          throw new AppError('TOKEN_INVALID', 'The access token is invalid', {}, invalidToken);
        }
        return {
          sub: payload.sub,
          pid: payload.pid,
          oid: (payload.oid as string | null) ?? null,
          fam: payload.fam,
        };
      } catch (error) {
        if (error instanceof AppError) throw error;
        if (error instanceof errors.JWTExpired) {
          throw new AppError('TOKEN_EXPIRED', 'The access token has expired', {}, invalidToken);
        }
        throw new AppError('TOKEN_INVALID', 'The access token is invalid', {}, invalidToken);
      }
    },
  };
}

/** An opaque refresh token and the hash we keep of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
