import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, membership, renderApp, testSession } from '../../../test/render.tsx';
import { adminUser, organisation, userDetail } from '../test/data.ts';
import { routeRequests } from '../test/fake-routes.ts';

const id = '00000000-0000-4000-8000-0000000000a1';
const path = `/v1/users/${id}`;

function setup(overrides = {}) {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(adminUser());
  let current = userDetail(overrides);
  const request = routeRequests(fake, {
    [`GET ${path}`]: () => current,
    [`PUT ${path}/toggle-deactivate`]: () => {
      current = { ...current, deactivated: !current.deactivated };
      return current;
    },
    [`DELETE ${path}`]: () => undefined,
    [`DELETE ${path}/memberships/${organisation.id}`]: () => undefined,
    [`PUT ${path}`]: ({ body }) => {
      const memberships = (body as { memberships: { organisationId: string; role: string }[] }).memberships;
      current = {
        ...current,
        memberships: memberships.map((m) => ({ ...m, organisationName: 'Hôpital Nord' })) as never,
      };
      return current;
    },
    'GET /v1/users': () => ({ items: [], page: 1, size: 50, total: 0 }),
    'GET /v1/organisations/lookup': () => [{ id: testSession.organisationId, name: 'Hôpital Nord' }],
  });
  return { fake, request };
}

// Generous: the first render of a file warms Mantine up, slow on a busy two-core machine.
describe('UserDetailPage', { timeout: 30_000 }, () => {
  it('shows details, roles, groups and a deletion request', async () => {
    const { fake, request } = setup({ deletionRequestedAt: '2026-11-02T00:00:00.000Z' });
    renderApp(`/admin/users/${id}`, fake);
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 1 })).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('GET', path, { query: { includeSettings: true } });
    expect(screen.getByText('+33 1 23 45 67 89')).toBeInTheDocument();
    const roles = screen.getByRole('table', { name: 'Roles' });
    expect(within(roles).getAllByRole('row')[1]).toHaveTextContent('Organisation staffHôpital Nord');
    expect(screen.getByText('Vaccines team')).toBeInTheDocument();
    expect(screen.getByText(/asked for their account to be deleted/)).toBeInTheDocument();
    expect(document.title).toBe('Grace Hopper – Vigilo');
  });

  it('deactivates after confirmation, then offers reactivation', async () => {
    const { fake, request } = setup();
    renderApp(`/admin/users/${id}`, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate this account?' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    expect(await within(dialog).findByText('Say why')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('PUT', `${path}/toggle-deactivate`, expect.anything());
    await userEvent.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'Left the team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate account' }));
    expect(await screen.findByText('The account has been deactivated.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('PUT', `${path}/toggle-deactivate`, {
      body: { reason: 'Left the team' },
    });
    expect(await screen.findByRole('button', { name: 'Reactivate account' })).toBeInTheDocument();
  });

  it('deletes permanently only after the email is typed', async () => {
    const { fake, request } = setup();
    const { router } = renderApp(`/admin/users/${id}`, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete permanently' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this account permanently?' });
    expect(dialog).toHaveTextContent('Reports and the audit trail are kept');
    const input = within(dialog).getByLabelText('To confirm, type the email address grace@example.org');
    await userEvent.type(
      within(dialog).getByLabelText('Reason (kept in the audit log)'),
      'Duplicate account',
    );
    await userEvent.type(input, 'someone@else');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(await within(dialog).findByText('Type the email address exactly as shown')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith('DELETE', path, expect.anything());
    await userEvent.clear(input);
    await userEvent.type(input, 'grace@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(request).toHaveBeenCalledWith('DELETE', path, { body: { reason: 'Duplicate account' } });
    // The users page renders after the navigation: slow on a busy machine.
    expect(
      await screen.findByText('The account has been deleted.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });

  it('changes roles: remove one, add one, save the list', async () => {
    const { fake, request } = setup();
    renderApp(`/admin/users/${id}`, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Change roles' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Organisation staff in Hôpital Nord' }));
    await userEvent.click(screen.getByLabelText('Organisation', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hôpital Nord' }));
    await userEvent.click(screen.getByLabelText('Role', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Assessor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save roles' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', path, {
        body: { memberships: [{ organisationId: testSession.organisationId, role: 'assessor' }] },
      }),
    );
    expect(await screen.findByText('The roles have been saved.')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Roles' })).getAllByRole('row')[1]).toHaveTextContent(
      'AssessorHôpital Nord',
    );
  });

  it("offers an administrator of only some of the user's organisations removal from theirs, not deletion", async () => {
    const other = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Clinique Sud' };
    const { fake, request } = setup({
      canManageAccount: false,
      pendingEmail: 'grace.new@example.org',
      memberships: [membership('organisation_staff', organisation), membership('reporter', other)],
    });
    const { router } = renderApp(`/admin/users/${id}`, fake);
    expect(await screen.findByText('grace.new@example.org')).toBeInTheDocument();
    expect(screen.getByText(/also belongs to organisations you do not administer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete permanently' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove from Clinique Sud' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove from Hôpital Nord' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Grace Hopper from Hôpital Nord?' });
    expect(dialog).toHaveTextContent('its other organisations stay as they are');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove from Hôpital Nord' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(request).toHaveBeenCalledWith('DELETE', `${path}/memberships/${organisation.id}`);
    expect(
      await screen.findByText('Grace Hopper has been removed from Hôpital Nord.', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
  });
});
