import { screen, within } from '@testing-library/react';
import type { RoleName } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../lib/i18n.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../test/render.tsx';
import { allTranslations } from '../test/translations.ts';
import { activeNavPath, navItems, sessionRoles, visibleNavItems } from './navigation.ts';

const i18n = createI18n('en', allTranslations);

const paths = (roles: RoleName[]) => visibleNavItems(roles).map((item) => item.path);
const org = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const otherOrg = { id: '00000000-0000-4000-8000-0000000000ff', name: 'Clinique Sud' };

describe('navigation table', () => {
  // Profile, account and security are in the account menu, not here (decision 0287).
  const people = ['/admin/users', '/admin/change-requests', '/admin/invites', '/admin/user-groups'];

  it('shows each role its work, and administration by role', () => {
    expect(paths(['reporter'])).toEqual(['/my-reports']);
    expect(paths(['organisation_staff', 'assessor'])).toEqual([
      '/cases',
      '/cases/import',
      '/submissions',
      '/submissions/review',
      '/admin/drugs',
      '/admin/edqm',
      '/admin/hospitals',
    ]);
    expect(paths(['assessor'])).toEqual([
      '/cases',
      '/submissions/review',
      '/admin/drugs',
      '/admin/edqm',
      '/admin/hospitals',
    ]);
    expect(paths([])).toEqual([]);
    expect(paths(['organisation_admin'])).toEqual([
      '/cases',
      '/cases/import',
      '/submissions',
      '/submissions/review',
      ...people,
      '/admin/organisation',
      '/admin/forms',
      '/admin/meddra',
      '/admin/drugs',
      '/admin/edqm',
      '/admin/hospitals',
      '/admin/dictionaries',
      '/admin/api-keys',
      '/docs',
    ]);
    for (const role of ['platform_admin', 'system_admin'] as const) {
      expect(paths([role])).toEqual([
        '/cases',
        '/cases/import',
        '/submissions',
        '/submissions/review',
        ...people,
        '/admin/organisations',
        '/admin/forms',
        '/admin/meddra',
        '/admin/drugs',
        '/admin/edqm',
        '/admin/hospitals',
        '/admin/dictionaries',
        '/admin/api-keys',
        '/admin/sso-providers',
        '/docs',
      ]);
    }
  });

  it('gives every entry a translated label and an icon', () => {
    for (const item of navItems) {
      expect(i18n.t(item.labelKey)).not.toBe(item.labelKey);
      expect(i18n.t(item.labelKey, { lng: 'fr' })).not.toBe(item.labelKey);
      expect(item.icon).toBeTruthy();
    }
  });

  it('marks the most specific entry as the current page', () => {
    expect(activeNavPath('/submissions/review', navItems)).toBe('/submissions/review');
    expect(activeNavPath('/submissions/reports/1', navItems)).toBe('/submissions');
    expect(activeNavPath('/admin/users/123', navItems)).toBe('/admin/users');
    expect(activeNavPath('/admin/organisations', navItems)).toBe('/admin/organisations');
    expect(activeNavPath('/accounting', navItems)).toBeNull();
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
    expect(await within(nav).findByRole('link', { name: 'My reports' })).toHaveAttribute(
      'href',
      '/my-reports',
    );
    expect(within(nav).queryByRole('link', { name: 'My profile' })).not.toBeInTheDocument();
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
