import type { Receiver, Submission, SubmissionReport, SubmissionReportStatusChange } from '@vigilo/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestReceiver, type TestReceiver } from '../../../test/e2b-receiver.ts';
import {
  createTenant,
  eventually,
  http,
  signedIn,
  signedInToTwo,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';
import { readyCaseOf } from '../../../test/submissions.ts';
import { mailerFor } from '../../platform/mail.ts';
import { submissionsArea } from './submissions.area.ts';

/**
 * The status history of a submission report (decision 0180) and the list's filters the
 * dashboard uses (review status, due soon, case reference), against a real HTTPS receiver.
 */

let app: TestApp;
let receiver: TestReceiver;
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;
let assessor: string;

beforeAll(async () => {
  receiver = await startTestReceiver();
  app = await startTestApp({ OUTBOUND_ALLOWED_HOSTS: 'localhost' });
  await app.jobs.work(
    submissionsArea.jobs({
      db: app.db,
      config: app.config,
      mailer: mailerFor(app.config, app.db, app.jobs),
      jobs: app.jobs,
    }),
  );
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  staff = (await signedIn(app, home, 'organisation_staff')).token;
  assessor = (await signedIn(app, home, 'assessor')).token;
});
afterAll(async () => {
  await app?.close();
  await receiver?.close();
});

async function addReceiver(name: string, transport: Record<string, unknown>) {
  const res = await http<Receiver>(app.url, 'POST', `/v1/organisation/${home.organisationIds[0]}/receivers`, {
    token: admin,
    body: { name: `${name} ${crypto.randomUUID().slice(0, 8)}`, transport },
  });
  if (res.status !== 201) throw new Error(`receiver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function distribute(reportId: string, receiverId: string) {
  const res = await http<Submission[]>(app.url, 'POST', '/v1/submissions/distribute', {
    token: staff,
    body: { reportId, resources: [receiverId] },
  });
  if (res.status !== 201) throw new Error(`distribute: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[0]!.reports[0]!;
}

const history = (id: string, token = staff) =>
  http<SubmissionReportStatusChange[]>(app.url, 'GET', `/v1/submissions/reports/${id}/history`, { token });

describe('GET /v1/submissions/reports/{id}/history', () => {
  it('shows each step: distributed by a named person, delivered and accepted, then set by hand with the reason', async () => {
    const accepting = await addReceiver('Accepting', {
      type: 'https',
      url: `${receiver.url}/accept`,
      caCertificate: receiver.certificate,
    });
    const { id: reportId, reference } = await readyCaseOf(app, admin);
    const report = await distribute(reportId, accepting.id);
    expect(report.caseReference).toBe(reference);
    await eventually(async () => {
      const res = await http<SubmissionReport>(app.url, 'GET', `/v1/submissions/reports/${report.id}`, {
        token: staff,
      });
      if (res.body.status !== 'ACCEPTED') throw new Error(`still ${res.body.status}`);
    }, 10_000);

    const set = await http(app.url, 'PUT', `/v1/submissions/reports/${report.id}/receiver-status`, {
      token: staff,
      body: { status: 'IN_REVIEW', reason: 'The agency asked for the narrative again' },
    });
    // ACCEPTED is final (decision 0171): refused, and nothing is added to the history.
    expect(set.status).toBe(409);

    const res = await history(report.id);
    expect(res.status).toBe(200);
    expect(res.body.map((h) => [h.status, h.source, h.changedByName, h.reason])).toEqual([
      ['NOT_SENT', 'distribution', 'Test organisation_staff', null],
      ['ACCEPTED', 'delivery', null, null],
    ]);
    expect(new Date(res.body[0]!.at).getTime()).toBeLessThanOrEqual(new Date(res.body[1]!.at).getTime());
    // Assessors read it too.
    expect((await history(report.id, assessor)).status).toBe(200);
  });

  it('records a status set by hand with who and why, after the distribution’s', async () => {
    const manual = await addReceiver('By post', { type: 'none' });
    const { id: reportId } = await readyCaseOf(app, admin);
    const report = await distribute(reportId, manual.id);
    const set = await http(app.url, 'PUT', `/v1/submissions/reports/${report.id}/receiver-status`, {
      token: staff,
      body: { status: 'IN_REVIEW', reason: '  Posted to the agency on paper  ' },
    });
    expect(set.status).toBe(200);
    const res = await history(report.id);
    expect(res.body.map((h) => [h.status, h.source, h.changedByName, h.reason])).toEqual([
      [
        'NOT_SENT',
        'distribution',
        'Test organisation_staff',
        'Not sent: the receiver has no transport; send it by hand and record why',
      ],
      ['IN_REVIEW', 'staff', 'Test organisation_staff', 'Posted to the agency on paper'],
    ]);
  });

  it('is 404 for another organisation’s staff and for an unknown id', async () => {
    const manual = await addReceiver('Elsewhere', { type: 'none' });
    const { id: reportId } = await readyCaseOf(app, admin);
    const report = await distribute(reportId, manual.id);
    const stranger = (await signedIn(app, foreign, 'organisation_staff')).token;
    expect((await history(report.id, stranger)).status).toBe(404);
    expect((await history(crypto.randomUUID())).status).toBe(404);
    const reporter = (await signedIn(app, home, 'reporter')).token;
    expect((await history(report.id, reporter)).status).toBe(403);
  });

  it('a user of two organisations reads it only as staff of the report’s own organisation', async () => {
    const manual = await addReceiver('Two', { type: 'none' });
    const { id: reportId } = await readyCaseOf(app, admin);
    const report = await distribute(reportId, manual.id);
    // Staff of the platform's other organisation: not theirs.
    const neighbour = (await signedIn(app, home, 'organisation_staff', 1)).token;
    expect((await history(report.id, neighbour)).status).toBe(404);
    // Reporter where the report lives and staff elsewhere: staff rights do not cross over.
    const crossed = await signedInToTwo(app, home, ['reporter', 'organisation_staff']);
    expect((await history(report.id, crossed.token)).status).toBe(403);
    // Staff where it lives and reporter elsewhere: the history, in order.
    const both = await signedInToTwo(app, home, ['organisation_staff', 'reporter']);
    const res = await history(report.id, both.token);
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.status)).toEqual(['NOT_SENT']);
  });
});

describe('GET /v1/submissions/reports filters', () => {
  const list = (query: string, token = staff) =>
    http<{ items: SubmissionReport[]; total: number }>(app.url, 'GET', `/v1/submissions/reports?${query}`, {
      token,
    });

  it('filters by case reference (a prefix, any case), review status and due soon', async () => {
    const manual = await addReceiver('Filters', { type: 'none' });
    const first = await readyCaseOf(app, admin);
    const second = await readyCaseOf(app, admin);
    const a = await distribute(first.id, manual.id);
    const b = await distribute(second.id, manual.id);

    const byRef = await list(`receiverId=${manual.id}&reference=${first.reference}`);
    expect(byRef.body.items.map((r) => r.id)).toEqual([a.id]);
    // As typed or heard: lower case, without its dashes, or only its beginning.
    const typed = first.reference.toLowerCase().replaceAll('-', ' ');
    const bySpoken = await list(`receiverId=${manual.id}&reference=${encodeURIComponent(typed)}`);
    expect(bySpoken.body.items.map((r) => r.id)).toEqual([a.id]);
    const begun = await list(`receiverId=${manual.id}&reference=${second.reference.slice(0, 6)}`);
    expect(begun.body.items.map((r) => r.id)).toEqual([b.id]);
    // LIKE's wildcards are taken literally.
    expect((await list(`receiverId=${manual.id}&reference=%25`)).body.total).toBe(0);

    // Both are NOT_SENT with a 2022 due date: overdue, not due soon. Move one to two days from now.
    await app.db
      .updateTable('submission_reports')
      .set({ due_date: new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) })
      .where('id', '=', b.id)
      .execute();
    const soon = await list(`receiverId=${manual.id}&dueSoon=true`);
    expect(soon.body.items.map((r) => [r.id, r.dueSoon, r.overdue])).toEqual([[b.id, true, false]]);
    expect((await list(`receiverId=${manual.id}&dueSoon=false`)).body.items.map((r) => r.id)).toEqual([a.id]);

    expect((await list(`receiverId=${manual.id}&reviewStatus=PENDING`)).body.total).toBe(2);
    expect((await list(`receiverId=${manual.id}&reviewStatus=APPROVED`)).body.total).toBe(0);
    expect((await list(`reviewStatus=SIGNED`)).status).toBe(400);
  });

  it('puts overdue first, then due soon, each earliest due first, then the rest', async () => {
    const manual = await addReceiver('Order', { type: 'none' });
    const made: string[] = [];
    for (let i = 0; i < 4; i++)
      made.push((await distribute((await readyCaseOf(app, admin)).id, manual.id)).id);
    const [later, soon, overdue, sooner] = made as [string, string, string, string];
    const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const due = (id: string, date: string) =>
      app.db.updateTable('submission_reports').set({ due_date: date }).where('id', '=', id).execute();
    await due(later, inDays(30));
    await due(soon, inDays(3));
    await due(sooner, inDays(1));
    // `overdue` keeps the case's 2022 due date.
    const res = await list(`receiverId=${manual.id}`);
    expect(res.body.items.map((r) => r.id)).toEqual([overdue, sooner, soon, later]);
  });
});
