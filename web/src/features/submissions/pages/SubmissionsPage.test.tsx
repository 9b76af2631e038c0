import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it } from 'vitest';
import { makeUser, membership, renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { organisation, page, RECEIVER_ID, signedInAs, submissionReport } from '../test/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const summary = {
  total: 7,
  byStatus: { NOT_SENT: 1, SENT: 2, IN_REVIEW: 0, ACCEPTED: 3, REJECTED: 1, FAILED: 0 },
  overdue: 2,
  dueSoon: 1,
};
const receivers = () => [{ id: RECEIVER_ID, name: 'FDA ESG' }];

describe('SubmissionsPage', { timeout: 20_000 }, () => {
  it('lists overdue first with the deadline in words, counts as tiles that filter, filters kept in the address', async () => {
    const fake = signedInAs('organisation_staff');
    const request = routeRequests(fake, {
      'GET /v1/users/@me/submission-report-summary': () => summary,
      'GET /v1/receivers': receivers,
      'GET /v1/submissions/reports': ({ query }) => {
        const q = query as { overdue?: boolean };
        const overdue = submissionReport(1, { status: 'FAILED', overdue: true, dueDate: '2026-11-10' });
        const soon = submissionReport(2, {
          status: 'NOT_SENT',
          dueSoon: true,
          dueDate: '2026-11-29',
          sentAt: null,
        });
        return page(q.overdue ? [overdue] : [overdue, soon, submissionReport(3, { status: 'ACCEPTED' })]);
      },
    });
    const { router } = renderApp('/submissions', fake);
    await screen.findByRole('heading', { name: 'Submissions', level: 1 });
    const table = await screen.findByRole('table', { name: 'Submission reports' });
    expect(request).toHaveBeenCalledWith('GET', '/v1/submissions/reports', { query: { page: 1, size: 50 } });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('K7HD-3MX1-R');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Overdue since 10 Nov 2026');
    expect(rows[2]).toHaveTextContent('Due soon: 29 Nov 2026');
    expect(rows[2]).toHaveTextContent('Not yet');
    expect(rows[3]).toHaveTextContent('Accepted');
    expect(within(rows[1]!).getByRole('link', { name: 'K7HD-3MX1-R' })).toHaveAttribute(
      'href',
      '/submissions/reports/00000000-0000-4000-8000-000000000101',
    );
    expect(screen.getByRole('status')).toHaveTextContent('3 submission reports');

    const tiles = screen.getByRole('group', { name: 'Counts' });
    const overdueTile = within(tiles).getByRole('button', { name: /2\s*Overdue/ });
    expect(overdueTile).toHaveAttribute('aria-pressed', 'false');
    expect(within(tiles).getByRole('button', { name: /3\s*Accepted/ })).toBeInTheDocument();
    await userEvent.click(overdueTile);
    await screen.findByText('One submission report');
    expect(router.state.location.search).toBe('?due=overdue');
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/submissions/reports', {
      query: { page: 1, size: 50, overdue: true },
    });
    expect(within(tiles).getByRole('button', { name: /2\s*Overdue/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const chips = screen.getByRole('group', { name: 'Active filters' });
    await userEvent.click(within(chips).getByRole('button', { name: 'Remove filter: Overdue' }));
    await screen.findByText('3 submission reports');
    expect(router.state.location.search).toBe('');
  });

  it('reads the filters from the address and searches a case reference as typed', async () => {
    const fake = signedInAs('organisation_staff');
    const request = routeRequests(fake, {
      'GET /v1/users/@me/submission-report-summary': () => summary,
      'GET /v1/receivers': receivers,
      'GET /v1/submissions/reports': () => page([submissionReport(1)], 120),
    });
    const { router } = renderApp(
      `/submissions?status=SENT&receiver=${RECEIVER_ID}&review=PENDING&page=2`,
      fake,
    );
    await screen.findByRole('table', { name: 'Submission reports' });
    expect(request).toHaveBeenCalledWith('GET', '/v1/submissions/reports', {
      query: { page: 2, size: 50, status: 'SENT', receiverId: RECEIVER_ID, reviewStatus: 'PENDING' },
    });
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Sent');
    expect(await within(chips).findByText('FDA ESG')).toBeInTheDocument();
    expect(chips).toHaveTextContent('Waiting for review');
    // 120 reports at 50 a page: three pages.
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('3');

    await userEvent.type(screen.getByLabelText('Case reference'), 'k7hd 3m');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/submissions/reports', {
      query: {
        page: 1,
        size: 50,
        status: 'SENT',
        receiverId: RECEIVER_ID,
        reviewStatus: 'PENDING',
        reference: 'k7hd 3m',
      },
    });
    expect(new URLSearchParams(router.state.location.search).get('reference')).toBe('k7hd 3m');
    await userEvent.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing was submitted yet, and offers to try again when the list fails', async () => {
    const fake = signedInAs('organisation_staff');
    let fail = true;
    routeRequests(fake, {
      'GET /v1/users/@me/submission-report-summary': () => ({ ...summary, total: 0, overdue: 0, dueSoon: 0 }),
      'GET /v1/receivers': receivers,
      'GET /v1/submissions/reports': () => {
        if (fail)
          throw new ApiRequestError(503, {
            code: 'SERVICE_UNAVAILABLE',
            statusCode: 503,
            message: 'x',
            error: 'x',
            meta: {},
          });
        return page([]);
      },
    });
    renderApp('/submissions', fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The submissions could not be loaded');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    const empty = await screen.findByTestId('submissions-empty');
    expect(empty).toHaveTextContent('Nothing has been submitted yet.');
  });

  it('speaks French to a French account', async () => {
    const fake = signedInAs('organisation_staff');
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('organisation_staff', organisation)] }),
    );
    routeRequests(fake, {
      'GET /v1/users/@me/submission-report-summary': () => summary,
      'GET /v1/receivers': receivers,
      'GET /v1/submissions/reports': () =>
        page([submissionReport(1, { status: 'FAILED', overdue: true, dueDate: '2026-11-10' })]),
    });
    renderApp('/submissions', fake);
    await screen.findByRole('heading', { name: 'Soumissions', level: 1 });
    const table = await screen.findByRole('table', { name: 'Rapports de soumission' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('En retard depuis le 10 nov. 2026');
    expect(
      within(screen.getByRole('group', { name: 'Décomptes' })).getByRole('button', { name: /2\s*En retard/ }),
    ).toBeInTheDocument();
  });
});
