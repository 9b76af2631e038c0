import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { caseRow } from '../../../test/cases.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

/**
 * Issue 25 item 13 (decision 0312): the History tab speaks the reader's language. The server's
 * summaries and its own reasons are English sentences; the French page must not show them. The
 * French words expected are written here, not read from the texts.
 */
const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000c2';
const entry = (n: number, extra: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-0000000000a${n}`,
  at: `2026-11-1${n}T09:00:00.000Z`,
  actor: null,
  changes: [],
  reason: null,
  reasonCode: null,
  acknowledgementCode: null,
  requestId: null,
  ...extra,
});
const history = [
  entry(1, {
    action: 'report.submitted',
    summary: 'Report sent: nothing → received',
    changes: [
      { field: 'reference', old: null, new: 'K7HD-3MXT-R' },
      { field: 'status', old: null, new: 'received' },
    ],
  }),
  entry(2, {
    action: 'report.renamed',
    summary: 'Name changed: name',
    actor: { id: testSession.userId, name: 'Claire Dubois', email: null },
    changes: [{ field: 'name', old: null, new: 'Lèvres gonflées' }],
  }),
  entry(6, {
    action: 'report.updated',
    summary: 'New version saved: reportVersion, D.name',
    actor: { id: testSession.userId, name: 'Claire Dubois', email: null },
    changes: [
      { field: 'reportVersion', old: 1, new: 2 },
      // A place of the case document, by its label.
      { field: 'D.name', old: null, new: 'J.R.' },
    ],
  }),
  entry(3, {
    action: 'report.status_changed',
    summary: 'Status changed: submitted → in triage',
    changes: [{ field: 'status', old: 'submitted', new: 'in_triage' }],
    reason: 'Rejected by the receiver (CR): needs correction',
    reasonCode: 'receiver_rejected',
    acknowledgementCode: 'CR',
  }),
  entry(4, {
    action: 'report.follow_up_received',
    summary: 'New information from the reporter: ready to submit → in triage',
    changes: [{ field: 'status', old: 'ready_to_submit', new: 'in_triage' }],
    reason: 'New information from the reporter',
    reasonCode: 'follow_up',
  }),
  entry(5, {
    action: 'report.status_changed',
    summary: 'Status changed: in triage → nullified',
    actor: { id: testSession.userId, name: 'Claire Dubois', email: null },
    changes: [{ field: 'status', old: 'in_triage', new: 'nullified' }],
    // A person's own words stay as typed.
    reason: 'Pas un médicament',
  }),
];

describe('CaseHistory', { timeout: 20_000 }, () => {
  it('says every event, field and system reason in French on a French page', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('organisation_staff', organisation)] }),
    );
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found,
      [`GET /v1/reports/${id}/audit`]: () => history,
    });
    renderApp(`/cases/${id}?tab=history`, { api: fake.api });
    const timeline = await screen.findByTestId('case-history');
    const lines = [...timeline.querySelectorAll('.mantine-Timeline-item')].map((item) =>
      (item.textContent ?? '').replace(/\d{1,2} \S+ \d{4}, \d{2}:\d{2}/, '<date>'),
    );
    expect(lines).toEqual([
      'Déclaration envoyée : aucun → Reçu<date> par le système',
      'Nom modifié<date> par Claire Dubois',
      'Nouvelle version enregistrée : Initiales du patient<date> par Claire Dubois',
      'Statut modifié : Soumis → En tri<date> par le systèmeMotif : Refusé par le destinataire (CR) : à corriger',
      'Nouvelles informations du déclarant : Prêt à soumettre → En tri<date> par le systèmeMotif : Nouvelles informations du déclarant',
      'Statut modifié : En tri → Annulé<date> par Claire DuboisMotif : Pas un médicament',
    ]);
    // No English word of the server's sentences or the statuses' codes.
    for (const english of [
      'Report',
      'sent',
      'Status',
      'changed',
      'received',
      'Rejected',
      'correction',
      'nothing',
      'in_triage',
      'Name',
    ])
      expect(timeline.textContent).not.toContain(english);
  });
});

const found = caseRow({
  id,
  status: 'nullified',
  clock: {
    dayZero: '2026-11-10',
    days: 90,
    dueDate: '2027-02-08',
    daysLeft: null,
    overdue: false,
    running: false,
  },
});
