import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests as answer, organisation } from '../testing.ts';

function platformAdmin() {
  const fake = createFakeApi({ ...testSession, organisationId: null });
  fake.getUser.mockResolvedValue(
    makeUser({ organisationId: null, memberships: [membership('platform_admin')] }),
  );
  return fake;
}

describe('OrganisationsPage', () => {
  it('lists organisations, searches by name and pages', async () => {
    const fake = platformAdmin();
    const all = Array.from({ length: 25 }, (_, i) =>
      organisation({
        id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
        name: `Org ${i}`,
      }),
    );
    answer(fake.api.request as Mock, {
      'GET /v1/organisations/paginated': ({ query }) => {
        const q = String(query?.query ?? '');
        const page = Number(query?.page);
        const size = Number(query?.size);
        const hits = all.filter((o) => o.name.includes(q));
        return { items: hits.slice((page - 1) * size, page * size), page, size, total: hits.length };
      },
    });
    const { router } = renderApp('/admin/organisations', fake);
    expect(await screen.findByRole('heading', { name: 'Organisations', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('25 organisations')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Organisations' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByRole('link', { name: 'Org 0' })).toHaveAttribute(
      'href',
      `/admin/organisations/${all[0]!.id}`,
    );

    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(await screen.findByRole('link', { name: 'Org 24' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.type(screen.getByLabelText(/Search by name/), 'Org 1');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('11 organisations')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?query=Org+1');
  });

  it('says so when nothing matches, and offers a retry when loading fails', async () => {
    const fake = platformAdmin();
    let fail = true;
    answer(fake.api.request as Mock, {
      'GET /v1/organisations/paginated': () => {
        if (fail) {
          fail = false;
          throw new ApiRequestError(500, {
            code: 'INTERNAL_ERROR',
            statusCode: 500,
            message: 'x',
            error: 'x',
            meta: {},
          });
        }
        return { items: [], page: 1, size: 20, total: 0 };
      },
    });
    renderApp('/admin/organisations', fake);
    expect(await screen.findByText('The organisations could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No organisations match your search.')).toBeInTheDocument();
  });

  it('appears in the menu for platform administrators only', async () => {
    const fake = platformAdmin();
    answer(fake.api.request as Mock, {
      'GET /v1/organisations/paginated': () => ({ items: [], page: 1, size: 20, total: 0 }),
    });
    renderApp('/admin/organisations', fake);
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Organisations' })).toBeInTheDocument());
    expect(within(nav).queryByRole('link', { name: 'My organisation' })).not.toBeInTheDocument();
  });
});
