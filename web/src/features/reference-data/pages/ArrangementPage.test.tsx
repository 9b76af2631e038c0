import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { TerminologyArrangement, TerminologyEntry } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const entry = (n: number, code: string, term: string): TerminologyEntry => ({
  id: `00000000-0000-4000-8000-0000000000e${n}`,
  platformId: testSession.platformId,
  organisationId: organisation.id,
  dictionary: 'routes-local',
  code,
  term,
  parentId: null,
  reference: null,
  attributes: {},
  translations: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
});
const [oral, tablet, syrup, topical] = [
  entry(1, 'PO', 'Oral'),
  entry(2, 'TAB', 'Tablet'),
  entry(3, 'SYR', 'Syrup'),
  entry(4, 'TOP', 'Topical'),
];
const arrangement: TerminologyArrangement = {
  id: '00000000-0000-4000-8000-0000000000f1',
  platformId: testSession.platformId,
  organisationId: organisation.id,
  name: 'Routes for the public form',
  dictionary: 'routes-local',
  description: '',
  items: [
    { entryId: oral!.id, parentEntryId: null },
    { entryId: tablet!.id, parentEntryId: oral!.id },
    { entryId: syrup!.id, parentEntryId: null },
  ],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function admin() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_admin', organisation)] }));
  return fake;
}

const labels = () =>
  within(screen.getByTestId('arrangement-tree'))
    .getAllByRole('listitem')
    .map((li) => `${'  '.repeat(Number(li.dataset.depth))}${li.querySelector('p')?.textContent}`);

describe('ArrangementPage', { timeout: 30_000 }, () => {
  it('reorders with buttons and keys, announces each move, and saves the list as a merge patch', async () => {
    const fake = admin();
    const request = routeRequests(fake, {
      [`GET /v1/terminology-arrangements/${arrangement.id}`]: () => arrangement,
      'GET /v1/terminology-entries/dictionary/routes-local': () => [oral, tablet, syrup, topical],
      [`PATCH /v1/terminology-arrangements/${arrangement.id}`]: ({ body }) => ({
        ...arrangement,
        ...(body as object),
        updatedAt: '2026-11-21T10:00:00.000Z',
      }),
    });
    renderApp(`/admin/dictionaries/arrangements/${arrangement.id}`, fake);
    await screen.findByRole('heading', { name: 'Routes for the public form', level: 1 });
    await screen.findByText('Syrup (SYR)');
    expect(labels()).toEqual(['Oral (PO)', '  Tablet (TAB)', 'Syrup (SYR)']);
    expect(screen.getByRole('button', { name: 'Save arrangement' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Move Syrup (SYR) up' }));
    expect(labels()).toEqual(['Syrup (SYR)', 'Oral (PO)', '  Tablet (TAB)']);
    expect(screen.getByTestId('tree-announcement')).toHaveTextContent(
      'Syrup (SYR) is now 1 of 2 at the top level',
    );
    expect(screen.getByTestId('unsaved')).toHaveTextContent('Unsaved changes');

    // The keyboard alone: Alt+Down moves the focused row, Alt+Right nests it under the row above.
    screen.getByRole('button', { name: 'Syrup (SYR), level 1, 1 of 2' }).focus();
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(labels()).toEqual(['Oral (PO)', '  Tablet (TAB)', 'Syrup (SYR)']);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Syrup (SYR), level 1, 2 of 2' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Alt>}{ArrowRight}{/Alt}');
    expect(labels()).toEqual(['Oral (PO)', '  Tablet (TAB)', '  Syrup (SYR)']);
    expect(screen.getByTestId('tree-announcement')).toHaveTextContent(
      'Syrup (SYR) is now 2 of 2 under Oral (PO)',
    );
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Tablet (TAB), level 2, 1 of 2' })).toHaveFocus();

    await userEvent.click(screen.getByRole('button', { name: 'Take Tablet (TAB) out of its group' }));
    expect(labels()).toEqual(['Oral (PO)', '  Syrup (SYR)', 'Tablet (TAB)']);

    const add = screen.getByRole('combobox', { name: 'Add an entry' });
    await userEvent.click(add);
    await userEvent.click(await screen.findByRole('option', { name: 'Topical (TOP)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(labels()).toEqual(['Oral (PO)', '  Syrup (SYR)', 'Tablet (TAB)', 'Topical (TOP)']);

    await userEvent.click(screen.getByRole('button', { name: 'Save arrangement' }));
    expect(await screen.findByTestId('arrangement-saved')).toHaveTextContent('The arrangement is saved.');
    expect(request).toHaveBeenCalledWith('PATCH', `/v1/terminology-arrangements/${arrangement.id}`, {
      body: {
        items: [
          { entryId: oral!.id, parentEntryId: null },
          { entryId: syrup!.id, parentEntryId: oral!.id },
          { entryId: tablet!.id, parentEntryId: null },
          { entryId: topical!.id, parentEntryId: null },
        ],
      },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    expect(screen.queryByTestId('unsaved')).toBeNull();
  });

  it('says in words when the save was refused because someone else changed it (412)', async () => {
    const fake = admin();
    routeRequests(fake, {
      [`GET /v1/terminology-arrangements/${arrangement.id}`]: () => arrangement,
      'GET /v1/terminology-entries/dictionary/routes-local': () => [oral, tablet, syrup],
      [`PATCH /v1/terminology-arrangements/${arrangement.id}`]: () => {
        throw new ApiRequestError(412, {
          code: 'PRECONDITION_FAILED',
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'x',
          meta: {},
        });
      },
    });
    renderApp(`/admin/dictionaries/arrangements/${arrangement.id}`, fake);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Syrup (SYR) from the arrangement' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save arrangement' }));
    expect(await screen.findByTestId('arrangement-refused')).toHaveTextContent(
      'The arrangement was not savedSomeone else changed this while you were editing it. Reload the page to see their change, then make yours again.',
    );
  });

  it('says when the arrangement does not exist', async () => {
    const fake = admin();
    routeRequests(fake, {
      [`GET /v1/terminology-arrangements/${arrangement.id}`]: () => {
        throw new ApiRequestError(404, {
          code: 'NOT_FOUND',
          statusCode: 404,
          error: 'Not Found',
          message: 'x',
        });
      },
    });
    renderApp(`/admin/dictionaries/arrangements/${arrangement.id}`, fake);
    expect(await screen.findByText('The arrangement could not be loaded')).toBeInTheDocument();
  });
});
