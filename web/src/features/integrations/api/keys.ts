/** TanStack Query keys of this feature, so mutations invalidate exactly what they change. */
export const integrationKeys = {
  ssoProviders: ['integrations', 'sso-providers'] as const,
  ssoIdentities: (providerId: string) => ['integrations', 'sso-providers', providerId, 'identities'] as const,
  applications: ['integrations', 'applications'] as const,
  apiKeys: ['integrations', 'api-keys'] as const,
  organisations: ['integrations', 'organisations'] as const,
};
