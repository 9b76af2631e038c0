import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { UserPage } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';
import { adminUser, organisation, userDetail } from '../test/data.ts';
import { routeRequests } from '../test/fake-routes.ts';

const page = (items = [userDetail()], total = items.length): UserPage => ({
  items,
  page: 1,
  size: 50,
  total,
});

function setup(users: (query: Record<string, unknown>) => UserPage = () => page()) {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(adminUser());
  const request = routeRequests(fake, {
    'GET /v1/users': ({ query }) => users(query ?? {}),
    'GET /v1/organisations/lookup': () => [
      organisation,
      { id: '00000000-0000-4000-8000-0000000000o2', name: 'Clinique Sud' },
    ],
    'POST /v1/users/export': () => 'id,email\r\n',
  });
  return { fake, request };
}

// Generous: the first render of a file warms Mantine up, slow on a busy two-core machine.
describe('UsersPage', { timeout: 30_000 }, () => {
  it('lists users with name, email, roles and status, 50 a page, and is in the menu', async () => {
    const { fake, request } = setup(() =>
      page(
        [
          userDetail(),
          userDetail({
            id: '00000000-0000-4000-8000-0000000000a2',
            firstName: 'Alan',
            lastName: 'Turing',
            email: 'alan@example.org',
            deactivated: true,
            deletionRequestedAt: '2026-11-01T00:00:00.000Z',
          }),
        ],
        2,
      ),
    );
    renderApp('/admin/users', fake);
    expect(await screen.findByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Grace Hopper');
    expect(rows[1]).toHaveTextContent('grace@example.org');
    expect(rows[1]).toHaveTextContent('Organisation staff · Hôpital Nord');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[2]).toHaveTextContent('Deactivated');
    expect(rows[2]).toHaveTextContent('Deletion requested');
    expect(within(rows[1]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/admin/users/00000000-0000-4000-8000-0000000000a1',
    );
    expect(request).toHaveBeenCalledWith('GET', '/v1/users', {
      query: expect.objectContaining({ page: 1, size: 50 }),
    });
    expect(await screen.findByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/users');
  });

  it('searches with every filter', async () => {
    const { fake, request } = setup();
    renderApp('/admin/users', fake);
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.type(screen.getByLabelText('Name, email or username'), 'grace');
    await userEvent.click(screen.getByLabelText('Organisations (optional)', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Clinique Sud' }));
    await userEvent.click(screen.getByLabelText('Roles (optional)', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Assessor' }));
    await userEvent.click(screen.getByLabelText('Change request status (optional)', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Pending' }));
    await userEvent.click(screen.getByLabelText('Account types (optional)', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Healthcare professional' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include deactivated accounts' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Only accounts that asked to be deleted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith('GET', '/v1/users', {
        query: {
          query: 'grace',
          organisationIds: ['00000000-0000-4000-8000-0000000000o2'],
          roleIds: ['assessor'],
          changeRequestStatuses: ['pending'],
          accountTypes: ['hcp'],
          includeDeactivated: true,
          includeOnlyDeletionRequests: true,
          page: 1,
          size: 50,
        },
      }),
    );
  });

  it('keeps its filters in the address: they survive a reload and Back (issue 10 item 10)', async () => {
    const { fake, request } = setup();
    // A reload is a fresh render at the same address.
    const { router, unmount } = renderApp(
      '/admin/users?query=grace&roleIds=assessor&roleIds=not-a-role&includeDeactivated=true&page=2',
      fake,
    );
    await screen.findByRole('table', { name: 'Users' });
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/users', {
      query: expect.objectContaining({
        query: 'grace',
        roleIds: ['assessor'],
        includeDeactivated: true,
        page: 2,
      }),
    });
    expect(screen.getByLabelText('Name, email or username')).toHaveValue('grace');
    expect(screen.getByRole('checkbox', { name: 'Include deactivated accounts' })).toBeChecked();

    await userEvent.clear(screen.getByLabelText('Name, email or username'));
    await userEvent.type(screen.getByLabelText('Name, email or username'), 'alan');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('query')).toBe('alan'));
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByLabelText('Name, email or username')).toHaveValue('grace'));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith('GET', '/v1/users', {
        query: expect.objectContaining({ query: 'grace', page: 2 }),
      }),
    );
    unmount();
  });

  it('pages through results and exports CSV', async () => {
    const { fake, request } = setup((query) => ({ ...page([userDetail()], 120), page: Number(query.page) }));
    renderApp('/admin/users', fake);
    expect(await screen.findByText('120 users')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of results' });
    await userEvent.click(within(pages).getByRole('button', { name: '3' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith('GET', '/v1/users', {
        query: expect.objectContaining({ page: 3 }),
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The users export has been downloaded.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('POST', '/v1/users/export', { body: {}, responseType: 'text' });
  });

  it('shows the empty state and a retry after a failure', async () => {
    let fail = true;
    const { fake } = setup(() => {
      if (fail)
        throw new ApiRequestError(500, {
          code: 'INTERNAL_ERROR',
          statusCode: 500,
          message: 'x',
          error: 'x',
          meta: {},
        });
      return page([]);
    });
    renderApp('/admin/users', fake);
    expect(await screen.findByText('The users could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
  });
});
