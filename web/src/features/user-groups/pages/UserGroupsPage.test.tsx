import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserGroup } from '@vigilo/contract';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests } from '../testing.ts';

const orgId = testSession.organisationId!;

function group(overrides: Partial<UserGroup> = {}): UserGroup {
  return {
    id: '00000000-0000-4000-8000-00000000a001',
    platformId: testSession.platformId!,
    organisationId: orgId,
    name: 'Vaccine team',
    description: 'AEFI only',
    reportTypes: ['aefi'],
    userCount: 2,
    locationCount: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

function setUp(groups: UserGroup[]) {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(
    makeUser({ memberships: [membership('organisation_admin', { id: orgId, name: 'A' })] }),
  );
  answerRequests(fake.api.request as Mock, {
    [`GET /v1/user-groups/organisation/${orgId}`]: () => groups,
    'POST /v1/user-groups': ({ body }) =>
      group({ id: '00000000-0000-4000-8000-00000000a002', ...(body as object) }),
  });
  return fake;
}

describe('UserGroupsPage', () => {
  it('lists the organisation’s groups with their report types and counts', async () => {
    renderApp(
      '/admin/user-groups',
      setUp([
        group(),
        group({ id: '00000000-0000-4000-8000-00000000a003', name: 'Everything', reportTypes: [] }),
      ]),
    );
    const table = await screen.findByRole('table', { name: 'User groups' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'NameReport typesUsersLocations',
      'Vaccine teamSide effect after a vaccine (AEFI)21',
      'EverythingAll types21',
    ]);
    expect(within(table).getByRole('link', { name: 'Vaccine team' })).toHaveAttribute(
      'href',
      '/admin/user-groups/00000000-0000-4000-8000-00000000a001',
    );
  });

  it('creates a group (name required) and opens it', async () => {
    const fake = setUp([]);
    const { router } = renderApp('/admin/user-groups', fake);
    expect(await screen.findByText('No user groups yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findAllByText("Enter the group's name")).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('Name'), 'Devices');
    // Picked by its label from a list, never typed as a code (issue 10 item 6).
    await userEvent.click(document.getElementById('new-group-report-types')!);
    await userEvent.click(await screen.findByRole('option', { name: 'Product defect' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/user-groups/00000000-0000-4000-8000-00000000a002'),
    );
    expect(fake.api.request).toHaveBeenCalledWith('POST', '/v1/user-groups', {
      body: { name: 'Devices', description: '', reportTypes: ['product_defect'], organisationId: orgId },
    });
  });
});
