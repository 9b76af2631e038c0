import { type Static, Type } from 'typebox';
import { Id, Timestamp } from './common.ts';
import { MfaMethodName } from './platforms.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Scope = Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$', maxLength: 100 });
const Domain = Type.String({ pattern: '^[A-Za-z0-9.-]+\\.[A-Za-z]{2,}$', maxLength: 253 });

/**
 * An OpenID Connect provider of a platform, as administrators see it. The client secret is
 * write-only: it is stored encrypted and only `hasClientSecret` says whether one is set.
 */
export const SsoProvider = Type.Object({
  id: Id,
  platformId: Id,
  name: Type.String(),
  issuerUrl: Type.String(),
  clientId: Type.String(),
  hasClientSecret: Type.Boolean(),
  scopes: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  /** Email domains allowed to sign in through this provider; empty = any. */
  allowedEmailDomains: Type.Array(Type.String()),
  /** Create a reporter account on first sign-in when no account has the (verified) email. */
  autoCreateUsers: Type.Boolean(),
  /** The organisation new accounts become reporters of (required with autoCreateUsers). */
  autoCreateOrganisationId: Type.Union([Id, Type.Null()]),
  /**
   * The administrator trusts the provider's own MFA: a sign-in whose ID token says MFA was
   * done (`amr` contains "mfa", or a multi-factor `acr`) skips Vigilo's second factor.
   */
  trustedForMfa: Type.Boolean(),
  /** When the provider's discovery document was last read (on saving); null: never, it cannot be used. */
  discoveredAt: Type.Union([Timestamp, Type.Null()]),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type SsoProvider = Static<typeof SsoProvider>;

const providerFields = {
  name: Name,
  issuerUrl: Type.String({ format: 'uri', maxLength: 500 }),
  clientId: Type.String({ minLength: 1, maxLength: 500 }),
  clientSecret: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
  scopes: Type.Optional(Type.Array(Scope, { maxItems: 20, uniqueItems: true })),
  enabled: Type.Optional(Type.Boolean()),
  allowedEmailDomains: Type.Optional(Type.Array(Domain, { maxItems: 50, uniqueItems: true })),
  autoCreateUsers: Type.Optional(Type.Boolean()),
  autoCreateOrganisationId: Type.Optional(Type.Union([Id, Type.Null()])),
  trustedForMfa: Type.Optional(Type.Boolean()),
};

/** POST /v1/sso-provider/{id}: `{id}` is the platform that will own the provider (decision 0015). */
export const SsoProviderCreateBody = Type.Object(providerFields, { additionalProperties: false });
export type SsoProviderCreateBody = Static<typeof SsoProviderCreateBody>;

/** PUT /v1/sso-provider/{id}: every field optional; an absent clientSecret keeps the stored one. */
export const SsoProviderUpdateBody = Type.Object(
  {
    ...providerFields,
    name: Type.Optional(Name),
    issuerUrl: Type.Optional(providerFields.issuerUrl),
    clientId: Type.Optional(providerFields.clientId),
  },
  { additionalProperties: false },
);
export type SsoProviderUpdateBody = Static<typeof SsoProviderUpdateBody>;

/** A sign-in button of the login page: no configuration, no secrets. */
export const SsoProviderLink = Type.Object({
  id: Id,
  name: Type.String(),
  /** Where the browser goes to start signing in (GET, a redirect to the provider). */
  startUrl: Type.String(),
});
export type SsoProviderLink = Static<typeof SsoProviderLink>;

/** GET /v1/sso-providers: platformId, else the platform whose domain is the request's host. */
export const SsoProviderLinksQuery = Type.Object({ platformId: Type.Optional(Id) });

/** GET /v1/sso-providers/manage: administrators' list; platformId defaults to the caller's. */
export const SsoProviderListQuery = Type.Object({ platformId: Type.Optional(Id) });

/** GET /v1/sso/{providerId}/start */
export const SsoStartParams = Type.Object({ providerId: Id });
export const SsoStartQuery = Type.Object({
  /** An app path to return to after signing in (e.g. `/profile`); other values are ignored. */
  returnTo: Type.Optional(Type.String({ maxLength: 500 })),
});

/** GET /v1/sso/callback: what the provider sends back (RFC 6749 §4.1.2, RFC 9207). */
export const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4000 })),
    state: Type.Optional(Type.String({ maxLength: 200 })),
    iss: Type.Optional(Type.String({ maxLength: 500 })),
    error: Type.Optional(Type.String({ maxLength: 200 })),
    error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    session_state: Type.Optional(Type.String({ maxLength: 500 })),
  },
  // Providers add parameters of their own (scope, authuser, prompt...): ignore them.
  { additionalProperties: true },
);

/**
 * An SSO identity (issuer + subject) linked to an account: by the account holder (POST
 * /v1/sso/link), by an administrator, or when the provider created the account.
 */
export const SsoIdentity = Type.Object({
  id: Id,
  userId: Id,
  userEmail: Type.String(),
  /** Null when the provider was deleted (the identity stays, decision 0015). */
  providerId: Type.Union([Id, Type.Null()]),
  providerName: Type.Union([Type.String(), Type.Null()]),
  issuer: Type.String(),
  subject: Type.String(),
  /** The email the provider last sent for this identity. */
  email: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
  lastLoginAt: Timestamp,
});
export type SsoIdentity = Static<typeof SsoIdentity>;

/**
 * POST /v1/sso/link: the signed-in user links an identity at a provider to their own account.
 * The current password, and a code of the second factor when the account has one, prove it is them.
 */
export const SsoLinkBody = Type.Object(
  {
    providerId: Id,
    currentPassword: Type.String({ minLength: 1, maxLength: 1024 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    method: Type.Optional(MfaMethodName),
    /** An app path to return to afterwards (default /account/security). */
    returnTo: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type SsoLinkBody = Static<typeof SsoLinkBody>;

/** Where the browser goes next to sign in at the provider (the same redirect as a sign-in's start). */
export const SsoLinkStart = Type.Object({ location: Type.String() });
export type SsoLinkStart = Static<typeof SsoLinkStart>;

/** POST /v1/sso-provider/{id}/identities: an administrator links a provider subject to an account. */
export const SsoIdentityCreateBody = Type.Object(
  {
    /** The account's email on the provider's platform. */
    email: Type.String({ minLength: 3, maxLength: 320 }),
    /** The account's subject (`sub`) at the provider, as the provider's directory shows it. */
    subject: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
export type SsoIdentityCreateBody = Static<typeof SsoIdentityCreateBody>;

export const SsoIdentityParams = Type.Object({ id: Id, identityId: Id });

/** POST /v1/sso/exchange: the one-time code the callback put in the web app's URL fragment. */
export const SsoExchangeBody = Type.Object(
  { code: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type SsoExchangeBody = Static<typeof SsoExchangeBody>;
