import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GroupLocation, GroupUser, UserGroup } from '@vigilo/contract';
import { describe, expect, it, type Mock, vi } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests } from '../testing.ts';

const orgId = testSession.organisationId!;
const id = '00000000-0000-4000-8000-00000000a001';

function setUp() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(
    makeUser({ memberships: [membership('organisation_admin', { id: orgId, name: 'A' })] }),
  );
  let current: UserGroup = {
    id,
    platformId: testSession.platformId!,
    organisationId: orgId,
    name: 'Vaccine team',
    description: 'AEFI only',
    reportTypes: ['aefi'],
    userCount: 1,
    locationCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
  const users: GroupUser[] = [
    { id: 'u1', email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace', assigned: true },
    { id: 'u2', email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', assigned: false },
  ];
  const locations: GroupLocation[] = [{ id: 'l1', name: 'North ward', code: 'N', assigned: false }];
  const window = <T extends { assigned: boolean }>(
    rows: T[],
    query: Record<string, unknown>,
    text: (r: T) => string,
  ) =>
    rows
      .filter((r) => query.includeUnassigned || r.assigned)
      .filter((r) => !query.query || text(r).toLowerCase().includes(String(query.query).toLowerCase()))
      .slice(Number(query.offset), Number(query.offset) + Number(query.limit));
  answerRequests(fake.api.request as Mock, {
    [`GET /v1/user-groups/${id}`]: () => current,
    [`PUT /v1/user-groups/${id}`]: ({ body }) => {
      current = { ...current, ...(body as object), updatedAt: new Date().toISOString() };
      return current;
    },
    [`DELETE /v1/user-groups/${id}`]: () => undefined,
    [`GET /v1/user-groups/organisation/${orgId}`]: () => [],
    [`GET /v1/user-groups/${id}/users`]: ({ query }) =>
      window(users, query!, (u) => `${u.firstName} ${u.lastName} ${u.email}`),
    [`PUT /v1/user-groups/${id}/users`]: ({ body }) => {
      const { assigned, unassigned } = body as { assigned: string[]; unassigned: string[] };
      for (const u of users) {
        if (assigned.includes(u.id)) u.assigned = true;
        if (unassigned.includes(u.id)) u.assigned = false;
      }
    },
    [`GET /v1/user-groups/${id}/locations`]: ({ query }) =>
      window(locations, query!, (l) => `${l.name} ${l.code}`),
    [`PUT /v1/user-groups/${id}/locations`]: ({ body }) => {
      const { assigned } = body as { assigned: string[] };
      for (const l of locations) if (assigned.includes(l.id)) l.assigned = true;
    },
  });
  return fake;
}

describe('UserGroupPage', () => {
  it('edits the group’s name, description and report types', async () => {
    const fake = setUp();
    renderApp(`/admin/user-groups/${id}`, fake);
    expect(await screen.findByRole('heading', { name: 'Vaccine team', level: 1 })).toBeInTheDocument();
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Vaccines');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The group has been saved.')).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('PUT', `/v1/user-groups/${id}`, {
      body: { name: 'Vaccines', description: 'AEFI only', reportTypes: ['aefi'] },
      headers: { 'if-match': '"1"' },
    });
    expect(await screen.findByRole('heading', { name: 'Vaccines', level: 1 })).toBeInTheDocument();
  });

  it('assigns and removes users, searches, and narrows to the assigned', async () => {
    const fake = setUp();
    renderApp(`/admin/user-groups/${id}`, fake);
    const users = await screen.findByRole('region', { name: 'Users' });
    await userEvent.click(await within(users).findByRole('button', { name: 'Add Grace Hopper' }));
    expect(await within(users).findByRole('button', { name: 'Remove Grace Hopper' })).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('PUT', `/v1/user-groups/${id}/users`, {
      body: { assigned: ['u2'], unassigned: [] },
    });
    await userEvent.click(within(users).getByRole('button', { name: 'Remove Ada Lovelace' }));
    expect(await within(users).findByRole('button', { name: 'Add Ada Lovelace' })).toBeInTheDocument();

    await userEvent.click(within(users).getByRole('radio', { name: 'Assigned' }));
    await waitFor(() => expect(within(users).queryByText('Ada Lovelace')).not.toBeInTheDocument());
    expect(within(users).getByText('Grace Hopper')).toBeInTheDocument();

    await userEvent.click(within(users).getByRole('radio', { name: 'All' }));
    await userEvent.type(within(users).getByLabelText(/^Search/), 'ada');
    await userEvent.click(within(users).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(within(users).queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(within(users).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('assigns a location', async () => {
    const fake = setUp();
    renderApp(`/admin/user-groups/${id}`, fake);
    const locations = await screen.findByRole('region', { name: 'Locations' });
    await userEvent.click(await within(locations).findByRole('button', { name: 'Add North ward' }));
    expect(await within(locations).findByRole('button', { name: 'Remove North ward' })).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('PUT', `/v1/user-groups/${id}/locations`, {
      body: { assigned: ['l1'], unassigned: [] },
    });
  });

  it('deletes the group after confirmation and returns to the list', async () => {
    const fake = setUp();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { router } = renderApp(`/admin/user-groups/${id}`, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete group' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete the group Vaccine team? Its members will no longer be narrowed by it.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user-groups'));
    confirm.mockRestore();
  });
});
