import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests, settled } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const summary = (n: number, extra: Record<string, unknown> = {}) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  reference: `REF-000${n}`,
  platformId: testSession.platformId,
  organisationId: organisation.id,
  status: 'received',
  name: null,
  source: null,
  extReportId: null,
  reportType: '1',
  serious: false,
  seriousness: [],
  country: 'FR',
  reporterUserId: null,
  assigneeUserId: null,
  formViewId: null,
  reportVersion: 1,
  clock: {
    dayZero: '2026-11-01',
    days: 90,
    dueDate: '2027-01-30',
    daysLeft: 60,
    overdue: false,
    running: true,
  },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  receiptDate: '2026-11-01',
  origin: 'public',
  suspectProducts: [`Product ${n}`],
  reactions: [`Reaction ${n}`],
  reactionsCoded: false,
  attention: null,
  assigneeName: null,
  ...extra,
});
const page = (items: unknown[]) => ({ items, page: 1, size: 50, total: items.length, nextCursor: null });
const three = [summary(1), summary(2), summary(3)];

function fakeFor(role: 'organisation_staff' | 'organisation_admin') {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, organisation)] }));
  return fake;
}

afterEach(() => window.localStorage.clear());

describe('Inbox: bulk selection', { timeout: 30_000 }, () => {
  it('selects by checkbox, by Space on a row and the whole page, assigns to me and names the case refused', async () => {
    const fake = fakeFor('organisation_staff');
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'POST /v1/reports/bulk/assign': () => ({
        results: [
          { id: three[0]!.id, reference: 'REF-0001', outcome: 'changed', status: 'assigned', error: null },
          {
            id: three[1]!.id,
            reference: 'REF-0002',
            outcome: 'refused',
            status: 'verified',
            error: {
              code: 'INVALID_TRANSITION',
              statusCode: 409,
              message: 'A case that is verified is not assigned',
              error: 'Conflict',
              meta: { current: 'verified', requested: 'assigned', allowed: [] },
            },
          },
        ],
        changed: 1,
        unchanged: 0,
        refused: 1,
      }),
    });
    renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select case REF-0001' }));
    const rows = within(table).getAllByRole('row');
    rows[2]!.focus();
    await userEvent.keyboard(' ');
    const bar = screen.getByRole('region', { name: 'Selected cases' });
    expect(within(bar).getByTestId('bulk-count')).toHaveTextContent('2 cases selected');
    expect(rows[2]).toHaveAttribute('aria-selected', 'true');
    // Staff cannot list the organisation's people: no "Assign to" for them.
    expect(within(bar).queryByRole('combobox', { name: 'Assign to' })).toBeNull();

    const all = within(table).getByRole('checkbox', { name: 'Select every case on this page' });
    expect(all).toHaveProperty('indeterminate', true);
    await userEvent.click(all);
    expect(within(bar).getByTestId('bulk-count')).toHaveTextContent('3 cases selected');
    await userEvent.click(all);
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select case REF-0001' }));
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select case REF-0002' }));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Selected cases' })).getByRole('button', {
        name: 'Assign to me',
      }),
    );
    const outcome = await screen.findByTestId('bulk-outcome');
    expect(outcome).toHaveTextContent('One case assigned.');
    expect(outcome).toHaveTextContent('One case was not changed:');
    expect(outcome).toHaveTextContent('REF-0002: it is “Verified” and cannot become “Assigned”');
    expect(request).toHaveBeenCalledWith('POST', '/v1/reports/bulk/assign', {
      body: { ids: [three[0]!.id, three[1]!.id] },
    });
    // Done: the selection is cleared.
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();
  });

  it('moves the selection to a status, asks the reason where it is needed, and names each refusal', async () => {
    const fake = fakeFor('organisation_staff');
    const refused = (id: string, reference: string | null, code: string, meta = {}) => ({
      id,
      reference,
      outcome: 'refused',
      status: null,
      error: { code, statusCode: code === 'NOT_FOUND' ? 404 : 403, message: 'no', error: 'x', meta },
    });
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'POST /v1/reports/bulk/status': ({ body }) => {
        const { status } = body as { status: string };
        if (status === 'duplicate')
          return {
            results: three.map((c) => ({
              id: c.id,
              reference: c.reference,
              outcome: 'changed',
              status,
              error: null,
            })),
            changed: 3,
            unchanged: 0,
            refused: 0,
          };
        return {
          results: [
            { id: three[0]!.id, reference: 'REF-0001', outcome: 'changed', status: 'in_triage', error: null },
            {
              id: three[1]!.id,
              reference: 'REF-0002',
              outcome: 'unchanged',
              status: 'in_triage',
              error: null,
            },
            refused(three[2]!.id, null, 'NOT_FOUND'),
          ],
          changed: 1,
          unchanged: 1,
          refused: 1,
        };
      },
    });
    renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every case on this page' }));
    const bar = screen.getByRole('region', { name: 'Selected cases' });
    expect(within(bar).getByRole('button', { name: 'Move' })).toBeDisabled();
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Move to' }));
    // Neither draft, assigned nor submitted is offered: those are other actions' steps.
    expect(screen.queryByRole('option', { name: 'Draft' })).toBeNull();
    expect(screen.queryByRole('option', { name: 'Submitted' })).toBeNull();
    await userEvent.click(await screen.findByRole('option', { name: 'Duplicate' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    expect(within(bar).getByText('Say why the cases become “Duplicate”')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('POST', '/v1/reports/bulk/status', expect.anything());
    await userEvent.type(
      within(bar).getByRole('textbox', { name: 'Reason' }),
      'Sent twice by the same nurse',
    );
    await userEvent.click(within(bar).getByRole('button', { name: 'Move' }));
    expect(await screen.findByTestId('bulk-outcome')).toHaveTextContent('3 cases moved to “Duplicate”.');
    expect(request).toHaveBeenCalledWith('POST', '/v1/reports/bulk/status', {
      body: { ids: three.map((c) => c.id), status: 'duplicate', reason: 'Sent twice by the same nurse' },
    });

    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select every case on this page' }));
    const again = screen.getByRole('region', { name: 'Selected cases' });
    await userEvent.click(within(again).getByRole('combobox', { name: 'Move to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In triage' }));
    // Reopening asks a reason, triage does not: the field is there, optional.
    expect(within(again).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    await userEvent.click(within(again).getByRole('button', { name: 'Move' }));
    const outcome = await screen.findByText('One case moved to “In triage”.');
    const alert = outcome.closest('[role="status"]')!;
    expect(alert).toHaveTextContent('One case was already “In triage”.');
    // The server does not name a case the caller cannot see: the list's reference is used.
    expect(alert).toHaveTextContent("REF-0003: it is no longer among your organisation's cases");
  });

  it('lets administrators assign the selection to a caseworker they choose', async () => {
    const fake = fakeFor('organisation_admin');
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'GET /v1/users': () => ({
        items: [
          {
            id: '00000000-0000-4000-8000-000000000777',
            firstName: 'Sam',
            lastName: 'Staff',
            email: 's@x.test',
          },
        ],
        page: 1,
        size: 100,
        total: 1,
      }),
      'POST /v1/reports/bulk/assign': () => ({
        results: [
          { id: three[2]!.id, reference: 'REF-0003', outcome: 'changed', status: 'assigned', error: null },
        ],
        changed: 1,
        unchanged: 0,
        refused: 0,
      }),
    });
    renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select case REF-0003' }));
    const bar = screen.getByRole('region', { name: 'Selected cases' });
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Assign to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sam Staff' }));
    await userEvent.click(within(bar).getByRole('button', { name: 'Assign' }));
    await screen.findByText('One case assigned.');
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/v1/users',
      expect.objectContaining({
        query: expect.objectContaining({ organisationIds: [organisation.id] }),
      }),
    );
    expect(request).toHaveBeenCalledWith('POST', '/v1/reports/bulk/assign', {
      body: { ids: [three[2]!.id], userId: '00000000-0000-4000-8000-000000000777' },
    });
  });
});

describe('Inbox: columns', { timeout: 30_000 }, () => {
  it('shows the columns chosen, and keeps the choice for this user across visits', async () => {
    const fake = fakeFor('organisation_staff');
    routeRequests(fake, {
      'GET /v1/reports': () =>
        page([
          summary(1, { assigneeUserId: testSession.userId, reportVersion: 2 }),
          summary(2, {
            assigneeUserId: '00000000-0000-4000-8000-000000000777',
            assigneeName: 'Noor Haddad',
            suspectProducts: ['Dexolan Duo 500 mg', 'Codarine syrup', 'Lisinopril'],
            reactions: ['Cephalalgia tensive'],
            reactionsCoded: true,
            origin: 'import',
            receiptDate: '2026-10-05',
          }),
        ]),
      'GET /v1/saved-searches': () => [],
    });
    const first = renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    // What the case is about first (issue 25 item 3), then where it stands.
    expect(headers()).toEqual([
      '',
      'Reference',
      'Suspect product',
      'Reaction',
      'Status',
      'Serious',
      'Due',
      'Received',
      'Source',
    ]);
    const second = within(table).getAllByRole('row')[2]!;
    expect(second).toHaveTextContent('Dexolan Duo 500 mg');
    expect(second).toHaveTextContent('and 2 more');
    expect(second).toHaveTextContent('Cephalalgia tensiveMedDRA');
    expect(second).toHaveTextContent('E2B import');
    expect(second).toHaveTextContent('5 Oct 2026');

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns to show' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Source' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Assigned to' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Version' }));
    expect(headers()).toEqual([
      '',
      'Reference',
      'Suspect product',
      'Reaction',
      'Status',
      'Serious',
      'Due',
      'Received',
      'Assigned to',
      'Version',
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('You');
    // A colleague by name, not "another caseworker".
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Noor Haddad');
    first.unmount();

    renderApp('/cases', fake);
    const again = await screen.findByRole('table', { name: 'Cases' });
    expect(
      within(again)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Version');
    expect(JSON.parse(window.localStorage.getItem(`vigilo:inbox-columns:${testSession.userId}`)!)).toEqual([
      'product',
      'reaction',
      'status',
      'serious',
      'due',
      'received',
      'assignee',
      'version',
    ]);
  });
});

describe('Inbox: saved searches', { timeout: 30_000 }, () => {
  it('applies a saved search, saves the current filters shared with the organisation, and deletes its own', async () => {
    const fake = fakeFor('organisation_staff');
    const saved = [
      {
        id: '00000000-0000-4000-8000-000000000201',
        organisationId: organisation.id,
        userId: testSession.userId,
        resource: 'reports',
        name: 'Serious, mine',
        description: null,
        filters: { stage: 'open', serious: true, assignee: '@me' },
        shared: false,
        mine: true,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000000202',
        organisationId: organisation.id,
        userId: '00000000-0000-4000-8000-000000000999',
        resource: 'reports',
        name: 'Vaccines overdue',
        description: null,
        filters: { overdue: true, query: 'vaccine', status: ['received', 'bogus'] },
        shared: true,
        mine: false,
        createdAt: '2026-11-20T10:00:00.000Z',
        updatedAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page([summary(1)]),
      'GET /v1/saved-searches': () => saved,
      'POST /v1/saved-searches': ({ body }) => ({ ...saved[0], ...(body as object), id: 'x' }),
      'DELETE /v1/saved-searches/00000000-0000-4000-8000-000000000201': () => undefined,
    });
    const { router } = renderApp('/cases', fake);
    const section = await screen.findByRole('region', { name: 'Saved searches' });
    await within(section).findByRole('button', { name: 'Serious, mine' });
    // A colleague's shared search can be used, not deleted.
    expect(
      within(section).queryByRole('button', { name: 'Delete the saved search Vaccines overdue' }),
    ).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Vaccines overdue (shared)' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith(
        'GET',
        '/v1/reports',
        expect.objectContaining({
          query: {
            page: 1,
            size: 50,
            sort: 'priority',
            query: 'vaccine',
            status: ['received'],
            overdue: true,
          },
        }),
      ),
    );
    expect(router.state.location.search).toBe('?query=vaccine&status=received&stage=all&overdue=true');

    await userEvent.click(within(section).getByRole('button', { name: 'Save this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this search' });
    await settled(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(within(dialog).getByText('Enter a name for the search')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Overdue vaccines, all');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Share with my organisation/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request).toHaveBeenCalledWith('POST', '/v1/saved-searches', {
      body: {
        name: 'Overdue vaccines, all',
        shared: true,
        resource: 'reports',
        filters: { query: 'vaccine', status: ['received'], overdue: true },
      },
    });

    await userEvent.click(
      within(section).getByRole('button', { name: 'Delete the saved search Serious, mine' }),
    );
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        'DELETE',
        '/v1/saved-searches/00000000-0000-4000-8000-000000000201',
      ),
    );
  });
});

describe('Inbox: export', { timeout: 30_000 }, () => {
  it('exports the selection as CSV, follows the progress and downloads the file through the client', async () => {
    const fake = fakeFor('organisation_staff');
    let polls = 0;
    const record = (status: string, progress: number) => ({
      id: '00000000-0000-4000-8000-000000000301',
      organisationId: organisation.id,
      kind: 'reports.csv',
      status,
      progress,
      error: null,
      fileName: status === 'done' ? 'cases-2026-11-27.csv' : null,
      size: status === 'done' ? 120 : null,
      createdAt: '2026-11-27T10:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      rowCount: status === 'done' ? 1 : null,
      truncated: false,
      version: 1,
    });
    const file = new Blob(['reference\nREF-0001\n'], { type: 'text/csv' });
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'POST /v1/reports/export': () => record('queued', 0),
      'GET /v1/exports/00000000-0000-4000-8000-000000000301': () => {
        polls += 1;
        return polls < 2 ? record('running', 40) : record('done', 100);
      },
      'GET /v1/exports/00000000-0000-4000-8000-000000000301/file': () => file,
    });
    const created = vi.fn(() => 'blob:cases');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select case REF-0002' }));
    await userEvent.click(
      within(screen.getByRole('region', { name: 'Selected cases' })).getByRole('button', {
        name: 'Export selected',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Export cases' });
    expect(dialog).toHaveTextContent('The selected case will be exported.');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Comma-separated values (CSV)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Export progress' });
    expect(request).toHaveBeenCalledWith('POST', '/v1/reports/export', {
      body: { format: 'csv', sort: 'priority', stage: 'open', ids: ['00000000-0000-4000-8000-000000000102'] },
    });
    await within(dialog).findByText('The file cases-2026-11-27.csv is ready.');
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/v1/exports/00000000-0000-4000-8000-000000000301/file',
      expect.objectContaining({ responseType: 'blob' }),
    );
    expect(created).toHaveBeenCalledWith(file);
    clicked.mockRestore();
    vi.unstubAllGlobals();
  });

  it('says when the file holds only the first cases of the search (the export limit, issue 29)', async () => {
    const fake = fakeFor('organisation_staff');
    const record = (status: string) => ({
      id: '00000000-0000-4000-8000-000000000302',
      organisationId: organisation.id,
      kind: 'reports.xlsx',
      status,
      progress: status === 'done' ? 100 : 0,
      error: null,
      fileName: status === 'done' ? 'cases-2026-12-03.xlsx' : null,
      size: status === 'done' ? 5120 : null,
      createdAt: '2026-12-03T10:00:00.000Z',
      startedAt: null,
      finishedAt: null,
      rowCount: status === 'done' ? 2 : null,
      truncated: status === 'done',
      version: 1,
    });
    routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'POST /v1/reports/export': () => record('queued'),
      'GET /v1/exports/00000000-0000-4000-8000-000000000302': () => record('done'),
    });
    renderApp('/cases', fake);
    await screen.findByRole('table', { name: 'Cases' });
    await userEvent.click(screen.getByRole('button', { name: 'Export this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export cases' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByText('The file cases-2026-12-03.xlsx is ready.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Not every case is in the fileThe file holds the first 2 cases of this search, in the list’s order: the search finds more than one export may hold. Narrow the search (dates, status) and export the rest.',
    );
  });

  it('exports the whole search from the header, saying how many cases it holds', async () => {
    const fake = fakeFor('organisation_staff');
    const request = routeRequests(fake, {
      'GET /v1/reports': () => page(three),
      'GET /v1/saved-searches': () => [],
      'POST /v1/reports/export': () => {
        throw Object.assign(new Error('forbidden'), {
          status: 403,
          body: { code: 'FORBIDDEN', statusCode: 403, message: 'no' },
        });
      },
    });
    renderApp('/cases?serious=true', fake);
    await screen.findByRole('table', { name: 'Cases' });
    await userEvent.click(screen.getByRole('button', { name: 'Export this search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export cases' });
    expect(dialog).toHaveTextContent('All 3 cases of this search will be exported.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start export' }));
    await within(dialog).findByText('The export could not be started');
    expect(request).toHaveBeenCalledWith('POST', '/v1/reports/export', {
      body: { format: 'xlsx', sort: 'priority', stage: 'open', serious: true },
    });
  });
});
