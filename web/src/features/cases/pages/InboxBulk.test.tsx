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
      'POST /v1/report/00000000-0000-4000-8000-000000000101/assign': () => summary(1),
      'POST /v1/report/00000000-0000-4000-8000-000000000102/assign': () => {
        throw Object.assign(new Error('conflict'), {
          status: 409,
          body: { code: 'INVALID_TRANSITION', statusCode: 409, message: 'no' },
        });
      },
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
    const outcome = await screen.findByText('One case assigned.');
    expect(outcome.closest('[role="status"]')).toHaveTextContent(
      'REF-0002 was not assigned: This cannot be done in its current state. Reload the page to see where it is now.',
    );
    expect(request).toHaveBeenCalledWith(
      'POST',
      '/v1/report/00000000-0000-4000-8000-000000000101/assign',
      expect.objectContaining({ body: {} }),
    );
    // Done: the selection is cleared.
    expect(screen.queryByRole('region', { name: 'Selected cases' })).toBeNull();
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
      'POST /v1/report/00000000-0000-4000-8000-000000000103/assign': () => summary(3),
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
    expect(request).toHaveBeenCalledWith(
      'POST',
      '/v1/report/00000000-0000-4000-8000-000000000103/assign',
      expect.objectContaining({ body: { userId: '00000000-0000-4000-8000-000000000777' } }),
    );
  });
});

describe('Inbox: columns', { timeout: 30_000 }, () => {
  it('shows the columns chosen, and keeps the choice for this user across visits', async () => {
    const fake = fakeFor('organisation_staff');
    routeRequests(fake, {
      'GET /v1/reports': () => page([summary(1, { assigneeUserId: testSession.userId, reportVersion: 2 })]),
      'GET /v1/saved-searches': () => [],
    });
    const first = renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers()).toEqual(['', 'Reference', 'Status', 'Serious', 'Due', 'Country', 'Last change']);

    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const picker = await screen.findByRole('group', { name: 'Columns to show' });
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Country' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Assigned to' }));
    await userEvent.click(within(picker).getByRole('checkbox', { name: 'Version' }));
    expect(headers()).toEqual([
      '',
      'Reference',
      'Status',
      'Serious',
      'Due',
      'Assigned to',
      'Version',
      'Last change',
    ]);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('You');
    first.unmount();

    renderApp('/cases', fake);
    const again = await screen.findByRole('table', { name: 'Cases' });
    expect(
      within(again)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toContain('Version');
    expect(JSON.parse(window.localStorage.getItem(`vigilo:inbox-columns:${testSession.userId}`)!)).toEqual([
      'status',
      'serious',
      'due',
      'assignee',
      'version',
      'updated',
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
