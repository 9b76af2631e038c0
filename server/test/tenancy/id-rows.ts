import { randomUUID } from 'node:crypto';
import { type Call, type Caller, fixtures, type World } from '../permissions/fixtures.ts';
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
 *   may call). `call` instead, for a public door with no fixture (`mine` makes a home
 *   organisation's object of a kind); `adjust` and `fill` complete the fixture's request.
 * - `otherPlatform`: the object is the platform's (shared by its organisations by design,
 *   decision 0050), or the caller is a platform administrator: only another platform's is
 *   foreign. Always so for `kind: 'platform'`.
 * - `answer: 'none'`: a filter of a search, which matches nothing outside the caller's scope
 *   (decision 0138), a bulk action that answers per case, or a property the route does not
 *   read: 2xx with none of the foreign tenant's data; otherwise the answer is a refusal that
 *   says nothing (decision 0313).
 * - `exempt`: the id names nothing a tenant owns (the reason says why); nothing is tried.
 */
export type IdRow =
  | {
      kind: Kind;
      target?: string;
      call?: (home: World, caller: Caller, mine: (kind: Kind) => Promise<string>) => Promise<Call>;
      /** Changes the fixture's request so that the parameter is read (a duplicate names its case). */
      adjust?: (call: Call) => Call;
      /** The other properties of the object the id goes in, when the fixture has none. */
      fill?: Record<string, unknown>;
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

const signIn: IdRow = {
  exempt:
    'sign-in: the account is looked up on that platform (another one: wrong email or password), and the organisation is chosen among its own as for POST /v1/login, tried here',
};
const secondStep: IdRow = {
  exempt:
    "the second step of a sign-in named by its own step token; the organisation is chosen among the user's as for POST /v1/login",
};
const refresh: IdRow = {
  exempt:
    "a refresh names the session's own user, platform and organisation, checked against the refresh token's (auth tests); a second use revokes the family, so no pair of calls can be compared",
};
const resetDoor: IdRow = {
  exempt:
    'public door that answers the same whatever it is given, so as not to say which accounts exist (decision 0010)',
};
const reporterText: IdRow = {
  exempt: "a text the reporter's own app gives its reports, not an id of ours",
};
const senderText: IdRow = {
  exempt: "a text matched against the cases' own sender field (C.3), within the caller's cases",
};
const clientId: IdRow = {
  exempt: 'the OpenID Connect client id Vigilo has at the provider, not an id of ours',
};
const watchlist: IdRow = {
  exempt:
    "any item's type and key, only remembered in the caller's own list: the areas that own the items decide what a follower sees of them",
};

const unread = (kind: Kind): IdRow => ({ kind, answer: 'none' });
/** An arrangement's items (made by `key`'s fixture): one home entry, whose parent is the id tried. */
const arrangementItems =
  (key: string) =>
  async (w: World, c: Caller, mine: (kind: Kind) => Promise<string>): Promise<Call> => {
    const call = await fixtures[key]!(w, c);
    return { ...call, body: { ...(call.body as object), items: [{ entryId: await mine('entry') }] } };
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
  'GET /v1/reports query.regulatorSenderId': senderText,
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
  // Ids in a body.
  'PATCH /v1/terminology-arrangements/{id} body.items[].entryId': { kind: 'entry' },
  'PATCH /v1/terminology-arrangements/{id} body.items[].parentEntryId': {
    kind: 'entry',
    call: arrangementItems('PATCH /v1/terminology-arrangements/{id}|an arrangement of your organisation'),
  },
  'PATCH /v1/terminology-entries/{id} body.parentId': { kind: 'entry' },
  'POST /v1/account/request body.organisationId': {
    kind: 'organisation',
    call: async () => ({
      body: {
        email: `asker-${randomUUID().slice(0, 8)}@example.test`,
        firstName: 'Asker',
        lastName: 'Tenancy',
        password: 'correct horse battery staple',
      },
    }),
    otherPlatform:
      'anyone may ask to join an organisation of the platform that takes requests (decision 0017)',
  },
  'POST /v1/acknowledgements body.reportId': { kind: 'report' },
  'POST /v1/acknowledgements/xml-url body.ids': { kind: 'acknowledgement' },
  'POST /v1/api-keys body.applicationId': { kind: 'application' },
  // The key is the application's organisation's; the body's organisationId is not read.
  'POST /v1/api-keys body.organisationId': unread('organisation'),
  'POST /v1/applications body.organisationId': org,
  'POST /v1/applications/default body.id': { kind: 'application' },
  'POST /v1/applications/default body.organisationId': org,
  'POST /v1/conditions body.organisationId': org,
  'POST /v1/drugs/export-url body.organisationId': org,
  'POST /v1/exports body.organisationId': org,
  'POST /v1/files/bulk-download-url body.ids': { kind: 'file' },
  'POST /v1/files/upload-link body.organisationId': org,
  'POST /v1/files/upload/complete body.uploadId': { kind: 'upload' },
  'POST /v1/files/upload/start body.organisationId': org,
  'POST /v1/files/upload/url body.uploadId': { kind: 'upload' },
  'POST /v1/formversion body.formSchemaId': { kind: 'formSchema' },
  'POST /v1/formversion body.formViewId': { kind: 'formView' },
  'POST /v1/formviews body.organisationId': org,
  'POST /v1/formviews body.templateId': { kind: 'formView' },
  'POST /v1/hospitals body.organisationId': org,
  'POST /v1/idaps/snapshots body.organisationId': org,
  'POST /v1/integration-management/conditions body.organisationId': org,
  // Which organisation the new session works in: a wish among the user's own, never a reference.
  'POST /v1/login body.organisationId': {
    kind: 'organisation',
    answer: 'none',
    call: async (w, c) => ({
      body: { email: c.user!.email, password: c.user!.password, platformId: w.tenant.platformId },
    }),
  },
  'POST /v1/login body.platformId': signIn,
  'POST /v1/login/assessor body.organisationId': signIn,
  'POST /v1/login/assessor body.platformId': signIn,
  'POST /v1/login/recovery body.organisationId': secondStep,
  'POST /v1/login/recovery body.sessionId': secondStep,
  'POST /v1/login/verify body.organisationId': secondStep,
  'POST /v1/login/verify body.sessionId': secondStep,
  'POST /v1/logout body.pushInstanceId': {
    exempt: "the device's own push registration, named by the app; only the caller's session is ended",
  },
  // The new organisation is on the session's platform; the body's platformId is not read.
  'POST /v1/organisation body.platformId': { kind: 'platform', as: 'platform_admin', answer: 'none' },
  'POST /v1/organisation-invite body.organisationId': org,
  'POST /v1/report body.attachmentFields[].id': {
    exempt: "the name of a field of the report's own form that holds an attachment",
  },
  'POST /v1/report body.currentReportId': { kind: 'report' },
  // The sender's own reference: a new case of the caller's, never a follow-up of another organisation's.
  'POST /v1/report body.extReportId': { kind: 'caseReference', answer: 'none' },
  'POST /v1/report body.followUpUserId': { kind: 'user' },
  'POST /v1/report body.formSchemaId': { kind: 'formSchema' },
  'POST /v1/report body.formViewVersionId': { kind: 'formVersion' },
  'POST /v1/report body.organisationId': {
    kind: 'organisation',
    otherPlatform:
      'a report may be sent to any organisation of the platform (the public landing, decision 0275)',
  },
  'POST /v1/report body.sourceId': reporterText,
  'POST /v1/report body.userId': { kind: 'user' },
  'POST /v1/report/{id}/assign body.userId': { kind: 'user' },
  'POST /v1/reports/{id}/causality body.drugId': { kind: 'caseDrug' },
  'POST /v1/reports/{id}/causality body.reactionId': { kind: 'caseReaction' },
  'POST /v1/reports/bulk/assign body.ids': { kind: 'report', answer: 'none' },
  // Answered per case: each one refused, naming no caseworker.
  'POST /v1/reports/bulk/assign body.userId': { kind: 'user', answer: 'none' },
  'POST /v1/reports/bulk/status body.ids': { kind: 'report', answer: 'none' },
  'POST /v1/reports/export body.application': search('application'),
  'POST /v1/reports/export body.assignee': search('user'),
  'POST /v1/reports/export body.extReportId': search('caseReference'),
  'POST /v1/reports/export body.ids': search('report'),
  'POST /v1/reports/export body.includeFormviews': search('formView'),
  'POST /v1/reports/export body.locations': search('location'),
  'POST /v1/reports/export body.organisationId': org,
  'POST /v1/reports/export body.regulatorSenderId': senderText,
  'POST /v1/reports/json2xml body.organisationId': org,
  'POST /v1/reset-password body.platformId': resetDoor,
  'POST /v1/reset-password body.themeId': resetDoor,
  'POST /v1/reset-password body.websiteId': resetDoor,
  'POST /v1/saved-searches body.organisationId': org,
  'POST /v1/setup/totp/verify body.factorSid': { kind: 'factor' },
  'POST /v1/sso-provider/{id} body.autoCreateOrganisationId': { kind: 'organisation', as: 'platform_admin' },
  'POST /v1/sso-provider/{id} body.clientId': clientId,
  'POST /v1/sso/link body.providerId': {
    kind: 'provider',
    otherPlatform: "a provider is the platform's (decision 0050)",
  },
  'POST /v1/submissions/distribute body.reportId': { kind: 'report' },
  'POST /v1/submissions/distribute body.resources': { kind: 'receiver' },
  'POST /v1/submissions/preview body.reportId': { kind: 'report' },
  'POST /v1/submissions/responses body.organisationId': org,
  'POST /v1/terminology-arrangements body.items[].entryId': { kind: 'entry' },
  'POST /v1/terminology-arrangements body.items[].parentEntryId': {
    kind: 'entry',
    call: arrangementItems('POST /v1/terminology-arrangements|your organisation'),
  },
  'POST /v1/terminology-arrangements body.organisationId': org,
  'POST /v1/terminology-entries body.organisationId': org,
  'POST /v1/terminology-entries body.parentId': { kind: 'entry' },
  'POST /v1/token body.organisationId': refresh,
  'POST /v1/token body.platformId': refresh,
  'POST /v1/token body.userId': refresh,
  'POST /v1/user-groups body.organisationId': org,
  'POST /v1/users body.memberships[].organisationId': org,
  'POST /v1/users/@me/edit-watchlist body.follow[].id': watchlist,
  'POST /v1/users/@me/edit-watchlist body.unfollow[].id': watchlist,
  'POST /v1/users/export body.organisationId': org,
  'POST /v1/users/export body.platformId': { kind: 'platform' },
  'PUT /v1/applications/{id} body.organisationId': org,
  'PUT /v1/auth-context body.organisationId': org,
  'PUT /v1/auth-context body.platformId': { kind: 'platform' },
  'PUT /v1/change-requests/{id}/approve body.organisationId': org,
  'PUT /v1/change-requests/{id}/approve body.userId': { kind: 'user' },
  'PUT /v1/change-requests/{id}/decline body.organisationId': org,
  'PUT /v1/change-requests/{id}/decline body.userId': { kind: 'user' },
  'PUT /v1/conditions body.id': { kind: 'condition' },
  'PUT /v1/formversion body.formSchemaId': { kind: 'formSchema' },
  'PUT /v1/formversion body.formViewId': { kind: 'formView' },
  'PUT /v1/formversion body.id': { kind: 'formVersion' },
  'PUT /v1/formview/{id} body.formSchemaId': { kind: 'formSchema' },
  'PUT /v1/formview/{id} body.layout.sections[].id': {
    exempt: "the key of a section inside the form's own layout",
  },
  'PUT /v1/report/{id} body.attachmentFields[].id': {
    exempt: "the name of a field of the report's own form that holds an attachment",
  },
  // Read when a report is made (POST), not when a draft is saved: the draft is the path's.
  'PUT /v1/report/{id} body.currentReportId': unread('report'),
  'PUT /v1/report/{id} body.extReportId': { kind: 'caseReference', answer: 'none' },
  'PUT /v1/report/{id} body.followUpUserId': unread('user'),
  'PUT /v1/report/{id} body.formSchemaId': { kind: 'formSchema' },
  'PUT /v1/report/{id} body.formViewVersionId': { kind: 'formVersion' },
  'PUT /v1/report/{id} body.organisationId': {
    kind: 'organisation',
    otherPlatform:
      'a report may be sent to any organisation of the platform (the public landing, decision 0275)',
  },
  'PUT /v1/report/{id} body.sourceId': reporterText,
  'PUT /v1/report/{id} body.userId': unread('user'),
  'PUT /v1/reports/{id}/status body.duplicateOf': {
    kind: 'report',
    adjust: (call) => ({
      ...call,
      body: { ...(call.body as object), status: 'duplicate', reason: 'Tenancy test' },
    }),
  },
  // A saved search stays in the organisation it was made in; the body's is not read.
  'PUT /v1/saved-searches/{id} body.organisationId': unread('organisation'),
  'PUT /v1/sso-provider/{id} body.autoCreateOrganisationId': { kind: 'organisation', as: 'platform_admin' },
  'PUT /v1/sso-provider/{id} body.clientId': clientId,
  'PUT /v1/user-groups/{id}/locations body.assigned': { kind: 'location' },
  // Taking out what is not in the group changes nothing (204), whoever's the id is.
  'PUT /v1/user-groups/{id}/locations body.unassigned': { kind: 'location', answer: 'none' },
  'PUT /v1/user-groups/{id}/users body.assigned': { kind: 'user' },
  'PUT /v1/user-groups/{id}/users body.unassigned': { kind: 'user', answer: 'none' },
  'PUT /v1/users/{id} body.memberships[].organisationId': {
    kind: 'organisation',
    fill: { role: 'reporter' },
  },
  'PUT /v1/users/{id} body.requestMembership.organisationId': {
    kind: 'organisation',
    target: '@me (first name)',
    fill: { role: 'reporter' },
    otherPlatform: 'a user may ask to join any organisation of its platform (decision 0050: platformScope)',
  },
  'PUT /v1/users/{id}/organisation-preferences body.items[].organisationId': {
    kind: 'organisation',
    fill: { preferences: {} },
  },
  'PUT /v1/users/@me/mfa-methods body.factorSid': { kind: 'factor' },
};
