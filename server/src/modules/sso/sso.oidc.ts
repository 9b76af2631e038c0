import * as oidc from 'openid-client';
import { type OutboundFetch, OutboundRefusedError } from '../../platform/outbound-http.ts';
import type { ProviderRow } from './sso.repository.ts';

/**
 * The OpenID Connect client side (openid-client v6): discovery, the authorization URL with
 * PKCE S256, and the code exchange with ID-token validation (signature, issuer, audience,
 * expiry, nonce). Every request goes through the guarded outbound fetch. Discovery runs when
 * an administrator saves a provider; sign-ins build the configuration from the stored
 * document, so starting one fetches nothing (decision 0030).
 */

/** Seconds each request to a provider may take. */
const TIMEOUT_SECONDS = 10;

interface Connection {
  issuerUrl: string;
  /** Plain http issuers are allowed outside production only (local identity providers, tests). */
  allowHttp: boolean;
  fetch: OutboundFetch;
}

// The same call at run time; only TypeScript's Uint8Array generics keep the two types apart.
const customFetch = (c: Connection) => c.fetch as unknown as oidc.CustomFetch;

const insecure = (c: Connection) => c.allowHttp && new URL(c.issuerUrl).protocol === 'http:';

/** The reason a discovery failed, as an administrator can act on it. */
export function failureReason(error: unknown): { refused: boolean; reason: string } {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof OutboundRefusedError) return { refused: true, reason: e.message };
  }
  const first = error instanceof Error ? error : null;
  const cause = first?.cause instanceof Error ? `: ${first.cause.message}` : '';
  return { refused: false, reason: first ? `${first.message}${cause}` : 'unknown error' };
}

/** Fetches and checks the provider's discovery document (its `issuer` must be the URL given). */
export async function discover(c: Connection): Promise<Record<string, unknown>> {
  const config = await oidc.discovery(new URL(c.issuerUrl), 'vigilo', undefined, oidc.None(), {
    execute: insecure(c) ? [oidc.allowInsecureRequests] : [],
    timeout: TIMEOUT_SECONDS,
    [oidc.customFetch]: customFetch(c),
  });
  // A plain copy: what is stored is the document, not the helper methods around it.
  return JSON.parse(JSON.stringify(config.serverMetadata())) as Record<string, unknown>;
}

/** Configurations are kept per provider version: they hold the provider's cached signing keys. */
const cache = new Map<string, oidc.Configuration>();

export interface ProviderConnection extends Connection {
  row: ProviderRow & { metadata: Record<string, unknown> };
  clientSecret: string | null;
}

/** The client configuration of a discovered provider, from its stored document (no request). */
export function configurationFor(c: ProviderConnection): oidc.Configuration {
  const key = `${c.row.id}:${c.row.updated_at.getTime()}`;
  let config = cache.get(key);
  if (!config) {
    config = new oidc.Configuration(
      c.row.metadata as unknown as oidc.ServerMetadata,
      c.row.client_id,
      undefined,
      c.clientSecret === null ? oidc.None() : oidc.ClientSecretBasic(c.clientSecret),
    );
    config[oidc.customFetch] = customFetch(c);
    config.timeout = TIMEOUT_SECONDS;
    if (insecure(c)) oidc.allowInsecureRequests(config);
    for (const old of cache.keys()) if (old.startsWith(`${c.row.id}:`)) cache.delete(old);
    cache.set(key, config);
  }
  return config;
}

export const newSignInSecrets = async () => {
  const codeVerifier = oidc.randomPKCECodeVerifier();
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier,
    codeChallenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
  };
};

export function authorizationUrl(
  config: oidc.Configuration,
  p: { redirectUri: string; scopes: string[]; state: string; nonce: string; codeChallenge: string },
): URL {
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: p.redirectUri,
    scope: p.scopes.join(' '),
    state: p.state,
    nonce: p.nonce,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
  });
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** The ID token's authentication methods (RFC 8176) and context class, as the provider sent them. */
  amr: string[];
  acr: string | null;
}

/**
 * Exchanges the code and validates the ID token; the email comes from the ID token, else
 * from the userinfo endpoint (providers that keep scope claims out of the ID token).
 */
export async function completeSignIn(
  config: oidc.Configuration,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<VerifiedIdentity> {
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('The provider sent no ID token');
  let info: Record<string, unknown> = claims;
  if (typeof claims.email !== 'string' && config.serverMetadata().userinfo_endpoint) {
    info = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    issuer: claims.iss,
    subject: claims.sub,
    email: typeof info.email === 'string' ? info.email : null,
    emailVerified: info.email_verified === true,
    givenName: text(info.given_name).slice(0, 200),
    familyName: text(info.family_name).slice(0, 200),
    // From the ID token only: userinfo says nothing about how this sign-in was authenticated.
    amr: Array.isArray(claims.amr) ? claims.amr.filter((m): m is string => typeof m === 'string') : [],
    acr: typeof claims.acr === 'string' ? claims.acr : null,
  };
}
