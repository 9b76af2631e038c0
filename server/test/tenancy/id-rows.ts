import type { Call, World } from '../permissions/fixtures.ts';
import type { Kind } from './id-makers.ts';

/**
 * The table of ids named in a query or a body (tenancy-ids.test.ts), written by hand: for
 * every id-like parameter the OpenAPI document lists (tenancy/id-params.ts), the kind of
 * foreign object its id names, or why it has none. A parameter with no row fails the test,
 * so a new route's ids cannot slip by; a row for a parameter that is gone fails too.
 *
 * - `kind`: the foreign object whose id is sent (tenancy/id-makers.ts makes it).
 * - `target`: the docs/permissions.csv row whose fixture makes an otherwise valid request of
 *   the home organisation (default: the operation's first row an organisation administrator
 *   may call). `call` instead, for a public door with no fixture.
 * - `otherPlatform`: the object is the platform's (shared by its organisations by design,
 *   decision 0050), or the caller is a platform administrator: only another platform's is
 *   foreign. Always so for `kind: 'platform'`.
 * - `answer: 'none'`: a filter of a search, which matches nothing outside the caller's scope
 *   (decision 0138) and answers 2xx with none of the foreign tenant's data; otherwise the
 *   answer is a refusal that says nothing (decision 0313).
 * - `exempt`: the id names nothing a tenant owns (the reason says why); nothing is tried.
 */
export type IdRow =
  | {
      kind: Kind;
      target?: string;
      call?: (home: World) => Promise<Call>;
      otherPlatform?: string;
      as?: 'platform_admin';
      answer?: 'none';
    }
  | { exempt: string };

const org: IdRow = { kind: 'organisation' };
const search = (kind: Kind): IdRow => ({ kind, answer: 'none' });
const homeOrg = (w: World) => w.tenant.organisationIds[0];
const installationWide = {
  exempt: 'a MedDRA release is installation-wide: every platform codes with the same ones (decision 0111)',
};

export const idRows: Record<string, IdRow> = {
  'DELETE /v1/conditions query.id': { kind: 'condition' },
  'DELETE /v1/users/@me/mfa-methods query.factorSid': { kind: 'factor' },
  'GET /v1/account/request/organisations query.platformId': {
    exempt:
      'public by design: the account request page lists the organisations of the platform it is on (decision 0017)',
  },
  'GET /v1/acknowledgements/xml query.ids': {
    exempt:
      'a signed link: the ids are part of what its signature covers, so changing one voids it (e2b tests)',
  },
  'GET /v1/api-keys query.organisationId': org,
  'GET /v1/applications query.organisationId': org,
  'GET /v1/applications/default query.organisationId': org,
  'GET /v1/change-requests query.organisationIds': search('organisation'),
  'GET /v1/change-requests query.userId': search('user'),
  'GET /v1/drugs query.organisationId': org,
  'GET /v1/drugs/csv query.organisationId': org,
  'GET /v1/drugs/idaps query.drugId': { kind: 'drug' },
  'GET /v1/drugs/lists query.organisationId': org,
  // The fixture looks up by code, and the route takes one of ids, code or number.
  'GET /v1/drugs/lookup query.ids': {
    ...search('drug'),
    call: async (w) => ({ query: { organisationId: homeOrg(w) } }),
  },
  'GET /v1/drugs/lookup query.organisationId': org,
  'GET /v1/drugs/search query.organisationId': org,
  'GET /v1/exports query.organisationId': org,
  'GET /v1/files/organisation/{organisationId} query.reportId': search('report'),
  'GET /v1/formviews query.platformId': search('platform'),
  'GET /v1/hospitals query.organisationId': org,
  'GET /v1/hospitals/lookup query.ids': search('hospital'),
  'GET /v1/hospitals/lookup query.organisationId': org,
  'GET /v1/idaps query.organisationId': org,
  'GET /v1/idaps/lookup query.organisationId': org,
  'GET /v1/idaps/snapshots query.organisationId': org,
  'GET /v1/meddras query.versionId': installationWide,
  'GET /v1/meddras/lookup query.versionId': installationWide,
  'GET /v1/meddras/search query.versionId': installationWide,
  'GET /v1/organisations query.platformId': search('platform'),
  'GET /v1/platforms/{id}/medicine-names query.organisationId': {
    kind: 'organisation',
    call: async (w) => ({ params: { id: w.tenant.platformId }, query: { query: 'lis' } }),
    otherPlatform: 'public by design for the organisations of the platform in the path (decision 0279)',
  },
  'GET /v1/platforms/{id}/reporting query.organisationId': {
    kind: 'organisation',
    answer: 'none',
    call: async (w) => ({ params: { id: w.tenant.platformId } }),
    otherPlatform: 'the public landing lists what each organisation of the platform in the path takes',
  },
  'GET /v1/receivers query.organisationId': org,
  'GET /v1/report/{id}/location-change-check query.locations': { kind: 'location' },
  'GET /v1/reports query.application': search('application'),
  'GET /v1/reports query.assignee': search('user'),
  'GET /v1/reports query.extReportId': search('caseReference'),
  'GET /v1/reports query.ids': search('report'),
  'GET /v1/reports query.includeFormviews': search('formView'),
  'GET /v1/reports query.locations': search('location'),
  'GET /v1/reports query.organisationId': search('organisation'),
  'GET /v1/reports query.regulatorSenderId': {
    exempt: "a text matched against the cases' own sender field (C.3), within the caller's cases",
  },
  'GET /v1/resources query.organisationId': org,
  'GET /v1/sso-providers query.platformId': {
    exempt: 'public by design: the sign-in page lists the providers of its platform',
  },
  'GET /v1/sso-providers/manage query.platformId': { kind: 'platform', as: 'platform_admin' },
  'GET /v1/submissions query.receiverId': search('receiver'),
  'GET /v1/submissions query.reportId': search('report'),
  'GET /v1/submissions/reports query.receiverId': search('receiver'),
  'GET /v1/submissions/reports query.reportId': search('report'),
  'GET /v1/terminology-arrangements query.organisationId': org,
  'GET /v1/terminology-entries query.organisationId': org,
  'GET /v1/terminology-entries/dictionary/{dictionary} query.organisationId': org,
  'GET /v1/terminology-entries/paginated query.organisationId': org,
  'GET /v1/terminology-entries/reference/{reference} query.organisationId': org,
  'GET /v1/users query.organisationIds': search('organisation'),
  'GET /v1/users query.roleIds': { exempt: 'built-in role names, the same on every platform' },
  'POST /v1/drugs/upload/list query.organisationId': org,
  'POST /v1/drugs/upload/list/preview query.organisationId': org,
  'POST /v1/drugs/upload/meta query.organisationId': org,
  'GET /v1/users/@me/cases query.sourceId': {
    exempt: "a text the reporter's own app gave its reports; filters the caller's own reports only",
  },
};
