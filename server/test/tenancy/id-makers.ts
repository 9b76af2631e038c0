import { randomUUID } from 'node:crypto';
import { adrCase } from '../case-documents.ts';
import { http } from '../http.ts';
import { type Call, type Caller, fixtures, type World } from '../permissions/fixtures.ts';

/**
 * How to get a foreign id of each kind (tenancy-ids.test.ts): an object made in the foreign
 * tenant through its own API, by the permission matrix's fixture run in its world (the
 * fixture's call names the object; `pick` reads its id from there), so nothing here writes
 * rows by hand. Each kind is made once per tenant and remembered.
 */
export type Kind =
  | 'organisation'
  | 'platform'
  | 'user'
  | 'report'
  | 'caseReference'
  | 'receiver'
  | 'group'
  | 'application'
  | 'condition'
  | 'drug'
  | 'hospital'
  | 'entry'
  | 'formView'
  | 'formSchema'
  | 'formVersion'
  | 'file'
  | 'upload'
  | 'location'
  | 'factor'
  | 'acknowledgement'
  | 'provider'
  | 'resource'
  | 'caseDrug'
  | 'caseReaction';

type Maker = (w: World, c: Caller) => Promise<string>;

/** The id a permission fixture's call names, made in world `w` by caller `c`. */
const from =
  (key: string, pick: (call: Call) => unknown): Maker =>
  async (w, c) => {
    const fixture = fixtures[key];
    if (!fixture) throw new Error(`no permission fixture ${key}`);
    const id = pick(await fixture(w, c));
    if (typeof id !== 'string') throw new Error(`fixture ${key} names no id`);
    return id;
  };
const param = (name: string) => (call: Call) => call.params?.[name];
const query = (name: string) => (call: Call) => call.query?.[name];
const body = (name: string) => (call: Call) => (call.body as Record<string, unknown> | undefined)?.[name];

const makers: Record<Kind, Maker> = {
  organisation: async (w) => w.tenant.organisationIds[0],
  platform: async (w) => w.tenant.platformId,
  user: from('GET /v1/users/{id}|another user of your organisation', param('id')),
  report: from("GET /v1/reports/{id}|another reporter's report in your organisation", param('id')),
  // A case sent with its sender's own reference (the C.1.1 an integration gives), as the search filters on.
  caseReference: async (w) => {
    const extReportId = `EXT-${randomUUID().slice(0, 8)}`;
    const res = await http(w.app.url, 'POST', '/v1/report', {
      token: w.orgAdmin,
      body: {
        report: adrCase(),
        organisationId: w.tenant.organisationIds[0],
        status: 'submitted',
        extReportId,
      },
    });
    if (res.status >= 300)
      throw new Error(`case with a reference: ${res.status} ${JSON.stringify(res.body)}`);
    return extReportId;
  },
  receiver: from(
    'PUT /v1/organisation/{id}/receivers/{receiverId}|a receiver of your organisation',
    param('receiverId'),
  ),
  group: from('GET /v1/user-groups/{id}|a group of your organisation', param('id')),
  application: from('PUT /v1/applications/{id}|an application of your organisation', param('id')),
  condition: from('DELETE /v1/conditions|a condition of your organisation', query('id')),
  drug: from('GET /v1/drugs/{id}|a product of your organisation', param('id')),
  hospital: from('GET /v1/hospitals/{id}|a hospital of your organisation', param('id')),
  entry: from('GET /v1/terminology-entries/{id}|an entry of your organisation', param('id')),
  formView: from('GET /v1/formview/{id}|a published form of your organisation', param('id')),
  formSchema: from('GET /v1/formschema/{id}|a form schema of your organisation', param('id')),
  formVersion: from(
    'PUT /v1/formversion/{id}/conditions|a version of a form of your organisation',
    param('id'),
  ),
  file: from('PUT /v1/files/{id}|a file of your organisation', param('id')),
  upload: from('POST /v1/files/upload/url|your own upload in progress', body('uploadId')),
  location: from('GET /v1/report/{id}/location-change-check|a case of your organisation', query('locations')),
  factor: from('DELETE /v1/users/@me/mfa-methods|your own authenticator app', query('factorSid')),
  acknowledgement: from('GET /v1/acknowledgements/{id}|an acknowledgement in your organisation', param('id')),
  provider: from('GET /v1/sso-provider/{id}|a provider of your platform', param('id')),
  resource: from('DELETE /v1/resources/{id}|a resource of your organisation', param('id')),
  // A medicine (G.k) and a reaction (E.i) of one of the tenant's cases, by their ids in its document.
  caseDrug: async (w, c) => (await caseDocument(w, c)).G.drugs[0]!.id,
  caseReaction: async (w, c) => (await caseDocument(w, c)).E.reactions[0]!.id,
};

type CaseDocument = { G: { drugs: { id: string }[] }; E: { reactions: { id: string }[] } };
async function caseDocument(w: World, c: Caller): Promise<CaseDocument> {
  const id = await makers.report(w, c);
  const res = await http<{ report: CaseDocument }>(w.app.url, 'GET', `/v1/reports/${id}`, {
    token: w.orgAdmin,
  });
  return res.body.report;
}

/**
 * A tenant whose ids the test names (a foreign one, or the home organisation when a request
 * needs an object of its own beside the id tried): its world, the caller who makes its
 * objects, and the ids made so far.
 */
export class Foreign {
  private made = new Map<Kind, Promise<string>>();
  /**
   * `shared`: the caller belongs to this organisation too (H2), so its id shows in the
   * caller's own memberships and is no sign of a leak; only the objects made in it are.
   */
  constructor(
    readonly world: World,
    readonly caller: Caller,
    readonly shared = false,
  ) {}

  /** The tenant's id of this kind, made on first use. */
  id(kind: Kind): Promise<string> {
    let id = this.made.get(kind);
    if (!id) {
      id = makers[kind](this.world, this.caller);
      this.made.set(kind, id);
    }
    return id;
  }

  /** Every id made in this tenant so far: an answer that holds one shows the tenant's data. */
  async ids(): Promise<string[]> {
    const made = (await Promise.all(this.made.values())).filter(
      (id) => id !== this.world.tenant.organisationIds[0],
    );
    return this.shared ? made : [this.world.tenant.organisationIds[0], ...made];
  }
}
