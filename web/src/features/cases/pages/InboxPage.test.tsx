import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const clock = (daysLeft: number | null, overdue = false, running = true) => ({
  dayZero: '2026-11-01',
  days: 15,
  dueDate: '2026-11-16',
  daysLeft,
  overdue,
  running,
});
const summary = (n: number, extra: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
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
  clock: clock(10),
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  receiptDate: '2026-11-01',
  origin: 'professional',
  suspectProducts: ['Lisinopril 10 mg tablets'],
  reactions: ['Swollen lips'],
  reactionsCoded: false,
  attention: null,
  assigneeName: null,
  ...extra,
});

function staff() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  return fake;
}

describe('InboxPage', { timeout: 20_000 }, () => {
  it('lists open work with the clock in words, filters to serious with a chip, and moves by keyboard', async () => {
    const fake = staff();
    const request = routeRequests(fake, {
      'GET /v1/reports': ({ query }) => {
        const q = query as { serious?: boolean };
        const items = q.serious
          ? [summary(1, { serious: true, clock: clock(-3, true) })]
          : [summary(1, { serious: true, clock: clock(-3, true) }), summary(2, { clock: clock(1) })];
        return { items, page: 1, size: 50, total: items.length, nextCursor: null };
      },
    });
    renderApp('/cases', fake);
    await screen.findByRole('heading', { name: 'Inbox', level: 1 });
    const table = await screen.findByRole('table', { name: 'Cases' });
    expect(screen.getByRole('status')).toHaveTextContent('2 cases');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('REF-0001');
    expect(rows[1]).toHaveTextContent('Overdue by 3 days');
    expect(rows[2]).toHaveTextContent('One day left');
    expect(request).toHaveBeenCalledWith(
      'GET',
      '/v1/reports',
      expect.objectContaining({ query: { page: 1, size: 50, sort: 'priority', stage: 'open' } }),
    );

    rows[1]!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(rows[2]).toHaveFocus();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Serious only' }));
    await screen.findByText('One case');
    expect(request).toHaveBeenLastCalledWith(
      'GET',
      '/v1/reports',
      expect.objectContaining({
        query: { page: 1, size: 50, sort: 'priority', stage: 'open', serious: true },
      }),
    );
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Serious only');
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Serious only' }));
    await screen.findByText('2 cases');
  });

  it('marks a case with new information from the reporter or a rejection, and filters to those', async () => {
    const fake = staff();
    const since = '2026-11-21T09:00:00.000Z';
    const request = routeRequests(fake, {
      'GET /v1/reports': ({ query }) => {
        const q = query as { attention?: string[] };
        const items = [
          summary(1, { attention: { kind: 'new_information', since } }),
          summary(2, { attention: { kind: 'rejected', since }, status: 'in_triage' }),
          ...(q.attention ? [] : [summary(3, {})]),
        ];
        return { items, page: 1, size: 50, total: items.length, nextCursor: null };
      },
    });
    renderApp('/cases', fake);
    const table = await screen.findByRole('table', { name: 'Cases' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('New information from the reporter');
    expect(rows[2]).toHaveTextContent('Rejected: needs correction');
    expect(rows[3]).not.toHaveTextContent('New information');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Needs attention only' }));
    await screen.findByText('2 cases');
    expect(request).toHaveBeenLastCalledWith(
      'GET',
      '/v1/reports',
      expect.objectContaining({
        query: {
          page: 1,
          size: 50,
          sort: 'priority',
          stage: 'open',
          attention: ['new_information', 'rejected'],
        },
      }),
    );
  });

  it('filters by suspect product, reaction, source and receipt dates, kept in the address as chips', async () => {
    const fake = staff();
    const request = routeRequests(fake, {
      'GET /v1/reports': () => ({ items: [summary(1, {})], page: 1, size: 50, total: 1, nextCursor: null }),
      'GET /v1/saved-searches': () => [],
    });
    const { router } = renderApp('/cases', fake);
    await screen.findByRole('table', { name: 'Cases' });
    const form = screen.getByRole('form', { name: 'Search' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Suspect product/ }), ' lisinopril ');
    await userEvent.type(within(form).getByRole('textbox', { name: /Reaction/ }), 'swollen');
    await userEvent.type(within(form).getByLabelText('Received from'), '2026-11-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith(
        'GET',
        '/v1/reports',
        expect.objectContaining({
          query: {
            page: 1,
            size: 50,
            sort: 'priority',
            stage: 'open',
            product: 'lisinopril',
            reaction: 'swollen',
            dateFrom: '2026-11-01',
          },
        }),
      ),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Health professional' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith(
        'GET',
        '/v1/reports',
        expect.objectContaining({ query: expect.objectContaining({ origin: ['professional'] }) }),
      ),
    );
    expect(router.state.location.search).toBe(
      '?product=lisinopril&reaction=swollen&origin=professional&dateFrom=2026-11-01',
    );
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Product: lisinopril');
    expect(chips).toHaveTextContent('Reaction: swollen');
    expect(chips).toHaveTextContent('Received from 1 Nov 2026');
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Product: lisinopril' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('product'));
  });

  it('says what to do when there is no open case', async () => {
    const fake = staff();
    routeRequests(fake, {
      'GET /v1/reports': () => ({ items: [], page: 1, size: 50, total: 0, nextCursor: null }),
    });
    renderApp('/cases', fake);
    const empty = await screen.findByTestId('inbox-empty');
    expect(empty).toHaveTextContent('No open case: the inbox is clear.');
    expect(empty).toHaveTextContent(
      'New reports appear here when they are sent. You can also import an E2B(R3) file.',
    );
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Import E2B(R3)' })).toHaveAttribute(
      'href',
      '/cases/import',
    );
  });
});
