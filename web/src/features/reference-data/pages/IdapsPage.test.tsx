import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { IdapsProfile } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const drugId = '00000000-0000-4000-8000-0000000000d1';

const profile: IdapsProfile = {
  drug: {
    id: drugId,
    code: 'VX-0001',
    name: 'Calmorin 10 mg',
    substances: ['Zelpramine'],
    strength: '10 mg',
    authorisationNumber: 'VN-10001/A',
  },
  snapshot: {
    id: '00000000-0000-4000-8000-0000000000b1',
    organisationId: organisation.id,
    status: 'published',
    reports: 12,
    reactions: 20,
    uncoded: 2,
    error: null,
    requestedAt: '2026-11-27T09:00:00.000Z',
    publishedAt: '2026-11-27T09:00:05.000Z',
  },
  from: null,
  to: null,
  reports: 4,
  totals: { reactions: 6, serious: 3, fatal: 1 },
  socs: [
    {
      code: 90000010,
      name: 'Skin disorders',
      reactions: 4,
      serious: 1,
      fatal: 0,
      pts: [
        { code: 90000101, name: 'Rash', reactions: 3, serious: 1, fatal: 0 },
        { code: 90000102, name: 'Itching', reactions: 1, serious: 0, fatal: 0 },
      ],
    },
    {
      code: 90000020,
      name: 'Heart disorders',
      reactions: 2,
      serious: 2,
      fatal: 1,
      pts: [{ code: 90000201, name: 'Palpitations', reactions: 2, serious: 2, fatal: 1 }],
    },
  ],
};

function staff() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  return fake;
}

describe('IdapsPage', { timeout: 30_000 }, () => {
  it('draws SOC bars that open their PTs, filters by dates, and shows the same numbers as a table', async () => {
    const fake = staff();
    const request = routeRequests(fake, {
      'GET /v1/drugs/idaps': ({ query }) => {
        const q = query as { from?: string };
        return q.from ? { ...profile, from: q.from, socs: [profile.socs[1]!], reports: 1 } : profile;
      },
    });
    renderApp(`/admin/drugs/${drugId}/idaps`, fake);
    await screen.findByRole('heading', { name: 'Reactions reported with Calmorin 10 mg', level: 1 });
    expect(
      within(screen.getByTestId('idaps-totals'))
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['4', 'Reports', '6', 'Reactions', '3', 'Serious', '1', 'Fatal']);
    const chart = screen.getByRole('list', { name: 'Reactions by system organ class' });
    const bars = within(chart).getAllByRole('button');
    expect(bars).toHaveLength(2);
    expect(bars[0]).toHaveAccessibleName(
      'Skin disorders 4 reactions · 1 serious · 0 fatal Show its preferred terms.',
    );
    expect(bars[1]).toHaveAccessibleName(
      'Heart disorders 2 reactions · 2 serious · 1 fatal Show its preferred terms.',
    );
    expect(
      screen.getByText('2 reactions of these reports have no MedDRA code and are not counted.'),
    ).toBeInTheDocument();

    await userEvent.click(within(chart).getByRole('button', { name: /^Skin disorders/ }));
    const pts = await screen.findByRole('list', { name: 'Preferred terms in Skin disorders' });
    expect(
      within(pts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rash3 reactions · 1 serious · 0 fatal', 'Itchingone reaction · 0 serious · 0 fatal']);
    expect(within(pts).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'All classes' }));
    await screen.findByRole('list', { name: 'Reactions by system organ class' });

    await userEvent.click(screen.getByRole('radio', { name: 'Table' }));
    const table = await screen.findByRole('table', { name: 'Reactions by class and preferred term' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'TermReactionsSeriousFatal',
      'Skin disorders410',
      'Rash310',
      'Itching100',
      'Heart disorders221',
      'Palpitations221',
    ]);

    await userEvent.type(screen.getByLabelText('Received from (optional)'), '2026-11-01');
    await userEvent.click(screen.getByRole('button', { name: 'Show these dates' }));
    await waitFor(() =>
      expect(request).toHaveBeenLastCalledWith('GET', '/v1/drugs/idaps', {
        query: { drugId, from: '2026-11-01' },
      }),
    );
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Reactions by class and preferred term' })).getAllByRole(
          'row',
        ),
      ).toHaveLength(3),
    );
  });

  it('says when no snapshot is published yet', async () => {
    const fake = staff();
    routeRequests(fake, {
      'GET /v1/drugs/idaps': () => ({
        ...profile,
        snapshot: null,
        socs: [],
        reports: 0,
        totals: { reactions: 0, serious: 0, fatal: 0 },
      }),
    });
    renderApp(`/admin/drugs/${drugId}/idaps`, fake);
    expect(await screen.findByTestId('idaps-none')).toHaveTextContent(
      'The reaction counts have not been computed yet.',
    );
  });

  it('says when the product is not found', async () => {
    const fake = staff();
    routeRequests(fake, {
      'GET /v1/drugs/idaps': () => {
        throw new ApiRequestError(404, {
          code: 'NOT_FOUND',
          statusCode: 404,
          error: 'Not Found',
          message: 'x',
        });
      },
    });
    renderApp(`/admin/drugs/${drugId}/idaps`, fake);
    expect(await screen.findByText('The reaction profile could not be loaded')).toBeInTheDocument();
  });
});
