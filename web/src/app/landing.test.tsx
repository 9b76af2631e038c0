import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleName } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../test/render.tsx';
import { homePathFor } from './landing.ts';

const org = { id: testSession.organisationId!, name: 'Hôpital Nord' };

/** Issue 25 item 11 (decision 0287): each role lands where its work is, not on "My profile". */
describe('where each role lands', () => {
  it('sends staff to the inbox, assessors to the review queue, reporters to their reports', () => {
    const table: [RoleName[], string][] = [
      [['organisation_staff'], '/cases'],
      [['organisation_admin'], '/cases'],
      [['assessor'], '/submissions/review'],
      [['reporter'], '/my-reports'],
      [['platform_admin'], '/admin/organisations'],
      [['system_admin'], '/admin/organisations'],
      // Staff who also review still start on the inbox; a reporter who is staff too as well.
      [['assessor', 'organisation_staff'], '/cases'],
      [['reporter', 'assessor'], '/submissions/review'],
      [[], '/profile'],
    ];
    for (const [roles, path] of table) expect(homePathFor(roles), roles.join('+')).toBe(path);
  });

  it('opens the signed-in user’s page from / and /home, by the roles of the organisation the session works in', async () => {
    for (const [role, path] of [
      ['organisation_staff', '/cases'],
      ['assessor', '/submissions/review'],
      ['reporter', '/my-reports'],
    ] as const) {
      const fake = createFakeApi(testSession);
      fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, org)] }));
      const { router, unmount } = renderApp('/', fake);
      await waitFor(() => expect(router.state.location.pathname, role).toBe(path));
      unmount();
    }
    // Staff elsewhere, only a reporter here: the reports, not another organisation's inbox.
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({
        memberships: [
          membership('reporter', org),
          membership('organisation_staff', {
            id: '00000000-0000-4000-8000-0000000000ff',
            name: 'Clinique Sud',
          }),
        ],
      }),
    );
    const { router } = renderApp('/home', fake);
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-reports'));
  });

  it('keeps profile, account and security in the account menu', async () => {
    const fake = createFakeApi(testSession);
    renderApp('/profile', fake);
    await screen.findByRole('heading', { name: 'My profile', level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'My profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: /Account/ })).toHaveAttribute('href', '/account');
    expect(within(menu).getByRole('menuitem', { name: /Security/ })).toHaveAttribute(
      'href',
      '/account/security',
    );
  });
});
