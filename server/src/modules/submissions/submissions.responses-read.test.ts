import type { StoredSubmissionResponse, StoredSubmissionResponseDetail } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ackFor } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  http,
  signedIn,
  signedInToTwo,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';

/**
 * The acknowledgements kept and flagged (decision 0192): staff list the unmatched and
 * malformed ones, newest first, paged, and read one with its XML; another organisation's are
 * not found; assessors and reporters read none.
 */
const app = useTestApp();
let home: TestTenant;
let foreign: TestTenant;
let staff: string;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  staff = (await signedIn(app, home, 'organisation_staff')).token;
});

type Page<T> = { items: T[]; page: number; size: number; total: number; code?: string };
const post = (token: string, ack: string, organisationId: string) =>
  http<{ id: string; matched: boolean; malformed: boolean }>(app.url, 'POST', '/v1/submissions/responses', {
    token,
    body: { ack, organisationId },
  });
const list = (token: string, query = '') =>
  http<Page<StoredSubmissionResponse>>(app.url, 'GET', `/v1/submissions/responses${query}`, { token });
const read = (token: string, id: string) =>
  http<StoredSubmissionResponseDetail & { code?: string }>(
    app.url,
    'GET',
    `/v1/submissions/responses/${id}`,
    {
      token,
    },
  );

describe('GET /v1/submissions/responses', () => {
  it('lists the flagged acknowledgements newest first, paged, and reads one with its XML', async () => {
    const org = home.organisationIds[0];
    const unknown1 = ackFor('NOBODY-SENT-THIS-1');
    const first = await post(staff, unknown1, org);
    const broken = await post(staff, '<not an acknowledgement', org);
    const second = await post(staff, ackFor('NOBODY-SENT-THIS-2'), org);
    expect([first.status, broken.status, second.status]).toEqual([201, 201, 201]);

    const unmatched = await list(staff, '?matched=false');
    expect(unmatched.status).toBe(200);
    expect(unmatched.body).toMatchObject({ page: 1, size: 50, total: 3 });
    expect(unmatched.body.items.map((r) => r.id)).toEqual([second.body.id, broken.body.id, first.body.id]);
    expect(unmatched.body.items[2]).toMatchObject({
      organisationId: org,
      matched: false,
      malformed: false,
      code: 'AA',
      messageIds: ['NOBODY-SENT-THIS-1'],
      submissionReportId: null,
      problem: 'It names messages Vigilo did not send for this organisation: NOBODY-SENT-THIS-1',
    });
    const malformed = await list(staff, '?malformed=true');
    expect(malformed.body.items.map((r) => r.id)).toEqual([broken.body.id]);
    expect(malformed.body.items[0]).toMatchObject({
      matched: false,
      malformed: true,
      code: null,
      messageIds: [],
    });
    const page2 = await list(staff, '?matched=false&size=2&page=2');
    expect(page2.body).toMatchObject({ page: 2, size: 2, total: 3 });
    expect(page2.body.items.map((r) => r.id)).toEqual([first.body.id]);
    expect((await list(staff, '?matched=true')).body.total).toBe(0);

    const one = await read(staff, first.body.id);
    expect(one.status).toBe(200);
    expect(one.body.xml).toBe(unknown1);
    expect(one.body.messageIds).toEqual(['NOBODY-SENT-THIS-1']);
    expect((await list(staff, '?matched=maybe')).status).toBe(400);
  });

  it('another organisation’s are not found; assessors and reporters read none; a two-organisation user reads where it is staff', async () => {
    const kept = await post(staff, ackFor('HOME-ONLY'), home.organisationIds[0]);
    const stranger = (await signedIn(app, foreign, 'organisation_admin')).token;
    const otherOrg = (await signedIn(app, home, 'organisation_admin', 1)).token;
    for (const token of [stranger, otherOrg]) {
      expect((await read(token, kept.body.id)).status).toBe(404);
      expect((await list(token)).body.items.map((r) => r.id)).not.toContain(kept.body.id);
    }
    for (const role of ['assessor', 'reporter'] as const) {
      const token = (await signedIn(app, home, role)).token;
      expect((await list(token)).status).toBe(403);
      expect((await read(token, kept.body.id)).status).toBe(403);
    }
    // Assessor in A, staff in B: reads B's, not A's (403: it sees A but may not read this).
    const two = await signedInToTwo(app, home, ['assessor', 'organisation_staff']);
    const inB = await post(two.token, ackFor('IN-B'), home.organisationIds[1]);
    expect(inB.status).toBe(201);
    const listed = await list(two.token);
    expect(listed.body.items.map((r) => r.id)).toEqual([inB.body.id]);
    expect((await read(two.token, inB.body.id)).status).toBe(200);
    expect((await read(two.token, kept.body.id)).status).toBe(403);
  });
});
