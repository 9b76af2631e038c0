import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportCase } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { meddraPath, meddraRelease, syntheticSoc } from '../../../test/meddra.ts';
import {
  createFakeApi,
  makeUser,
  membership,
  renderWithProviders,
  testSession,
} from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { useCasesTexts } from '../texts/use-cases-texts.ts';
import { ReactionCoding } from './ReactionCoding.tsx';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000c1';
const document = {
  schemaVersion: 1,
  D: { sex: '2' },
  E: { reactions: [{ id: 'r1', nativeTerm: 'tight band round my head', hospitalisation: true }] },
  H: { narrative: 'Headache after the first dose.' },
};
const found = {
  id,
  reference: 'K7HD-3MXT-R',
  status: 'assigned',
  uploadType: 'public',
  version: 4,
  reportVersion: 2,
  report: document,
  deleted: null,
  canEdit: true,
  attention: null,
  awaitingApproval: false,
  nextStep: null,
  assigneeName: null,
} as unknown as ReportCase;
const bandLike = meddraPath(
  { code: 90400001, name: 'Tension headache band-like' },
  { code: 90300001, name: 'Cephalalgia tensive' },
  syntheticSoc.nervous,
  {
    hlt: { code: 90200001, name: 'Headaches of tension type' },
    hlgt: { code: 90100001, name: 'Headache conditions' },
  },
);

function Page({ of }: { of: ReportCase }) {
  useCasesTexts();
  return <ReactionCoding found={of} />;
}

describe('ReactionCoding', { timeout: 20_000 }, () => {
  it('staff code a reaction: the whole document goes back with the term, If-Match and the case’s upload type', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    const puts: { body: unknown; headers: unknown }[] = [];
    routeRequests(fake, {
      'GET /v1/meddras/versions': () => [meddraRelease],
      'GET /v1/meddras/search': ({ query }) =>
        (query as { query: string }).query === 'tight band round my head' ? [] : [bandLike],
      'GET /v1/meddras/lookup': () => [bandLike],
      [`PUT /v1/report/${id}`]: (options) => {
        puts.push({ body: options.body, headers: (options as { headers?: unknown }).headers });
        return { ...found, reportVersion: 3, version: 5 };
      },
    });
    renderWithProviders(<Page of={found} />, { api: fake.api });
    const user = userEvent.setup();
    const box = (await screen.findByRole('combobox', {
      name: 'MedDRA term (E.i.2.1) · MedDRA 90.0',
    })) as HTMLInputElement;
    // The search starts from the reporter's words.
    expect(box.value).toBe('tight band round my head');
    await user.clear(box);
    await user.type(box, 'tension band');
    await screen.findByRole('option', { name: /Tension headache band-like/ });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Save coding' }));
    await screen.findByText('Coding saved as version 3 of the case.');
    expect(puts).toEqual([
      {
        body: {
          uploadType: 'public',
          report: {
            ...document,
            E: {
              reactions: [
                {
                  id: 'r1',
                  nativeTerm: 'tight band round my head',
                  hospitalisation: true,
                  term: { version: '90.0', code: '90400001' },
                },
              ],
            },
          },
        },
        headers: { 'if-match': '"4"' },
      },
    ]);
  });

  it('assessors read the coding beside the reporter’s words, with nothing to change it', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('assessor', organisation)] }));
    routeRequests(fake, {
      'GET /v1/meddras/versions': () => [meddraRelease],
      'GET /v1/meddras/lookup': () => [bandLike],
    });
    const coded = {
      ...found,
      canEdit: false,
      report: {
        ...document,
        E: { reactions: [{ ...document.E.reactions[0], term: { version: '90.0', code: '90400001' } }] },
      },
    } as unknown as ReportCase;
    renderWithProviders(<Page of={coded} />, { api: fake.api });
    await screen.findByText('Your role reads the coding; staff and administrators code.');
    await waitFor(() =>
      expect(screen.getByTestId('coding-0-chosen').textContent).toContain(
        'LLTTension headache band-like 90400001',
      ),
    );
    expect(screen.getByText('tight band round my head')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
