import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Drug, DrugList } from '@vigilo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../../../test/fake-upload.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const org = { organisationId: organisation.id };

const drug = (n: number, name: string, extra: Partial<Drug> = {}): Drug => ({
  id: `00000000-0000-4000-8000-0000000000d${n}`,
  platformId: testSession.platformId,
  organisationId: organisation.id,
  listId: '00000000-0000-4000-8000-0000000000c1',
  code: `VX-000${n}`,
  name,
  substances: ['Zelpramine'],
  strength: '10 mg',
  doseForm: 'Film-coated tablet',
  authorisationNumber: `VN-1000${n}`,
  holder: 'Borealis Pharma',
  country: 'GB',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const calmorin = drug(1, 'Calmorin 10 mg film-coated tablets');
const dexolan = drug(2, 'Dexolan Duo 500 mg/30 mg tablets', {
  substances: ['Parvacetol', 'Codarine'],
  strength: null,
  doseForm: null,
});

const list: DrugList = {
  id: '00000000-0000-4000-8000-0000000000c1',
  platformId: testSession.platformId,
  organisationId: organisation.id,
  version: '2026-11',
  source: 'Invented Medicines Agency',
  publishedOn: '2026-11-01',
  delimiter: ',',
  substanceSeparator: '|',
  columns: {},
  current: true,
  fileName: 'drugs.csv',
  products: 2,
  added: 1,
  updated: 0,
  removed: 3,
  createdAt: '2026-11-20T10:00:00.000Z',
  importedAt: '2026-11-20T10:00:00.000Z',
};

const { sent, answer: browserAnswers, answerFirst, reset: forgetSent } = fakeUploads();
/** What the preview answers for a file that removes nothing. */
const removesNothing = {
  products: 2,
  added: 2,
  updated: 0,
  unchanged: 0,
  removed: 0,
  removedProducts: [],
  newVersion: false,
};

function userWith(role: 'organisation_admin' | 'organisation_staff') {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, organisation)] }));
  Object.assign(fake.api, {
    url: (path: string, query?: Record<string, string>) =>
      `http://vigilo.test${path}${query ? `?${new URLSearchParams(query)}` : ''}`,
  });
  return fake;
}

const reads = {
  'GET /v1/drugs': () => [calmorin, dexolan],
  'GET /v1/drugs/search': () => [dexolan],
  'GET /v1/drugs/lists': () => [list],
};

async function uploadCsv() {
  const section = await screen.findByRole('region', { name: 'Upload a product list' });
  const csv = new File(['code,name\nVX-1,A\nVX-2,B,extra\n'], 'products.csv', { type: 'text/csv' });
  await userEvent.upload(section.querySelectorAll<HTMLInputElement>('input[type="file"]')[0]!, csv);
  await userEvent.click(within(section).getByRole('button', { name: 'Upload list' }));
  return section;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSent();
});

describe('DrugsPage', { timeout: 30_000 }, () => {
  it('lists the products with their IDAPS links and searches by words', async () => {
    const fake = userWith('organisation_staff');
    const request = routeRequests(fake, reads);
    renderApp('/admin/drugs', fake);
    await screen.findByRole('heading', { name: 'Drugs', level: 1 });
    const table = await screen.findByRole('table', { name: 'Products' });
    expect(screen.queryByRole('region', { name: 'Upload a product list' })).toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Calmorin 10 mg film-coated tablets',
      'Zelpramine',
      '10 mg',
      'Film-coated tablet',
      'VN-10001',
      'VX-0001',
      'IDAPS: reaction profile of Calmorin 10 mg film-coated tablets',
    ]);
    expect(rows[2]).toHaveTextContent('Dexolan Duo 500 mg/30 mg tabletsParvacetol, Codarine——VN-10002');
    expect(
      within(table).getByRole('link', {
        name: 'IDAPS: reaction profile of Calmorin 10 mg film-coated tablets',
      }),
    ).toHaveAttribute('href', `/admin/drugs/${calmorin.id}/idaps`);
    expect(screen.getByTestId('drugs-current')).toHaveTextContent(
      'Current list: version 2026-11, from Invented Medicines Agency',
    );

    await userEvent.type(screen.getByRole('textbox', { name: 'Search products' }), 'codarine{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('One product found'));
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/drugs/search', {
      query: { ...org, query: 'codarine', limit: 100 },
    });
  });

  it('uploads a list and reports what it did', async () => {
    const fake = userWith('organisation_admin');
    routeRequests(fake, reads);
    answerFirst(200, removesNothing);
    browserAnswers(200, list);
    renderApp('/admin/drugs', fake);
    await uploadCsv();
    expect(await screen.findByTestId('drugs-report')).toHaveTextContent(
      'The list is importedThe list now holds 2 products: 1 added, 0 changed, 3 removed.Version 2026-11, from drugs.csv.',
    );
    // The preview first, then (nothing to remove) the upload itself, with the same file.
    expect(sent.map((s) => s.url)).toEqual([
      `http://vigilo.test/v1/drugs/upload/list/preview?organisationId=${organisation.id}`,
      `http://vigilo.test/v1/drugs/upload/list?organisationId=${organisation.id}`,
    ]);
    expect((sent[1]!.body!.get('file') as File).name).toBe('products.csv');
    expect(sent[1]!.body!.get('meta')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists the products an upload would remove and uploads only once told to', async () => {
    const fake = userWith('organisation_admin');
    routeRequests(fake, reads);
    const removes = (count: number) => ({
      products: 2,
      added: 1,
      updated: 1,
      unchanged: 0,
      removed: count,
      removedProducts: [
        { id: calmorin.id, code: 'VX-0001', name: 'Calmorin 10 mg film-coated tablets' },
        { id: dexolan.id, code: 'VX-0002', name: 'Dexolan Duo 500 mg/30 mg tablets' },
      ],
      newVersion: false,
    });
    answerFirst(200, removes(2));
    answerFirst(200, removes(2));
    browserAnswers(200, list);
    renderApp('/admin/drugs', fake);
    await uploadCsv();
    const dialog = await screen.findByRole('dialog', { name: 'This list removes 2 products' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['VX-0001: Calmorin 10 mg film-coated tablets', 'VX-0002: Dexolan Duo 500 mg/30 mg tablets']);
    expect(dialog).toHaveTextContent(
      'Uploaded, the list would hold 2 products: 1 added, 1 changed, 0 as they are.',
    );
    // Keeping the list sends nothing more.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the current list' }));
    expect(await screen.findByTestId('drugs-kept')).toHaveTextContent(
      'Nothing was uploaded: the current list is kept.',
    );
    expect(sent).toHaveLength(1);

    // Again, and this time yes: the upload goes.
    await uploadCsv();
    const again = await screen.findByRole('dialog', { name: 'This list removes 2 products' });
    await userEvent.click(within(again).getByRole('button', { name: 'Upload and remove 2 products' }));
    await screen.findByTestId('drugs-report');
    expect(sent.map((s) => s.url.split('?')[0])).toEqual([
      'http://vigilo.test/v1/drugs/upload/list/preview',
      'http://vigilo.test/v1/drugs/upload/list/preview',
      'http://vigilo.test/v1/drugs/upload/list',
    ]);
  });

  it('says by line and column why a list was refused', async () => {
    const fake = userWith('organisation_admin');
    routeRequests(fake, reads);
    browserAnswers(400, {
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      error: 'Bad Request',
      message: 'x',
      meta: {
        fields: [{ field: 'body/file', message: 'x', reason: 'invalid' }],
        lines: [
          { line: 3, column: null, message: 'has 3 cells where the header has 2' },
          { line: 4, column: 'country', message: '"XX" is not an ISO 3166 country code' },
        ],
      },
    });
    renderApp('/admin/drugs', fake);
    await uploadCsv();
    const refused = await screen.findByTestId('drugs-refused');
    expect(refused).toHaveTextContent(
      'Nothing was imported. Correct these 2 lines and upload the file again:',
    );
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Line 3: has 3 cells where the header has 2',
      'Line 4, column country: "XX" is not an ISO 3166 country code',
    ]);
  });

  it('says when the organisation has no product list', async () => {
    const fake = userWith('organisation_staff');
    routeRequests(fake, { 'GET /v1/drugs': () => [], 'GET /v1/drugs/lists': () => [] });
    renderApp('/admin/drugs', fake);
    expect(await screen.findByTestId('drugs-empty')).toHaveTextContent(
      'This organisation has no product list yet.',
    );
  });
});
