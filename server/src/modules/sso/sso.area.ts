import type { Area } from '../../platform/area.ts';
import { subjectTaken } from './sso.identities.ts';
import { ssoProviderPolicy } from './sso.policy.ts';
import { deleteExpiredSsoRows } from './sso.repository.ts';
import { ssoRoutes } from './sso.routes.ts';

/** The sso area: what it adds to the server (see platform/area.ts). */
export const ssoArea = {
  name: 'sso',
  routes: ssoRoutes,
  policies: { ssoProviders: ssoProviderPolicy },
  sealed: [{ table: 'sso_providers', column: 'client_secret_encrypted', purpose: 'sso-client-secret' }],
  conflicts: {
    // An administrator's mapping (POST /v1/sso-provider/{id}/identities) of a subject already linked.
    user_identities_provider_id_issuer_subject_key: { field: 'body/subject', message: subjectTaken },
  },
  jobs: ({ db }) => [
    {
      name: 'sso.prune-sign-in-states',
      cron: '*/15 * * * *',
      handler: async () => {
        await deleteExpiredSsoRows(db);
      },
    },
  ],
  audit: {
    'sso.sign_in_refused': {},
    'sso_provider.created': {},
    'sso_provider.updated': {},
    'sso_provider.deleted': {},
    'user.identity_linked': {},
    'user.identity_unlinked': {},
  },
} satisfies Area;
