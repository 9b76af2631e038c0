import type { Case, World } from './audit-operations.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/** The audit record of each receiver and submission operation (issue 15), written by hand. */
export function submissionAuditCases(w: World): Record<string, Case> {
  const org = () => w.tenant.organisationIds[0];
  const admin = () => signedIn(w.app, w.tenant, 'organisation_admin', 0);
  const call = <T = unknown>(
    requestId: string,
    method: string,
    path: string,
    opts: { token: string; body?: unknown },
  ) => http<T>(w.app.url, method, path, { ...opts, headers: { 'x-request-id': requestId } });
  const receiver = async (token: string) => {
    const res = await http<{ id: string }>(w.app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
      token,
      body: { name: `Receiver ${crypto.randomUUID()}` },
    });
    if (res.status !== 201) throw new Error(`POST receivers: ${res.status}`);
    return res.body.id;
  };
  return {
    'POST /v1/organisation/{id}/receivers': {
      action: 'receiver.created',
      async run(id) {
        const { token } = await admin();
        const res = await call<{ id: string }>(id, 'POST', `/v1/organisation/${org()}/receivers`, {
          token,
          body: { name: `EudraVigilance ${crypto.randomUUID()}`, profile: 'eu' },
        });
        return { res, wrote: ['receivers', 'id', res.body.id] };
      },
    },
    'PUT /v1/organisation/{id}/receivers/{receiverId}': {
      action: 'receiver.updated',
      async run(id) {
        const { token } = await admin();
        const receiverId = await receiver(token);
        const res = await call(id, 'PUT', `/v1/organisation/${org()}/receivers/${receiverId}`, {
          token,
          body: { name: `Renamed ${crypto.randomUUID()}`, dueDaysSerious: 7 },
        });
        return { res, wrote: ['receivers', 'id', receiverId] };
      },
    },
    'DELETE /v1/organisation/{id}/receivers/{receiverId}': {
      action: 'receiver.deleted',
      async run(id) {
        const { token } = await admin();
        const receiverId = await receiver(token);
        const res = await call(id, 'DELETE', `/v1/organisation/${org()}/receivers/${receiverId}`, { token });
        return { res, removed: ['receivers', 'id', receiverId] };
      },
    },
  };
}
