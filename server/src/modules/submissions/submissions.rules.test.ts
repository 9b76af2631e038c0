import type { Receiver } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { type Answer, addReceiver, distribute, readyCase } from '../../../test/submissions.ts';

/**
 * Distribution rules (decision 0191): a receiver's rule is a condition over the case; a
 * distribution without receivers sends to those whose rule picks the case. The case is FDA
 * scenario 1 (e2b/test/examples/FAERS2022Scenario1.xml): its reactions and its reporter in the
 * US, serious by disability only (death, life threat and hospitalisation are NI).
 */
const app = useTestApp();
let home: TestTenant;
let foreign: TestTenant;
let admin: string;
let staff: string;

beforeAll(async () => {
  [home, foreign] = await Promise.all([createTenant(app.db), createTenant(app.db)]);
  admin = (await signedIn(app, home, 'organisation_admin')).token;
  staff = (await signedIn(app, home, 'organisation_staff')).token;
});

const org = () => home.organisationIds[0];

describe('a receiver’s rule', () => {
  it('is kept and answered as written', async () => {
    const made = await addReceiver(app, admin, org(), {
      rule: 'case.country == "US" and case.serious',
      requiresReview: true,
    });
    expect(made).toMatchObject({ rule: 'case.country == "US" and case.serious', requiresReview: true });
    const read = await http<Receiver[]>(app.url, 'GET', `/v1/organisation/${org()}/receivers`, {
      token: staff,
    });
    expect(read.body.find((r) => r.id === made.id)).toMatchObject({
      rule: 'case.country == "US" and case.serious',
    });
    // A PUT that leaves them out keeps them (a screen that does not show them); null clears the rule.
    const kept = await http<Receiver>(app.url, 'PUT', `/v1/organisation/${org()}/receivers/${made.id}`, {
      token: admin,
      body: { name: made.name },
    });
    expect(kept.body).toMatchObject({ rule: 'case.country == "US" and case.serious', requiresReview: true });
    const cleared = await http<Receiver>(app.url, 'PUT', `/v1/organisation/${org()}/receivers/${made.id}`, {
      token: admin,
      body: { name: made.name, rule: null, requiresReview: false },
    });
    expect(cleared.body).toMatchObject({ rule: null, requiresReview: false });
  });

  it('that does not parse, or reads what the case does not have, is refused with 400 naming body/rule', async () => {
    const cases: [string, string][] = [
      ['case.country = "US"', "Unexpected character '=' (compare with '==') at position 14"],
      ['case.colour == "red"', 'reads case.colour'],
      ['E.reactions.country == "US"', 'reads E.reactions.country'],
      ['Z.nothing', 'reads Z.nothing'],
    ];
    for (const [rule, message] of cases) {
      const res = await http<Answer<Receiver>>(app.url, 'POST', `/v1/organisation/${org()}/receivers`, {
        token: admin,
        body: { name: `Bad rule ${crypto.randomUUID()}`, rule },
      });
      expect(res.status, rule).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.meta?.fields?.[0]?.field).toBe('body/rule');
      expect(res.body.message).toContain(message);
    }
    const names = await http<Receiver[]>(app.url, 'GET', `/v1/organisation/${org()}/receivers`, {
      token: staff,
    });
    expect(names.body.filter((r) => r.name.startsWith('Bad rule'))).toEqual([]);
  });
});

describe('POST /v1/submissions/distribute without receivers', () => {
  it('sends to the receivers whose rule picks the case, and only those', async () => {
    // Its own organisation (the second), so other tests' receivers stay out of the way.
    const orgB = home.organisationIds[1];
    const adminB = (await signedIn(app, home, 'organisation_admin', 1)).token;
    const picked = [
      await addReceiver(app, adminB, orgB, {
        name: 'A US serious',
        rule: 'case.country == "US" and case.serious',
      }),
      await addReceiver(app, adminB, orgB, {
        name: 'B reaction in the US',
        rule: 'E.reactions[].country == "US"',
      }),
      await addReceiver(app, adminB, orgB, {
        name: 'C disabling',
        rule: 'case.seriousness[] == "disabling"',
      }),
    ];
    // Its reactions' death and hospitalisation criteria are NI (no information), not true.
    await addReceiver(app, adminB, orgB, {
      name: 'G death or hospitalisation',
      rule: 'case.seriousness[] == "hospitalisation" or case.seriousness[] == "resultsInDeath"',
    });
    await addReceiver(app, adminB, orgB, {
      name: 'D France or Germany',
      rule: 'case.country in ["FR", "DE"]',
    });
    await addReceiver(app, adminB, orgB, { name: 'E non-serious', rule: 'not case.serious' });
    await addReceiver(app, adminB, orgB, { name: 'F by hand only' });
    // Another tenant's receiver whose rule would pick it is never a candidate.
    const strangerAdmin = (await signedIn(app, foreign, 'organisation_admin')).token;
    await addReceiver(app, strangerAdmin, foreign.organisationIds[0], {
      name: 'Z any',
      rule: 'case.serious',
    });

    const reportId = await readyCase(app, adminB);
    // The preview says which receivers the rules pick, and by which rule, before anything is sent.
    const preview = await http<{ receivers: { name: string; picked: boolean; pickedBy: string | null }[] }>(
      app.url,
      'POST',
      '/v1/submissions/preview',
      { token: adminB, body: { reportId } },
    );
    expect(preview.status).toBe(200);
    expect(
      preview.body.receivers
        .map((r) => [r.name, r.picked, r.pickedBy])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['A US serious', true, 'case.country == "US" and case.serious'],
      ['B reaction in the US', true, 'E.reactions[].country == "US"'],
      ['C disabling', true, 'case.seriousness[] == "disabling"'],
      ['D France or Germany', false, null],
      ['E non-serious', false, null],
      ['F by hand only', false, null],
      ['G death or hospitalisation', false, null],
    ]);
    const res = await distribute(app, adminB, { reportId });
    expect(res.status).toBe(201);
    const reports = res.body[0]!.reports;
    expect(reports.map((r) => r.receiverName).sort()).toEqual([
      'A US serious',
      'B reaction in the US',
      'C disabling',
    ]);
    expect(reports.map((r) => r.receiverId).sort()).toEqual(picked.map((r) => r.id).sort());
    const audit = await app.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'submission.created')
      .where('entity_id', '=', res.body[0]!.id)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ pickedBy: 'rules' });
  });

  it('when no rule picks the case: 400 naming body/resources, nothing made, the case still ready', async () => {
    const two = await createTenant(app.db);
    const adminT = (await signedIn(app, two, 'organisation_admin')).token;
    await addReceiver(app, adminT, two.organisationIds[0], {
      name: 'Only Japan',
      rule: 'case.country == "JP"',
    });
    const reportId = await readyCase(app, adminT);
    const res = await distribute(app, adminT, { reportId });
    expect(res.status).toBe(400);
    expect(res.body.meta?.fields?.[0]).toMatchObject({ field: 'body/resources', reason: 'required' });
    const made = await app.db
      .selectFrom('submissions')
      .select('id')
      .where('report_id', '=', reportId)
      .execute();
    expect(made).toEqual([]);
    const read = await http<{ status: string }>(app.url, 'GET', `/v1/reports/${reportId}`, { token: adminT });
    expect(read.body.status).toBe('ready_to_submit');
    // Named by hand, a receiver is sent to whatever its rule says.
    const japan = await http<Receiver[]>(
      app.url,
      'GET',
      `/v1/organisation/${two.organisationIds[0]}/receivers`,
      {
        token: adminT,
      },
    );
    const byHand = await distribute(app, adminT, { reportId, resources: [japan.body[0]!.id] });
    expect(byHand.status).toBe(201);
  });
});
