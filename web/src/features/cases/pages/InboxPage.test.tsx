import { configure, screen, within } from '@testing-library/react';
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
