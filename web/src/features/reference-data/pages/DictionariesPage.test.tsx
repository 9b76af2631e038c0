import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { TerminologyArrangement, TerminologyEntry } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests, settled } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const org = { organisationId: organisation.id };

const entry = (
  n: number,
  code: string,
  term: string,
  extra: Partial<TerminologyEntry> = {},
): TerminologyEntry => ({
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
  ...extra,
});
const oral = entry(1, 'PO', 'Oral', {
  translations: { fr: 'Voie orale', de: 'Oral' },
  reference: 'G.k.4.r.10',
});
const tablet = entry(2, 'TAB', 'Tablet', { parentId: oral.id });
const ward = entry(3, 'W1', 'Ward one', { dictionary: 'wards' });

const arrangement: TerminologyArrangement = {
  id: '00000000-0000-4000-8000-0000000000f1',
  platformId: testSession.platformId,
  organisationId: organisation.id,
  name: 'Routes for the public form',
  dictionary: 'routes-local',
  description: 'Most used first',
  items: [{ entryId: oral.id, parentEntryId: null }],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function admin() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_admin', organisation)] }));
  return fake;
}

const reads = {
  'GET /v1/terminology-entries': () => [oral, tablet, ward],
  'GET /v1/terminology-arrangements': ({ query }: { query?: unknown }) =>
    (query as { dictionary?: string }).dictionary === 'wards' ? [] : [arrangement],
  'GET /v1/terminology-entries/paginated': ({ query }: { query?: unknown }) => {
    const q = query as { dictionary: string; query?: string };
    const items = [oral, tablet, ward].filter(
      (e) =>
        e.dictionary === q.dictionary && (!q.query || e.term.toLowerCase().includes(q.query.toLowerCase())),
    );
    return { items, page: 1, size: 50, total: items.length };
  },
  'GET /v1/terminology-entries/dictionary/routes-local': () => [oral, tablet],
};

describe('DictionariesPage', { timeout: 30_000 }, () => {
  it('lists the dictionaries, a dictionary’s entries and arrangements, and searches by words', async () => {
    const fake = admin();
    const request = routeRequests(fake, reads);
    renderApp('/admin/dictionaries', fake);
    await screen.findByRole('heading', { name: 'Dictionaries', level: 1 });
    const table = await screen.findByRole('table', { name: 'Entries of routes-local' });
    expect(screen.getByRole('status')).toHaveTextContent('2 entries');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('POOral—G.k.4.r.10fr: Voie orale; de: Oral');
    expect(rows[2]).toHaveTextContent('TABTabletOral——');
    const arrangements = screen.getByRole('table', { name: 'Arrangements of routes-local' });
    expect(within(arrangements).getByRole('link', { name: 'Routes for the public form' })).toHaveAttribute(
      'href',
      `/admin/dictionaries/arrangements/${arrangement.id}`,
    );
    expect(arrangements).toHaveTextContent('Most used firstOne entry');

    await userEvent.type(screen.getByRole('textbox', { name: 'Search entries' }), 'tab{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('One entry'));
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/terminology-entries/paginated', {
      query: { ...org, dictionary: 'routes-local', page: 1, size: 50, query: 'tab' },
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search entries' }), 'xyz{Enter}');
    expect(await screen.findByTestId('entries-empty')).toHaveTextContent('No entry matches “tabxyz”.');
  });

  it('adds an entry, and says beside the field when its code is already used (409)', async () => {
    const fake = admin();
    const posted: unknown[] = [];
    routeRequests(fake, {
      ...reads,
      'POST /v1/terminology-entries': ({ body }) => {
        posted.push(body);
        throw new ApiRequestError(409, {
          code: 'CONFLICT',
          statusCode: 409,
          error: 'Conflict',
          message: 'x',
          meta: { fields: [{ field: 'body/code', message: 'x', reason: 'taken' }] },
        });
      },
    });
    renderApp('/admin/dictionaries', fake);
    await screen.findByRole('table', { name: 'Entries of routes-local' });
    await userEvent.click(screen.getAllByRole('button', { name: 'New entry' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New entry' });
    await settled(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    const summary = within(dialog).getByTestId('error-summary');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Enter a code', 'Enter a term']);

    await userEvent.type(within(dialog).getByLabelText('Code'), 'PO');
    await userEvent.type(within(dialog).getByLabelText('Term'), 'By mouth');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a language' }));
    await userEvent.type(within(dialog).getByLabelText('Language'), 'fr');
    await userEvent.type(within(dialog).getByLabelText('Term in that language'), 'Par la bouche');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    await within(dialog).findByText('Code is already in use', { selector: 'a' });
    expect(posted).toEqual([
      {
        dictionary: 'routes-local',
        code: 'PO',
        term: 'By mouth',
        parentId: null,
        translations: { fr: 'Par la bouche' },
        ...org,
      },
    ]);
  });

  it('changes an entry with a merge patch of what changed, a removed translation as null', async () => {
    const fake = admin();
    const request = routeRequests(fake, {
      ...reads,
      [`PATCH /v1/terminology-entries/${oral.id}`]: ({ body }) => ({ ...oral, ...(body as object) }),
    });
    renderApp('/admin/dictionaries', fake);
    await screen.findByRole('table', { name: 'Entries of routes-local' });
    await userEvent.click(screen.getByRole('button', { name: 'Change entry PO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change entry PO' });
    await settled(dialog);
    const term = within(dialog).getByLabelText('Term');
    await userEvent.clear(term);
    await userEvent.type(term, 'Oral route');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove language row 2' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save entry' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(request).toHaveBeenCalledWith('PATCH', `/v1/terminology-entries/${oral.id}`, {
      body: { term: 'Oral route', translations: { de: null } },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
  });

  it('asks before deleting an entry and says which arrangements still list it', async () => {
    const fake = admin();
    routeRequests(fake, {
      ...reads,
      [`DELETE /v1/terminology-entries/${oral.id}`]: () => {
        throw new ApiRequestError(409, {
          code: 'CONFLICT',
          statusCode: 409,
          error: 'Conflict',
          message: 'x',
          meta: { arrangements: ['Routes for the public form'] },
        });
      },
    });
    renderApp('/admin/dictionaries', fake);
    await screen.findByRole('table', { name: 'Entries of routes-local' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete entry PO' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete entry PO?' });
    expect(dialog).toHaveTextContent(
      '“Oral” is removed from the dictionary. Entries under it move to the top. This cannot be undone.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByTestId('delete-refused')).toHaveTextContent(
      'This entry is in the arrangement “Routes for the public form”. Take it out of the arrangement first.',
    );
  });

  it('says when the organisation has no dictionary yet', async () => {
    const fake = admin();
    routeRequests(fake, {
      'GET /v1/terminology-entries': () => [],
      'GET /v1/terminology-arrangements': () => [],
    });
    renderApp('/admin/dictionaries', fake);
    expect(await screen.findByTestId('dictionaries-empty')).toHaveTextContent(
      'This organisation has no dictionary yet.Add a first entry: the dictionary name you give it starts the dictionary.',
    );
  });
});
