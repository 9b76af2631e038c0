import type { RoleName } from '@vigilo/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adrCase,
  cachedSessions,
  createTenant,
  http,
  type TestTenant,
  useTestApp,
} from '../../../test/index.ts';
import { pinnedClock } from '../../../test/pinned-clock.ts';

/**
 * The case's clock in the organisation's calendar (issue 28 item 5, issue 27 "clocks across UTC
 * midnight", decision 0318). The database's clock is pinned for this file's app only
 * (`vigilo.now`, read by `vigilo_now()`); the database is the real one. Every expected day is
 * written here by hand: New York is UTC-5 in December, Paris UTC+1.
 */
const clock = pinnedClock();
const app = useTestApp({}, undefined, undefined, clock.makeDb);
const sessionFor = cachedSessions(() => app);

let tenant: TestTenant;
/** Organisation A keeps New York's calendar, B stays in UTC (every organisation's default). */
const NEW_YORK = 0;
const UTC = 1;

const tokenFor = async (role: RoleName, organisation: 0 | 1) =>
  (await sessionFor(tenant, role, organisation)).token;

type Clock = { dayZero: string | null; dueDate: string | null; daysLeft: number | null; overdue: boolean };
type Case = { id: string; receiptDate: string | null; clock: Clock; report: { C: Record<string, unknown> } };

beforeAll(async () => {
  tenant = await createTenant(app.db);
  const res = await http(app.url, 'PUT', `/v1/organisation/${tenant.organisationIds[NEW_YORK]}`, {
    token: await tokenFor('organisation_admin', NEW_YORK),
    body: { timeZone: 'America/New_York' },
  });
  expect(res.status).toBe(200);
});

afterEach(() => clock.pin(null));

/** A serious case (hospitalisation: 15 days) sent to organisation `org`, C.1.4/C.1.5 as given (else left to Vigilo). */
async function sent(org: 0 | 1, dates: { first?: string; latest?: string } = {}): Promise<string> {
  const report = adrCase();
  Object.assign(report.C, {
    ...(dates.first ? { firstReceivedDate: dates.first } : {}),
    ...(dates.latest ? { mostRecentInformationDate: dates.latest } : {}),
  });
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
    token: await tokenFor('reporter', org),
    body: { report, organisationId: tenant.organisationIds[org] },
  });
  if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

async function caseOf(org: 0 | 1, id: string): Promise<Case> {
  const res = await http<Case>(app.url, 'GET', `/v1/reports/${id}`, {
    token: await tokenFor('organisation_staff', org),
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function overdueIds(org: 0 | 1): Promise<string[]> {
  const res = await http<{ items: { id: string }[] }>(app.url, 'GET', '/v1/reports?overdue=true&size=100', {
    token: await tokenFor('organisation_staff', org),
  });
  expect(res.status).toBe(200);
  return res.body.items.map((c) => c.id);
}

describe('two reports 5.6 s apart around 00:00Z, received without dates', () => {
  it('are both received on 1 December by a New York organisation (7 pm there), due the same day', async () => {
    clock.pin('2026-12-01T23:59:57.200Z');
    const before = await sent(NEW_YORK);
    clock.pin('2026-12-02T00:00:02.800Z');
    const after = await sent(NEW_YORK);
    for (const id of [before, after]) {
      const c = await caseOf(NEW_YORK, id);
      expect(c.report.C.firstReceivedDate).toBe('2026-12-01');
      expect(c.report.C.mostRecentInformationDate).toBe('2026-12-01');
      expect(c.receiptDate).toBe('2026-12-01');
      expect(c.clock).toMatchObject({ dayZero: '2026-12-01', dueDate: '2026-12-16' });
    }
  });

  it('are received on 1 and 2 December by a UTC organisation, due on the 16th and the 17th', async () => {
    clock.pin('2026-12-01T23:59:57.200Z');
    const before = await sent(UTC);
    clock.pin('2026-12-02T00:00:02.800Z');
    const after = await sent(UTC);
    const first = await caseOf(UTC, before);
    const second = await caseOf(UTC, after);
    expect(first.report.C.mostRecentInformationDate).toBe('2026-12-01');
    expect(first.clock).toMatchObject({ dayZero: '2026-12-01', dueDate: '2026-12-16' });
    expect(second.report.C.mostRecentInformationDate).toBe('2026-12-02');
    expect(second.clock).toMatchObject({ dayZero: '2026-12-02', dueDate: '2026-12-17' });
  });
});

describe('a receipt date with a UTC offset', () => {
  it('counts as the day it falls on in the organisation’s zone: 1 December in New York, 2 December in UTC', async () => {
    // 23:59 in New York is 04:59Z on 2 December.
    const at = '2026-12-01T23:59:00-05:00';
    const newYork = await caseOf(NEW_YORK, await sent(NEW_YORK, { first: at, latest: at }));
    expect(newYork.receiptDate).toBe('2026-12-01');
    expect(newYork.clock).toMatchObject({ dayZero: '2026-12-01', dueDate: '2026-12-16' });
    const utc = await caseOf(UTC, await sent(UTC, { first: at, latest: at }));
    expect(utc.receiptDate).toBe('2026-12-02');
    expect(utc.clock).toMatchObject({ dayZero: '2026-12-02', dueDate: '2026-12-17' });
  });

  it('keeps a date without an hour, and a local time without an offset, as the day written', async () => {
    const day = await caseOf(NEW_YORK, await sent(NEW_YORK, { first: '2026-11-20', latest: '2026-11-20' }));
    expect(day.clock.dayZero).toBe('2026-11-20');
    const local = await caseOf(
      NEW_YORK,
      await sent(NEW_YORK, { first: '2026-11-20T23:30', latest: '2026-11-20T23:30' }),
    );
    expect(local.clock.dayZero).toBe('2026-11-20');
  });
});

describe('the due day across local midnight', () => {
  it('is not overdue on its due day in New York, and is from the first second of the day after there', async () => {
    // Day zero 1 December, due 16 December (serious): in both organisations.
    const newYork = await sent(NEW_YORK, { first: '2026-12-01', latest: '2026-12-01' });
    const utc = await sent(UTC, { first: '2026-12-01', latest: '2026-12-01' });

    // 15 December 23:59:59 in New York; already the 16th (the due day) in UTC.
    clock.pin('2026-12-16T04:59:59Z');
    expect((await caseOf(NEW_YORK, newYork)).clock).toMatchObject({ daysLeft: 1, overdue: false });
    expect((await caseOf(UTC, utc)).clock).toMatchObject({ daysLeft: 0, overdue: false });

    // Midnight in New York: its due day begins.
    clock.pin('2026-12-16T05:00:00Z');
    expect((await caseOf(NEW_YORK, newYork)).clock).toMatchObject({ daysLeft: 0, overdue: false });
    expect(await overdueIds(NEW_YORK)).not.toContain(newYork);

    // 17 December 02:00Z: the day after in UTC (overdue), still the due day in New York (9 pm).
    clock.pin('2026-12-17T02:00:00Z');
    expect((await caseOf(UTC, utc)).clock).toMatchObject({ daysLeft: -1, overdue: true });
    expect(await overdueIds(UTC)).toContain(utc);
    expect((await caseOf(NEW_YORK, newYork)).clock).toMatchObject({ daysLeft: 0, overdue: false });
    expect(await overdueIds(NEW_YORK)).not.toContain(newYork);

    // 16 December 23:59:59 in New York: the last second of the due day.
    clock.pin('2026-12-17T04:59:59Z');
    expect((await caseOf(NEW_YORK, newYork)).clock).toMatchObject({ daysLeft: 0, overdue: false });
    expect(await overdueIds(NEW_YORK)).not.toContain(newYork);

    // Midnight on the 17th in New York: the day after, overdue.
    clock.pin('2026-12-17T05:00:00Z');
    expect((await caseOf(NEW_YORK, newYork)).clock).toMatchObject({ daysLeft: -1, overdue: true });
    expect(await overdueIds(NEW_YORK)).toContain(newYork);
  });
});

describe("the organisation's time zone", () => {
  const orgPath = () => `/v1/organisation/${tenant.organisationIds[UTC]}`;
  const admin = () => tokenFor('organisation_admin', UTC);

  it('is UTC by default and is changed to an IANA name', async () => {
    const read = await http<{ timeZone: string }>(app.url, 'GET', orgPath(), { token: await admin() });
    expect(read.body.timeZone).toBe('UTC');
    const put = await http<{ timeZone: string }>(app.url, 'PUT', orgPath(), {
      token: await admin(),
      body: { timeZone: 'Asia/Kolkata' },
    });
    expect(put.status).toBe(200);
    expect(put.body.timeZone).toBe('Asia/Kolkata');
    const back = await http<{ timeZone: string }>(app.url, 'PUT', orgPath(), {
      token: await admin(),
      body: { timeZone: 'UTC' },
    });
    expect(back.body.timeZone).toBe('UTC');
  });

  // PST and IST: Node takes them (Java's old ids), PostgreSQL reads them as fixed offsets without
  // summer time. posix/Europe/Paris and Factory: PostgreSQL knows them, Node does not.
  const refused = [
    'Mars/Olympus_Mons',
    'utc+1',
    'Europe/Pariss',
    'PST',
    'IST',
    'posix/Europe/Paris',
    'Factory',
  ];
  it.each(refused)('refuses %s with 400 naming body/timeZone, and changes nothing', async (timeZone) => {
    const before = await http<{ version: number }>(app.url, 'GET', orgPath(), { token: await admin() });
    const res = await http<{ code: string; statusCode: number; meta: { fields: { field: string }[] } }>(
      app.url,
      'PUT',
      orgPath(),
      { token: await admin(), body: { timeZone, name: 'Renamed by a refused change' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.meta.fields.map((f) => f.field)).toEqual(['body/timeZone']);
    const after = await http<{ version: number; timeZone: string; name: string }>(app.url, 'GET', orgPath(), {
      token: await admin(),
    });
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.timeZone).toBe('UTC');
    expect(after.body.name).not.toBe('Renamed by a refused change');
  });
});
