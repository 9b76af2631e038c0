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
  const verifierFor = (aud: string) =>
    createVerifier({
      key: secret,
      algorithms: ['HS256'],
      allowedIss: ISSUER,
      allowedAud: aud,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
  const verifiers = { access: verifierFor('vigilo:access'), mfa: verifierFor('vigilo:mfa') };
  const verified = { access: new VerifiedTokens(), mfa: new VerifiedTokens() };
  return {
    async sign(type, claims) {
      return signers[type]({ sub: claims.sub, pid: claims.pid, oid: claims.oid, fam: claims.fam });
    },
    async verify(type, token) {
      const known = verified[type].get(token);
      if (known) return known;
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
      const claims = Object.freeze({ sub: payload.sub, pid: payload.pid, oid, fam: payload.fam });
      if (payload.nbf === undefined) verified[type].set(token, claims, (payload.exp as number) * 1000);
      return claims;
    },
  };
}

/**
 * Tokens that passed the whole check, by their exact text, each until its own expiry (and
 * at most 10 minutes): the same token comes with every request of a session. fast-jwt's
 * own cache does this too, but keys it by a SHA-256 of the token, computed on every
 * request (7% of an authenticated request; decision 0064). A key is the whole token, so
 * only the very string that was verified is ever answered from here; an altered or
 * re-signed token is a different key and goes through the full check.
 */
export class VerifiedTokens {
  readonly #entries = new Map<string, { claims: AccessClaims; until: number }>();

  readonly #maxEntries: number;
  readonly #maxAgeMs: number;

  constructor(maxEntries = 2_000, maxAgeMs = 600_000) {
    this.#maxEntries = maxEntries;
    this.#maxAgeMs = maxAgeMs;
  }

  /** The claims of a token verified before and not expired since (`exp` itself still counts, as in fast-jwt). */
  get(token: string): AccessClaims | undefined {
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (Date.now() <= entry.until) return entry.claims;
    this.#entries.delete(token);
    return undefined;
  }

  set(token: string, claims: AccessClaims, expiresAtMs: number): void {
    // Oldest first: a Map iterates in insertion order.
    if (this.#entries.size >= this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(token, { claims, until: Math.min(expiresAtMs, Date.now() + this.#maxAgeMs) });
  }

  get size(): number {
    return this.#entries.size;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** An opaque refresh token and the hash we keep of it. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export const hashOpaqueToken = (token: string) => createHash('sha256').update(token).digest('hex');
