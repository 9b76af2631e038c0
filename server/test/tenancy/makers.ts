/**
 * The cross-tenant matrix's table of resource makers (tenancy-matrix.test.ts): for every
 * operation of the OpenAPI document that names an object in its path, how to make that
 * object in a foreign organisation. A maker names a row of docs/permissions.csv
 * (`operation|target`); its fixture (server/test/permissions) is run in the foreign
 * organisation's world, so the object is made through the API exactly as the permission
 * matrix makes its own. Written by hand: a new operation with an id and no row here fails
 * the matrix, so a route cannot be forgotten.
 *
 * - `target`: the permission row whose fixture makes the object.
 * - `samePlatform`: the object is the platform's, shared by all of its organisations (the
 *   reason says why); only the other platform's is tried.
 * - `exempt`: not tenant-scoped at all (the reason says why); nothing is tried.
 */
export type Maker = { target: string; samePlatform?: string } | { exempt: string };

const platformLevel = 'a platform-level object: every organisation of the platform shares it (decision 0050)';
const platformForm =
  'a form of the platform (not of an organisation): every organisation of it files with it';
const isPublic = (why: string) => ({ exempt: `public by design: ${why}` });

export const makers: Record<string, Maker> = {
  'DELETE /v1/api-keys/{id}': { target: 'a key of your organisation' },
  'DELETE /v1/applications/{id}': { target: 'an application of your organisation' },
  'DELETE /v1/files/{id}': { target: 'a file of your organisation' },
  'DELETE /v1/hospitals/{id}': { target: 'a hospital of your organisation' },
  'DELETE /v1/integration-management/conditions/{id}': { target: 'a condition of your organisation' },
  'DELETE /v1/organisation/{id}/invites/{inviteId}': { target: 'an open invite of your organisation' },
  'DELETE /v1/organisation/{id}/receivers/{receiverId}': {
    target: 'a receiver of your organisation with no submissions',
  },
  'DELETE /v1/report/draft/{id}': { target: "another reporter's draft in your organisation" },
  'DELETE /v1/report/{id}/name': { target: "another reporter's report in your organisation" },
  'DELETE /v1/report/{id}/share/organisation/{organisationId}': {
    target: 'a share of a case of your organisation',
  },
  'DELETE /v1/reports/{id}': { target: 'a case of your organisation' },
  'DELETE /v1/resources/{id}': { target: 'a resource of your organisation' },
  // The foreign organisation's administrator's own search, session and link: someone else's.
  'DELETE /v1/saved-searches/{id}': { target: 'your own saved search' },
  'DELETE /v1/sso-provider/{id}': { target: 'a provider of your platform', samePlatform: platformLevel },
  'DELETE /v1/sso-provider/{id}/identities/{identityId}': {
    target: 'a link of a user of your organisation',
    samePlatform: `the provider is ${platformLevel}; only platform administrators manage its links`,
  },
  'DELETE /v1/sso/identities/{id}': { target: 'your own link (platform-wide accounts have none)' },
  'DELETE /v1/terminology-arrangements/{id}': { target: 'an arrangement of your organisation' },
  'DELETE /v1/terminology-entries/{id}': { target: 'an entry of your organisation' },
  'DELETE /v1/user-groups/{id}': { target: 'a group of your organisation' },
  'DELETE /v1/users/@me/sessions/{id}': { target: 'one of your own sessions' },
  // My reports (decision 0280): a report of someone else, in another organisation.
  'GET /v1/users/@me/cases/{id}': { target: "another reporter's report in your organisation" },
  'DELETE /v1/users/{id}': { target: 'another user of your organisation only' },
  'DELETE /v1/users/{id}/memberships/{organisationId}': { target: 'another user of your organisation' },
  'GET /v1/acknowledgements/report/{reportId}': { target: 'a report in your organisation' },
  'GET /v1/acknowledgements/{id}': { target: 'an acknowledgement in your organisation' },
  'GET /v1/change-requests/{id}': { target: "a reporter's request in your organisation" },
  'GET /v1/change-requests/{id}/commit-preview': { target: "a reporter's request in your organisation" },
  'GET /v1/drugs/{id}': { target: 'a product of your organisation' },
  'GET /v1/exports/{id}': { target: 'an export of your organisation' },
  'GET /v1/exports/{id}/file': { target: 'a finished export of your organisation' },
  'GET /v1/files/organisation/{organisationId}': { target: 'your organisation' },
  'GET /v1/formschema/{id}': { target: 'a form schema of your organisation' },
  'GET /v1/formview/{id}': { target: 'a published form of your organisation' },
  'GET /v1/formview/{id}/latest-report-version': {
    target: 'a form view you filed a draft with',
    samePlatform: `${platformForm}; the answer is the caller's own drafts`,
  },
  'GET /v1/formview/{id}/reporters': {
    target: 'a form view of your platform',
    samePlatform: `${platformForm}; the answer counts only the caller's organisations' reports`,
  },
  'GET /v1/formview/{id}/reports': {
    target: 'a form view of your platform',
    samePlatform: `${platformForm}; the answer lists only the caller's organisations' reports`,
  },
  'GET /v1/formview/{id}/versions': { target: 'a form of your organisation' },
  'GET /v1/formview/{id}/zip': { target: 'a form of your organisation' },
  'GET /v1/hospitals/{id}': { target: 'a hospital of your organisation' },
  'GET /v1/organisation/{id}': { target: 'your organisation' },
  'GET /v1/organisation/{id}/contacts': { target: 'your organisation' },
  'GET /v1/organisation/{id}/health-check': { target: 'your organisation' },
  'GET /v1/organisation/{id}/hospitals': { target: 'your organisation' },
  'GET /v1/organisation/{id}/invites': { target: 'your organisation' },
  'GET /v1/organisation/{id}/locations': { target: 'your organisation' },
  'GET /v1/organisation/{id}/receivers': { target: 'your organisation' },
  'GET /v1/organisation/{id}/sender-profile': { target: 'your organisation' },
  'GET /v1/organisation/{id}/sources': { target: 'your organisation' },
  'GET /v1/organisation/{id}/themes': { target: 'your organisation' },
  'GET /v1/organisation/{id}/translations': { target: 'your organisation' },
  'GET /v1/organisation/{id}/workspace': { target: 'your organisation, in a workspace' },
  'GET /v1/organisations/workspace/{workspaceId}': {
    target: 'a workspace of your platform',
    samePlatform: platformLevel,
  },
  'GET /v1/platforms/domain/{domain}': isPublic('the sign-in page finds its platform by host name'),
  'GET /v1/platforms/{id}': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/platforms/{id}/medicine-names': isPublic(
    'public reporting forms suggest medicine names signed out (decision 0279)',
  ),
  'GET /v1/platforms/{id}/mfa-methods': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/platforms/{id}/organisations': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/platforms/{id}/reporting': isPublic('the public landing page lists what may be reported'),
  'GET /v1/platforms/{id}/server-configuration': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/platforms/{id}/sources': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/platforms/{id}/theme': isPublic('the sign-in page is drawn in its platform theme'),
  'GET /v1/report/validate/type/{type}': isPublic('the rules of a report type, no tenant object'),
  'GET /v1/report/validate/{id}': { target: "another reporter's report in your organisation" },
  'GET /v1/report/{id}/cioms': { target: 'a report in your organisation' },
  'GET /v1/report/{id}/location-change-check': { target: 'a case of your organisation' },
  'GET /v1/report/{id}/verify/{token}': { target: 'an assignment link of a case of your organisation' },
  'GET /v1/report/{id}/xml': { target: 'a report in your organisation' },
  'GET /v1/report/{id}/xml/validation': { target: 'a report in your organisation' },
  'GET /v1/reports/anonymised/{submissionReportId}': { target: 'a submission report of your organisation' },
  'GET /v1/reports/external/{extReportId}': { target: "another reporter's report in your organisation" },
  // A case of the foreign organisation that nobody shared: not the caller's to see.
  'GET /v1/reports/share/{extReportId}': { target: 'a case of your organisation' },
  'GET /v1/reports/{id}': { target: "another reporter's report in your organisation" },
  'GET /v1/reports/{id}/audit': { target: 'a case of your organisation' },
  'GET /v1/reports/{id}/causality': { target: 'a case of your organisation' },
  'GET /v1/reports/{id}/versions': { target: "another reporter's report in your organisation" },
  'GET /v1/reports/{id}/versions/compare': { target: "another reporter's report in your organisation" },
  'GET /v1/sso-provider/{id}': { target: 'a provider of your platform', samePlatform: platformLevel },
  'GET /v1/sso-provider/{id}/identities': {
    target: 'a provider of your platform',
    samePlatform: platformLevel,
  },
  'GET /v1/sso/{providerId}/start': isPublic('the start of a sign-in, before anyone is known'),
  'GET /v1/submissions/reports/{id}': { target: 'a submission report of your organisation' },
  'GET /v1/submissions/reports/{id}/history': { target: 'a submission report of your organisation' },
  'GET /v1/submissions/reports/{id}/review': { target: 'a submission report of your organisation' },
  'GET /v1/submissions/responses/{id}': { target: 'an acknowledgement kept for your organisation' },
  'GET /v1/submissions/{id}': { target: 'a submission of your organisation' },
  'GET /v1/terminology-arrangements/{id}': { target: 'an arrangement of your organisation' },
  // The path names a dictionary; the organisation is the query's `organisationId`.
  'GET /v1/terminology-entries/dictionary/{dictionary}': { target: 'your organisation' },
  'GET /v1/terminology-entries/reference/{reference}': { target: 'your organisation' },
  'GET /v1/terminology-entries/{id}': { target: 'an entry of your organisation' },
  'GET /v1/user-groups/organisation/{organisationId}': { target: 'your organisation' },
  'GET /v1/user-groups/platform/{platformId}': { target: 'your platform', samePlatform: platformLevel },
  'GET /v1/user-groups/{id}': { target: 'a group of your organisation' },
  'GET /v1/user-groups/{id}/locations': { target: 'a group of your organisation' },
  'GET /v1/user-groups/{id}/users': { target: 'a group of your organisation' },
  'GET /v1/users/invited/{id}': { target: 'an invite of your organisation' },
  'GET /v1/users/{id}': { target: 'another user of your organisation' },
  'GET /v1/users/{id}/organisation-preferences': { target: 'another user of your organisation' },
  'GET /v1/users/{id}/organisation-preferences/count': { target: 'another user of your organisation' },
  'PATCH /v1/hospitals/{id}': { target: 'a hospital of your organisation' },
  'PATCH /v1/terminology-arrangements/{id}': { target: 'an arrangement of your organisation' },
  'PATCH /v1/terminology-entries/{id}': { target: 'an entry of your organisation' },
  'POST /v1/formview/{id}/zip': { target: 'a form of your organisation' },
  'POST /v1/organisation/{id}/contacts': { target: 'your organisation' },
  'POST /v1/organisation/{id}/invite': { target: 'your organisation' },
  'POST /v1/organisation/{id}/invites/{inviteId}/resend': { target: 'an open invite of your organisation' },
  'POST /v1/organisation/{id}/locations': { target: 'your organisation' },
  'POST /v1/organisation/{id}/profession-groups': { target: 'your organisation' },
  'POST /v1/organisation/{id}/professions': { target: 'your organisation' },
  'POST /v1/organisation/{id}/receivers': { target: 'your organisation' },
  'POST /v1/organisation/{id}/receivers/{receiverId}/as2': {
    exempt:
      'the AS2 inbound door: no session, the sender is known by its signature (submissions.as2-inbound.test.ts)',
  },
  'POST /v1/organisation/{id}/receivers/{receiverId}/test': {
    target: 'a receiver of your organisation with an HTTPS transport',
  },
  'POST /v1/report/{id}/assign': { target: 'a received case of your organisation (to yourself)' },
  'POST /v1/report/{id}/assignment-token': { target: 'a case of your organisation' },
  'POST /v1/report/{id}/name': { target: "another reporter's report in your organisation" },
  'POST /v1/report/{id}/xml/validation': { target: 'a report in your organisation' },
  'POST /v1/reports/{id}/causality': { target: 'a case of your organisation' },
  'POST /v1/reports/{id}/causality/{assessmentId}/withdraw': {
    target: 'an assessment of a case of your organisation',
  },
  'POST /v1/reports/{id}/restore': { target: 'a deleted case of your organisation' },
  'POST /v1/sso-provider/{id}': { target: 'your platform', samePlatform: platformLevel },
  'POST /v1/sso-provider/{id}/identities': {
    target: 'a provider of your platform, a user of your organisation',
    samePlatform: `the provider is ${platformLevel}; only platform administrators manage its links`,
  },
  'POST /v1/submissions/reports/{id}/resend': { target: 'a failed submission report of your organisation' },
  'PUT /v1/applications/{id}': { target: 'an application of your organisation' },
  'PUT /v1/change-requests/{id}/approve': { target: "a reporter's request in your organisation" },
  'PUT /v1/change-requests/{id}/decline': { target: "a reporter's request in your organisation" },
  'PUT /v1/exports/{id}/regenerate': { target: 'a finished export of your organisation' },
  'PUT /v1/files/{id}': { target: 'a file of your organisation' },
  'PUT /v1/formschema/{id}': { target: 'a form schema of your organisation' },
  'PUT /v1/formversion/{id}/conditions': { target: 'a version of a form of your organisation' },
  'PUT /v1/formview/{id}': { target: 'a form of your organisation' },
  'PUT /v1/integration-management/conditions/{id}': { target: 'a condition of your organisation' },
  'PUT /v1/organisation/{id}': { target: 'your organisation' },
  'PUT /v1/organisation/{id}/receivers/{receiverId}': { target: 'a receiver of your organisation' },
  'PUT /v1/organisation/{id}/sender-profile': { target: 'your organisation' },
  'PUT /v1/platforms/{id}': { target: 'your platform', samePlatform: platformLevel },
  'PUT /v1/report/{id}': { target: "another reporter's draft in your organisation" },
  // `@me`: the caller assigning the foreign case to themselves.
  'PUT /v1/report/{id}/assign/user/{userId}': {
    target: 'a received case of your organisation (to yourself)',
  },
  'PUT /v1/report/{id}/assign/{token}': { target: 'an assignment link of a case of your organisation' },
  'PUT /v1/report/{id}/reassign/organisation/{organisationId}': {
    target: 'a case of your organisation (to another of the platform)',
  },
  'PUT /v1/report/{id}/share/organisation/{organisationId}': {
    target: 'a case of your organisation (with another of the platform)',
  },
  'PUT /v1/report/{id}/xml': { target: 'a report in your organisation' },
  'PUT /v1/reports/{id}/regenerate': { target: 'a case of your organisation' },
  'PUT /v1/reports/{id}/status': { target: 'a received case of your organisation (to triage)' },
  'PUT /v1/saved-searches/{id}': { target: 'your own saved search' },
  'PUT /v1/sso-provider/{id}': { target: 'a provider of your platform', samePlatform: platformLevel },
  'PUT /v1/submissions/reports/{id}/manually-processed-reason': {
    target: 'a submission report of your organisation',
  },
  'PUT /v1/submissions/reports/{id}/receiver-status': { target: 'a submission report of your organisation' },
  'PUT /v1/submissions/reports/{id}/review': {
    target: 'a submission report of your organisation, signed with your password',
  },
  'PUT /v1/user-groups/{id}': { target: 'a group of your organisation' },
  'PUT /v1/user-groups/{id}/locations': { target: 'a group of your organisation' },
  'PUT /v1/user-groups/{id}/users': { target: 'a group of your organisation' },
  'PUT /v1/users/{id}': { target: 'another user of your organisation (first name)' },
  'PUT /v1/users/{id}/change-password': { target: 'another user of your organisation' },
  'PUT /v1/users/{id}/organisation-preferences': { target: 'another user of your organisation' },
  'PUT /v1/users/{id}/toggle-deactivate': { target: 'another user of your organisation only' },
};
