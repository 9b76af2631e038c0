import * as oidc from 'openid-client';
import type { ProviderRow } from './sso.repository.ts';

/**
 * The OpenID Connect client side (openid-client v6): discovery, the authorization URL with
 * PKCE S256, and the code exchange with ID-token validation (signature, issuer, audience,
 * expiry, nonce). Discovered configurations are cached per process by provider and version.
 */
const cache = new Map<string, Promise<oidc.Configuration>>();

export interface ProviderConnection {
  row: ProviderRow;
  clientSecret: string | null;
  /** Plain http issuers are allowed outside production only (local identity providers, tests). */
  allowHttp: boolean;
}

export function configurationFor({
  row,
  clientSecret,
  allowHttp,
}: ProviderConnection): Promise<oidc.Configuration> {
  const key = `${row.id}:${row.updated_at.getTime()}`;
  let found = cache.get(key);
  if (!found) {
    const insecure = allowHttp && new URL(row.issuer_url).protocol === 'http:';
    found = oidc.discovery(
      new URL(row.issuer_url),
      row.client_id,
      undefined,
      clientSecret === null ? oidc.None() : oidc.ClientSecretBasic(clientSecret),
      { execute: insecure ? [oidc.allowInsecureRequests] : [], timeout: 10 },
    );
    found.catch(() => cache.delete(key));
    cache.set(key, found);
  }
  return found;
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
  };
}
