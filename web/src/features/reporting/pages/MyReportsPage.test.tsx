import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { meddraPath, meddraRelease, syntheticSoc } from '../../../test/meddra.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests, settled } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Centre national' };
const own = (n: number, extra: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  reference: `VIG-2026-00000${n}`,
  organisationId: organisation.id,
  status: 'received',
  formViewId: '00000000-0000-4000-8000-0000000000f1',
  formViewVersionId: '00000000-0000-4000-8000-0000000000f2',
  formName: 'Adverse drug reaction report',
  reportVersion: 1,
  submittedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

function reporter() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('reporter', organisation)] }));
  return fake;
}

const hives = meddraPath(
  { code: 90400007, name: 'Urticaria' },
  { code: 90300007, name: 'Urticaria' },
  syntheticSoc.skin,
);

describe('MyReportsPage', { timeout: 20_000 }, () => {
  it('lists drafts and sent reports in words, continues a draft in the journey and deletes one after a confirmation', async () => {
    const fake = reporter();
    let drafts = [own(1, { status: 'draft', submittedAt: null, updatedAt: '2026-11-22T08:30:00.000Z' })];
    const sent = [own(2, { status: 'in_triage' })];
    const request = routeRequests(fake, {
      'GET /v1/users/@me/cases': ({ query }) => {
        const mode = (query as { mode: string }).mode;
        return mode === 'draft' ? drafts : mode === 'sent' ? sent : [...drafts, ...sent];
      },
      'DELETE /v1/report/draft/00000000-0000-4000-8000-000000000001': () => {
        drafts = [];
        return undefined;
      },
    });
    renderApp('/my-reports', fake);
    await screen.findByRole('heading', { name: 'My reports', level: 1 });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'My reports' })).toHaveAttribute('href', '/my-reports');

    const table = await screen.findByRole('table', { name: 'Your reports' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Adverse drug reaction report');
    expect(rows[1]).toHaveTextContent('VIG-2026-000001');
    expect(rows[1]).toHaveTextContent('Draft, not sent yet');
    expect(rows[1]).toHaveTextContent('22 Nov 2026');
    expect(rows[2]).toHaveTextContent('VIG-2026-000002');
    expect(rows[2]).toHaveTextContent('Being reviewed');
    expect(within(rows[2]!).queryByRole('link', { name: /Continue/ })).not.toBeInTheDocument();
    expect(
      within(rows[1]!).getByRole('link', { name: 'Continue the draft VIG-2026-000001' }),
    ).toHaveAttribute(
      'href',
      '/report/00000000-0000-4000-8000-0000000000f1?draft=00000000-0000-4000-8000-000000000001',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'View the report VIG-2026-000002' })).toHaveAttribute(
      'href',
      '/my-reports/00000000-0000-4000-8000-000000000002',
    );
    expect(request).toHaveBeenCalledWith('GET', '/v1/users/@me/cases', { query: { mode: 'all' } });

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete draft VIG-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await settled(dialog);
    expect(dialog).toHaveTextContent(
      'The draft VIG-2026-000001 and its answers will be deleted. This cannot be undone.',
    );
    // Cancel keeps it.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(request).not.toHaveBeenCalledWith(
      'DELETE',
      '/v1/report/draft/00000000-0000-4000-8000-000000000001',
    );

    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Delete draft VIG-2026-000001' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await settled(again);
    await userEvent.click(within(again).getByRole('button', { name: 'Delete draft' }));
    await screen.findByText('The draft VIG-2026-000001 was deleted.');
    expect(request).toHaveBeenCalledWith('DELETE', '/v1/report/draft/00000000-0000-4000-8000-000000000001');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Your reports' })).getAllByRole('row')).toHaveLength(2),
    );

    await userEvent.click(screen.getByRole('radio', { name: 'Drafts' }));
    const empty = await screen.findByTestId('my-reports-empty');
    expect(empty).toHaveTextContent('You have no drafts');
    expect(empty).toHaveTextContent(
      'Start a report to tell us about a side effect. If you stop before sending, choose “Save and come back later” and the draft will be here.',
    );
    expect(within(empty).getByRole('link', { name: 'Start a new report' })).toHaveAttribute(
      'href',
      '/report',
    );
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/users/@me/cases', { query: { mode: 'draft' } });
  });

  it('says in French what to do when there is nothing yet', async () => {
    const fake = reporter();
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('reporter', organisation)] }),
    );
    routeRequests(fake, { 'GET /v1/users/@me/cases': () => [] });
    renderApp('/my-reports', fake);
    const empty = await screen.findByTestId('my-reports-empty');
    expect(empty).toHaveTextContent('Vous n’avez encore aucun signalement');
    expect(within(empty).getByRole('link', { name: 'Commencer un nouveau signalement' })).toHaveAttribute(
      'href',
      '/report',
    );
  });

  it('opens a sent report read only: its reference, when and to whom it went, the answers as sent', async () => {
    const fake = reporter();
    const definition = {
      key: 'x',
      name: 'Adverse drug reaction report',
      audience: 'professional',
      reportType: 'adr',
      fields: [
        { path: 'E.reactions', e2b: 'E.i', kind: 'list', required: true, nullFlavours: [] },
        { path: 'E.reactions[].nativeTerm', e2b: 'E.i.1.1a', kind: 'text', required: true, nullFlavours: [] },
        { path: 'E.reactions[].term', e2b: 'E.i.2.1', kind: 'coded', required: false, nullFlavours: [] },
      ],
      conditions: [],
      layout: {
        languages: ['en'],
        title: { en: 'Adverse drug reaction report' },
        sections: [
          {
            id: 'reaction',
            title: { en: 'The reaction' },
            repeat: 'E.reactions',
            questions: [
              { field: 'E.reactions[].nativeTerm', label: { en: 'What happened?' } },
              { field: 'E.reactions[].term', label: { en: 'The reaction in MedDRA' } },
            ],
          },
        ],
      },
    };
    routeRequests(fake, {
      'GET /v1/users/@me/cases/00000000-0000-4000-8000-000000000002': () => ({
        ...own(2, { status: 'in_triage', reportVersion: 2 }),
        organisationName: 'Centre national',
        sentVersion: 1,
        report: {
          schemaVersion: 1,
          E: {
            reactions: [{ nativeTerm: 'Hives on both arms', term: { version: '90.0', code: '90400007' } }],
          },
        },
      }),
      'GET /v1/formview/00000000-0000-4000-8000-0000000000f1': () => ({
        id: '00000000-0000-4000-8000-0000000000f1',
        published: { id: '00000000-0000-4000-8000-0000000000f2', definition },
      }),
      'GET /v1/meddras/versions': () => [meddraRelease],
      'GET /v1/meddras/lookup': ({ query }) => ((query as { code: number }).code === 90400007 ? [hives] : []),
    });
    renderApp('/my-reports/00000000-0000-4000-8000-000000000002', fake);
    await screen.findByRole('heading', { name: 'Report VIG-2026-000002', level: 1 });
    const summary = screen.getByTestId('sent-summary');
    expect(summary).toHaveTextContent('Sent on 20 Nov 2026');
    expect(summary).toHaveTextContent('to Centre national.');
    expect(summary).toHaveTextContent('Status: Being reviewed');
    expect(summary).toHaveTextContent(
      'The organisation has added to the case since; what you sent is shown below.',
    );
    const answers = await screen.findByTestId('sent-answers');
    expect(answers).toHaveTextContent('What happened?');
    expect(answers).toHaveTextContent('Hives on both arms');
    // A MedDRA answer by the term's name, its code and release in smaller text (issue 25 item 4).
    const term = await within(answers).findByTestId('meddra-answer');
    expect(term).toHaveTextContent(/^UrticariaMedDRA 90\.0, code 90400007$/);
    expect(answers).not.toHaveTextContent('Code 90400007');
    // Read only: nothing to change.
    expect(within(answers).queryByRole('link', { name: /Change/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My reports' })).toHaveAttribute('href', '/my-reports');
  });
});
