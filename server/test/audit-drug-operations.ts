import { randomUUID } from 'node:crypto';
import { runIdapsCompute } from '../src/modules/drugs/idaps.service.ts';
import type { Case, World } from './audit-operations.ts';
import { listForm, metaForm } from './drugs.ts';
import { http } from './http.ts';
import { signedIn } from './sessions.ts';

/** The audit record of each drug-list and IDAPS operation (issue 13), written by hand. */
export function drugAuditCases(w: World): { operations: Record<string, Case>; paths: Record<string, Case> } {
  const admin = () => signedIn(w.app, w.tenant, 'organisation_admin', 0);
  const headers = (id: string) => ({ 'x-request-id': id });
  const unique = () => randomUUID().slice(0, 8);
  /** The organisation's pending computation set aside, so a new request is not a 409. */
  const noPending = () =>
    w.app.db
      .updateTable('idaps_snapshots')
      .set({ status: 'failed' })
      .where('organisation_id', '=', w.tenant.organisationIds[0]!)
      .where('status', 'in', ['queued', 'computing'])
      .execute();
  const operations: Record<string, Case> = {
    'POST /v1/drugs/upload/meta': {
      action: 'drug_list.described',
      async run(id) {
        const { token } = await admin();
        const res = await http<{ id: string }>(w.app.url, 'POST', '/v1/drugs/upload/meta', {
          token,
          form: metaForm({ version: `audit-${unique()}` }),
          headers: headers(id),
        });
        return { res, wrote: ['drug_lists', 'id', res.body.id] };
      },
    },
    'POST /v1/drugs/upload/list': {
      action: 'drug_list.imported',
      async run(id) {
        const { token } = await admin();
        const res = await http<{ id: string }>(w.app.url, 'POST', '/v1/drugs/upload/list', {
          token,
          form: listForm(`code,name\nA-${unique()},Auditol\n`),
          headers: headers(id),
        });
        return { res, wrote: ['drug_lists', 'id', res.body.id] };
      },
    },
    'POST /v1/drugs/upload/list/preview': {
      action: null,
      why: 'says what an upload would do and writes nothing (decision 0291)',
      async run(id) {
        const { token } = await admin();
        const res = await http(w.app.url, 'POST', '/v1/drugs/upload/list/preview', {
          token,
          form: listForm(`code,name\nA-${unique()},Auditol\n`),
          headers: headers(id),
        });
        return { res };
      },
    },
    'POST /v1/drugs/export-url': {
      action: null,
      why: 'signs a URL; nothing changes',
      async run(id) {
        const { token } = await admin();
        return {
          res: await http(w.app.url, 'POST', '/v1/drugs/export-url', {
            token,
            body: {},
            headers: headers(id),
          }),
        };
      },
    },
    'POST /v1/idaps/snapshots': {
      action: 'idaps_snapshot.requested',
      async run(id) {
        const { token } = await admin();
        await noPending();
        const res = await http<{ id: string }>(w.app.url, 'POST', '/v1/idaps/snapshots', {
          token,
          body: {},
          headers: headers(id),
        });
        return { res, wrote: ['idaps_snapshots', 'id', res.body.id] };
      },
    },
  };
  const paths: Record<string, Case> = {
    'the IDAPS job publishing a snapshot': {
      action: 'idaps_snapshot.published',
      async run(id) {
        const { token } = await admin();
        await noPending();
        const made = await http<{ id: string }>(w.app.url, 'POST', '/v1/idaps/snapshots', {
          token,
          body: {},
        });
        await runIdapsCompute(w.app.db, { snapshotId: made.body.id, requestId: id });
        const res = await http(w.app.url, 'GET', '/v1/idaps/snapshots', { token });
        return { res, wrote: ['idaps_snapshots', 'id', made.body.id, 'status', 'published'] };
      },
    },
  };
  return { operations, paths };
}
