import { screen, within } from '@testing-library/react';
import type { RoleName } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../test/render.tsx';
import { navItems, sessionRoles, visibleNavItems } from './navigation.ts';

const paths = (roles: RoleName[]) => visibleNavItems(roles).map((item) => item.path);
const org = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const otherOrg = { id: '00000000-0000-4000-8000-0000000000ff', name: 'Clinique Sud' };

describe('navigation table', () => {
  it('shows everyone their profile and administrators the API documentation', () => {
    expect(paths(['reporter'])).toEqual(['/profile']);
    expect(paths(['organisation_staff', 'assessor'])).toEqual(['/profile']);
    expect(paths(['organisation_admin'])).toEqual(['/profile', '/docs']);
    expect(paths(['platform_admin'])).toEqual(['/profile', '/docs']);
    expect(paths(['system_admin'])).toEqual(['/profile', '/docs']);
    expect(paths([])).toEqual(['/profile']);
  });

  it('keeps table order and gives every entry a label key and icon', () => {
    for (const item of navItems) {
      expect(item.labelKey).toMatch(/^nav\./);
      expect(item.icon).toBeTruthy();
    }
  });

  it("counts platform-wide roles and the session organisation's roles only", () => {
    const user = makeUser({
      memberships: [
        membership('reporter'),
        membership('assessor', org),
        membership('organisation_admin', otherOrg),
      ],
    });
    expect(sessionRoles(user)).toEqual(['reporter', 'assessor']);
    expect(sessionRoles({ ...user, organisationId: null })).toEqual([
      'reporter',
      'assessor',
      'organisation_admin',
    ]);
  });

  it('renders the filtered entries in the shell navigation', async () => {
    const reporter = createFakeApi(testSession);
    const { unmount } = renderApp('/profile', reporter);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('link', { name: 'My profile' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).queryByRole('link', { name: 'API documentation' })).not.toBeInTheDocument();
    unmount();

    const admin = createFakeApi(testSession);
    admin.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_admin', org)] }));
    renderApp('/profile', admin);
    const adminNav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(adminNav).findByRole('link', { name: 'API documentation' })).toHaveAttribute(
      'href',
      '/docs',
    );
  });
});
