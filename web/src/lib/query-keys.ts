/**
 * Every TanStack Query key of the web app, in one place: one look-up has one key wherever it
 * is used, and a change invalidates a key (or a prefix of keys) named here, never a copy typed
 * by hand. A key is a path: invalidating `users.all` reaches every key that starts with it.
 */
export const queryKeys = {
  /** GET /v1/users/@me: the signed-in user (header, profile, what they may edit). */
  me: ['users', '@me'] as const,
  /** GET /v1/users/@me?includeSettings=true: the account page's fuller record. */
  account: ['account', 'settings'] as const,
  requestOrganisations: (platformId: string | null) =>
    ['account', 'request-organisations', platformId] as const,
  security: {
    sessions: ['users', '@me', 'sessions'] as const,
    mfaMethods: ['users', '@me', 'mfa-methods'] as const,
    recoveryCodes: ['users', '@me', 'mfa-recovery-codes'] as const,
    platformMfaMethods: (platformId: string | null) => ['platforms', platformId, 'mfa-methods'] as const,
  },
  users: {
    all: ['users'] as const,
    searches: ['users', 'search'] as const,
    search: (search: object) => ['users', 'search', search] as const,
    detail: (id: string) => ['users', 'detail', id] as const,
  },
  changeRequests: {
    all: ['change-requests'] as const,
    list: (search: object) => ['change-requests', 'list', search] as const,
    preview: (id: string) => ['change-requests', 'preview', id] as const,
  },
  organisations: {
    /** GET /v1/organisations/lookup: the platform's organisations for every picker. */
    options: ['organisations', 'lookup'] as const,
    pages: ['organisations', 'paginated'] as const,
    page: (query: string, page: number) => ['organisations', 'paginated', query, page] as const,
    one: (id: string) => ['organisations', id] as const,
    contacts: (id: string) => ['organisations', id, 'contacts'] as const,
    locations: (id: string) => ['organisations', id, 'locations'] as const,
    receivers: (id: string) => ['organisations', id, 'receivers'] as const,
    senderProfile: (id: string) => ['organisations', id, 'sender-profile'] as const,
  },
  /** GET /v1/receivers?organisationId=: the full receivers (E2B settings, transport) of one organisation. */
  receivers: {
    all: ['receivers'] as const,
    of: (organisationId: string) => ['receivers', organisationId] as const,
  },
  forms: {
    /** GET /v1/formviews: every form the administrator sees (drafts too). */
    views: ['forms', 'views'] as const,
    view: (id: string) => ['forms', 'view', id] as const,
    schema: (id: string) => ['forms', 'schema', id] as const,
    versions: (id: string) => ['forms', 'view', id, 'versions'] as const,
  },
  e2b: {
    /** GET /v1/reports/{id}: the case the E2B page is about. */
    validation: (id: string, profile: string) => ['e2b', 'validation', id, profile] as const,
    acknowledgements: (id: string) => ['e2b', 'acknowledgements', id] as const,
  },
  submissions: {
    all: ['submissions'] as const,
    lists: ['submissions', 'reports'] as const,
    list: (search: object) => ['submissions', 'reports', search] as const,
    summary: ['submissions', 'summary'] as const,
    report: (id: string) => ['submissions', 'report', id] as const,
    message: (id: string) => ['submissions', 'report', id, 'message'] as const,
    history: (id: string) => ['submissions', 'report', id, 'history'] as const,
    receivers: ['submissions', 'receivers'] as const,
    responses: (query: object) => ['submissions', 'responses', query] as const,
  },
  userGroups: {
    lists: ['user-groups', 'organisation'] as const,
    list: (organisationId: string | null) => ['user-groups', 'organisation', organisationId] as const,
    one: (id: string) => ['user-groups', id] as const,
    users: (id: string, search: unknown) => ['user-groups', id, 'users', search] as const,
    locations: (id: string, search: unknown) => ['user-groups', id, 'locations', search] as const,
  },
  invites: {
    lists: ['invites', 'list'] as const,
    list: (organisationId: string | null) => ['invites', 'list', organisationId] as const,
    preview: (token: string | null) => ['invites', 'preview', token] as const,
  },
  sso: {
    /** GET /v1/sso-providers for the sign-in page (the server finds the platform from the host). */
    signInProviders: ['sso', 'sign-in-providers'] as const,
    platformProviders: (platformId: string | null) => ['sso', 'sign-in-providers', platformId] as const,
    ownLinks: ['sso', 'identities', '@me'] as const,
  },
  integrations: {
    ssoProviders: ['integrations', 'sso-providers'] as const,
    ssoIdentities: (providerId: string) =>
      ['integrations', 'sso-providers', providerId, 'identities'] as const,
    applications: ['integrations', 'applications'] as const,
    applicationsOf: (organisationId: string | null) =>
      ['integrations', 'applications', organisationId] as const,
    apiKeys: ['integrations', 'api-keys'] as const,
    apiKeysOf: (organisationId: string | null) => ['integrations', 'api-keys', organisationId] as const,
  },
  referenceData: {
    /** GET /v1/meddras/versions: the MedDRA releases with their import progress. */
    meddraVersions: ['reference-data', 'meddra', 'versions'] as const,
    /** Everything of one organisation's terminology (entries and arrangements). */
    terminology: (organisationId: string | null) =>
      ['reference-data', 'terminology', organisationId] as const,
    /** GET /v1/terminology-entries (at most 500): the dictionary names an organisation has. */
    dictionaries: (organisationId: string | null) =>
      ['reference-data', 'terminology', organisationId, 'dictionaries'] as const,
    entries: (organisationId: string | null, search: object) =>
      ['reference-data', 'terminology', organisationId, 'entries', search] as const,
    dictionaryEntries: (organisationId: string | null, dictionary: string) =>
      ['reference-data', 'terminology', organisationId, 'dictionary', dictionary] as const,
    arrangements: (organisationId: string | null, dictionary: string) =>
      ['reference-data', 'terminology', organisationId, 'arrangements', dictionary] as const,
    arrangement: (id: string) => ['reference-data', 'arrangement', id] as const,
    /** Everything of one organisation's product list (products, list versions). */
    drugsOf: (organisationId: string | null) => ['reference-data', 'drugs', organisationId] as const,
    drugs: (organisationId: string | null, search: object) =>
      ['reference-data', 'drugs', organisationId, 'products', search] as const,
    drugLists: (organisationId: string | null) =>
      ['reference-data', 'drugs', organisationId, 'lists'] as const,
    drug: (id: string) => ['reference-data', 'drug', id] as const,
    idaps: (drugId: string, from: string, to: string) =>
      ['reference-data', 'idaps', drugId, from, to] as const,
    /** GET /v1/edqm: installation-wide dose forms and routes. */
    edqm: (search: object) => ['reference-data', 'edqm', search] as const,
    hospitals: (organisationId: string | null, search: object) =>
      ['reference-data', 'hospitals', organisationId, search] as const,
  },
};
