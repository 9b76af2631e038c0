import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { caseRow } from '../../../test/cases.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
const id = '00000000-0000-4000-8000-0000000000c1';
const found = (status: string, extra: Record<string, unknown> = {}) =>
  caseRow({
    id,
    serious: true,
    seriousness: ['hospitalisation'],
    country: 'GB',
    report: {
      schemaVersion: 1,
      C: {
        reportType: '1',
        primarySources: [{ givenName: 'Amelia', familyName: 'Hart', email: 'amelia.hart@example.test' }],
      },
      D: { name: 'J.M.', sex: '2', ageAtOnset: { value: '67', unit: 'a' } },
      E: { reactions: [{ id: 'r1', nativeTerm: 'Swollen lips', hospitalisation: true }] },
      G: { drugs: [{ id: 'g1', role: '1', name: 'Lisinopril 10 mg tablets' }] },
      H: { narrative: 'She woke with swollen lips.' },
    },
    criteria: { patient: true, reporter: true, product: true, reaction: false, valid: false },
    clock: {
      dayZero: '2026-11-10',
      days: 15,
      dueDate: '2026-11-25',
      daysLeft: 1,
      overdue: false,
      running: true,
    },
    allowedTransitions: ['in_triage', 'assigned', 'duplicate'],
    canEdit: true,
    status,
    ...extra,
  });

describe('CaseViewPage', { timeout: 20_000 }, () => {
  it('writes a label before its value in French with the space French puts before a colon', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('organisation_staff', organisation)] }),
    );
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found('received'),
      [`GET /v1/reports/${id}/audit`]: () => [],
    });
    renderApp(`/cases/${id}`, fake);
    await screen.findByText('Personne');
    // Read raw: the queries' own matching turns a no-break space into a plain one.
    const text = document.querySelector('main')?.textContent ?? '';
    expect(text).toContain('Attribué à\u00a0: Personne');
    expect(text).toContain('Un patient identifiable\u00a0: rempli');
  });

  it('shows the case in E2B blocks with criteria and clock, assigns it to me and moves it on', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    let current = found('received');
    const request = routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => current,
      [`GET /v1/reports/${id}/audit`]: () => [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          at: '2026-11-10T09:00:00.000Z',
          action: 'report.submitted',
          summary: 'Report sent',
          actor: null,
          changes: [],
          reason: null,
          requestId: null,
        },
      ],
      [`POST /v1/report/${id}/assign`]: () => {
        current = found('assigned', {
          assigneeUserId: testSession.userId,
          allowedTransitions: ['coded', 'in_triage', 'duplicate', 'nullified'],
        });
        return current;
      },
      [`PUT /v1/reports/${id}/status`]: ({ body }) => {
        current = found((body as { status: string }).status, {
          allowedTransitions: ['assigned'],
          nextStep: {
            status: 'verified',
            roles: ['assessor', 'organisation_admin', 'platform_admin', 'system_admin'],
          },
        });
        return current;
      },
    });
    renderApp(`/cases/${id}`, fake);
    await screen.findByRole('heading', { name: 'Case K7HD-3MXT-R', level: 1 });
    const patient = await screen.findByRole('region', { name: 'D. Patient' });
    expect(patient).toHaveTextContent('SexFemale');
    expect(patient).toHaveTextContent('Age at onset of the reaction67 years');
    expect(screen.getByRole('region', { name: 'Report information' })).toHaveTextContent(
      'ReferenceK7HD-3MXT-RVersion1Receipt date10 Nov 2026',
    );
    const report = screen.getByRole('region', { name: 'C. Report' });
    expect(report).toHaveTextContent('Type of reportSpontaneous report');
    expect(within(report).getByRole('heading', { name: 'Primary source 1: Hart' })).toBeInTheDocument();
    expect(report).toHaveTextContent('Given nameAmelia');
    const reactions = screen.getByRole('region', { name: 'E. Reactions and events' });
    expect(reactions).toHaveTextContent('Caused or prolonged hospitalisationYes');
    expect(screen.getByRole('region', { name: 'G. Drugs' })).toHaveTextContent(
      'Characterisation of drug roleSuspect',
    );
    expect(screen.getByRole('region', { name: 'H. Narrative and assessment' })).toHaveTextContent(
      'She woke with swollen lips.',
    );
    expect(screen.getByRole('region', { name: 'F. Tests and procedures' })).toHaveTextContent(
      'Nothing recorded.',
    );
    const criteria = screen.getByRole('region', { name: 'Minimum criteria' });
    expect(criteria).toHaveTextContent('A minimum criterion is missing: the case is not valid yet.');
    expect(criteria).toHaveTextContent('A reaction: missing');
    expect(screen.getByRole('region', { name: 'Regulatory clock' })).toHaveTextContent('15-day clock');
    const actions = screen.getByRole('region', { name: 'Actions' });
    expect(actions).toHaveTextContent('Assigned to: Nobody');
    await userEvent.click(within(actions).getByRole('button', { name: 'Assign to me' }));
    await within(actions).findByText('The case is assigned to you.');
    expect(actions).toHaveTextContent('Assigned to: You');
    expect(screen.getByTestId('case-status')).toHaveTextContent('Assigned');

    await userEvent.click(within(actions).getByRole('button', { name: 'Move to: Coded' }));
    await within(actions).findByText('The case is now Coded.');
    expect(request).toHaveBeenCalledWith(
      'PUT',
      `/v1/reports/${id}/status`,
      expect.objectContaining({ body: { status: 'coded' } }),
    );
    // Staff coded it: verification is the reviewers' step, greyed out with why.
    expect(within(actions).getByRole('button', { name: 'Move to: Verified' })).toBeDisabled();
    // Whose step it is, in words; and no "Move to: Assigned" (assignment does that, decision 0253).
    expect(actions).toHaveTextContent(
      'Not available to you: this step is for Assessor, Organisation administrator, or Platform administrator.',
    );
    expect(within(actions).queryByRole('button', { name: 'Move to: Assigned' })).toBeNull();

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByTestId('case-history')).toHaveTextContent('Report sent');
  });

  it('asks for a reason before nullifying and sends it', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_admin', organisation)] }),
    );
    const request = routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found('in_triage', { allowedTransitions: ['assigned', 'nullified'] }),
      [`GET /v1/reports/${id}/audit`]: () => [],
      [`PUT /v1/reports/${id}/status`]: () => found('nullified', { allowedTransitions: ['in_triage'] }),
    });
    renderApp(`/cases/${id}`, fake);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await userEvent.click(within(actions).getByRole('button', { name: 'Move to: Nullified' }));
    const reason = within(actions).getByRole('textbox', { name: /Reason/ });
    await userEvent.type(reason, 'Sent twice by the reporter');
    await userEvent.click(within(actions).getByRole('button', { name: 'Confirm' }));
    await within(actions).findByText('The case is now Nullified.');
    expect(request).toHaveBeenCalledWith(
      'PUT',
      `/v1/reports/${id}/status`,
      expect.objectContaining({ body: { status: 'nullified', reason: 'Sent twice by the reporter' } }),
    );
  });

  it('compares the last two versions side by side, the kind of each change in words', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('assessor', organisation)] }));
    const request = routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found('coded', { reportVersion: 3, allowedTransitions: ['verified'] }),
      [`GET /v1/reports/${id}/audit`]: () => [],
      [`GET /v1/reports/${id}/versions/compare`]: ({ query }) => ({
        reportId: id,
        ...(query as { from: number; to: number }),
        changes: [
          { path: 'D.sex', kind: 'changed', old: '1', new: '2' },
          {
            path: 'F.tests',
            kind: 'added',
            old: null,
            new: [{ date: '2024-03-07', name: 'Serum potassium', result: { value: '6.1', unit: 'mmol/L' } }],
          },
          { path: 'G.drugs[0].dosages[0].dose.unit', kind: 'changed', old: 'mg', new: 'g' },
          { path: 'H.narrative', kind: 'added', new: 'Swelling settled.' },
          {
            path: 'G.drugs[0].reactionAssessments',
            kind: 'added',
            old: null,
            new: [
              {
                reactionId: '00000000-0000-4000-8000-00000000e001',
                assessments: [{ source: 'Assessor', method: 'WHO-UMC', result: 'Probable' }],
              },
            ],
          },
          { path: 'D.fdaEthnicity', kind: 'added', old: null, new: 'C41222' },
        ],
      }),
    });
    renderApp(`/cases/${id}`, fake);
    const table = await screen.findByTestId('case-versions');
    expect(request).toHaveBeenCalledWith(
      'GET',
      `/v1/reports/${id}/versions/compare`,
      expect.objectContaining({ query: { from: 2, to: 3 } }),
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('FieldVersion 2Version 3');
    // Each field with its label and where it lies, values in words, never JSON (issue 25).
    expect(rows.map((row) => row.textContent)).toEqual([
      'FieldVersion 2Version 3',
      'D. PatientSexchangedMaleFemale',
      'F. Tests and procedures › Test 1Test dateadded—7 Mar 2024',
      'F. Tests and procedures › Test 1Test name as reportedadded—Serum potassium',
      'F. Tests and procedures › Test 1Test resultadded—6.1 mmol/L',
      'G. Drugs › Drug 1 › Dosage 1Dose (unit)changedmgg',
      'H. Narrative and assessmentCase narrativeadded—Swelling settled.',
      // A causality assessment by its place, the pair's reaction id left out (issue 24).
      'G. Drugs › Drug 1 › Reaction assessed 1 › Causality assessment 1Source of assessmentadded—Assessor',
      'G. Drugs › Drug 1 › Reaction assessed 1 › Causality assessment 1Method of assessmentadded—WHO-UMC',
      'G. Drugs › Drug 1 › Reaction assessed 1 › Causality assessment 1Result of assessmentadded—Probable',
      // A place the blocks do not show (an FDA element) keeps its path.
      'D.fdaEthnicityadded—C41222',
    ]);
  });
});

describe('CaseViewPage tabs', { timeout: 20_000 }, () => {
  const validation = {
    layer: 'profile',
    severity: 'error',
    rule: 'R0006',
    dataElement: 'N.2.r.3',
    xpath: '/MCCI_IN200100UV01/PORR_IN049016UV/receiver/device/id/@extension',
    message: 'Message Receiver Identifier (N.2.r.3) must be "CDER" or "CBER".',
  };
  const drugRole = {
    layer: 'ich',
    severity: 'warning',
    rule: 'ICH-REQUIRED',
    dataElement: 'G.k.1',
    casePath: 'G.drugs[0].role',
    field: 'report/G/drugs/0/role',
    message: 'Characterisation of Drug Role (G.k.1) is missing.',
  };
  const staffApi = () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    const request = routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found('received'),
      [`GET /v1/reports/${id}/audit`]: () => [
        {
          id: '00000000-0000-4000-8000-0000000000a1',
          at: '2026-11-10T09:00:00.000Z',
          action: 'report.submitted',
          summary: 'Report sent',
          actor: null,
          changes: [],
          reason: null,
          requestId: null,
        },
      ],
      [`GET /v1/reports/${id}/versions/compare`]: () => ({ from: 1, to: 1, changes: [] }),
      [`GET /v1/report/${id}/xml/validation`]: ({ query }) =>
        (query as { profile: string }).profile === 'fda'
          ? { id, profile: 'fda', valid: false, findings: [validation, drugRole] }
          : { id, profile: 'ich', valid: true, findings: [drugRole] },
      [`GET /v1/acknowledgements/report/${id}`]: () => [
        {
          id: '00000000-0000-4000-8000-0000000000e1',
          reportId: id,
          status: 'received',
          code: 'AE',
          reportCode: 'CR',
          xmlUrl: 'http://vigilo.test/v1/acknowledgements/xml?ids=e1&exp=1&kid=k&sig=s',
          createdAt: '2026-11-24T10:00:00.000Z',
        },
      ],
    });
    return { fake, request };
  };

  it('opens the tab named in the URL and keeps the chosen tab in the URL, by mouse and by keyboard', async () => {
    const { fake, request } = staffApi();
    const { router } = renderApp(`/cases/${id}?tab=e2b`, fake);
    const e2bTab = await screen.findByRole('tab', { name: 'E2B(R3)' });
    expect(e2bTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tablist', { name: 'Parts of the case' })).toBeInTheDocument();
    const findings = await screen.findByTestId('e2b-findings');
    expect(findings).toHaveTextContent('No error for the ICH profile.');
    expect(within(findings).getByRole('table', { name: 'Findings' })).toHaveTextContent('G.drugs[0].role');
    // The case tab's blocks are not rendered while another tab is open.
    expect(screen.queryByRole('region', { name: 'Actions' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'FDA' }));
    await within(screen.getByTestId('e2b-findings')).findByText('One error for the FDA profile.');
    expect(request).toHaveBeenCalledWith(
      'GET',
      `/v1/report/${id}/xml/validation`,
      expect.objectContaining({ query: { profile: 'fda' } }),
    );
    const acks = screen.getByRole('table', { name: 'Acknowledgements' });
    expect(acks).toHaveTextContent('AE / CR');
    expect(within(acks).getByRole('link', { name: 'Open the XML' })).toHaveAttribute(
      'href',
      'http://vigilo.test/v1/acknowledgements/xml?ids=e1&exp=1&kid=k&sig=s',
    );

    await userEvent.click(screen.getByRole('tab', { name: 'History' }));
    expect(router.state.location.pathname).toBe(`/cases/${id}`);
    expect(router.state.location.search).toBe('?tab=history');
    expect(await screen.findByTestId('case-history')).toHaveTextContent('Report sent');

    await userEvent.click(screen.getByRole('tab', { name: 'Case' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('region', { name: 'Actions' })).toHaveTextContent('Assigned to: Nobody');

    // Arrow keys move between tabs (WAI-ARIA tabs pattern) and the URL follows.
    screen.getByRole('tab', { name: 'Case' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'History' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=history');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'E2B(R3)' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.search).toBe('?tab=e2b');
  });

  it('sends the former /cases/{id}/e2b page to the E2B(R3) tab, and an unknown tab to the case', async () => {
    const { fake } = staffApi();
    const { router } = renderApp(`/cases/${id}/e2b`, fake);
    expect(await screen.findByRole('tab', { name: 'E2B(R3)' })).toHaveAttribute('aria-selected', 'true');
    expect(router.state.location.pathname).toBe(`/cases/${id}`);
    expect(router.state.location.search).toBe('?tab=e2b');
    expect(await screen.findByTestId('e2b-findings')).toHaveTextContent('No error for the ICH profile.');

    await router.navigate(`/cases/${id}?tab=nonsense`);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Case' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await screen.findByRole('region', { name: 'Actions' })).toBeInTheDocument();
  });
});

describe('CaseViewPage: submit to receivers', { timeout: 30_000 }, () => {
  const fda = '00000000-0000-4000-8000-00000000f001';
  const eu = '00000000-0000-4000-8000-00000000f002';
  const preview = {
    reportId: id,
    organisationId: organisation.id,
    reportVersion: 1,
    receivers: [
      {
        id: eu,
        name: 'EudraVigilance',
        profile: 'eu',
        transport: 'https',
        picked: false,
        pickedBy: null,
        valid: false,
        findings: [
          {
            layer: 'profile',
            severity: 'error',
            rule: 'EU-EDQM-DOSE-FORM',
            dataElement: 'G.k.4.r.9.2b',
            casePath: 'G.drugs[0].dosages[0].doseFormTermId',
            field: 'report/G/drugs/0/dosages/0/doseFormTermId',
            message: 'Pharmaceutical Dose Form TermID (G.k.4.r.9.2b) is missing: it is required.',
          },
        ],
      },
      {
        id: fda,
        name: 'FDA ESG',
        profile: 'fda',
        transport: 'https',
        picked: true,
        pickedBy: 'Serious cases from the US',
        valid: true,
        findings: [],
      },
    ],
  };
  const report = (receiverId: string, receiverName: string, extra: Record<string, unknown>) => ({
    id: `${receiverId.slice(0, -4)}e${receiverId.slice(-3)}`,
    submissionId: '00000000-0000-4000-8000-00000000d001',
    organisationId: organisation.id,
    reportId: id,
    receiverId,
    receiverName,
    messageId: `K7HD-3MXT-R-1-${receiverId.slice(-8)}`,
    profile: 'fda',
    masked: false,
    valid: true,
    findings: [],
    status: 'NOT_SENT',
    statusReason: null,
    reasonCode: 'queued',
    ...extra,
  });

  it('shows the receivers with the rules’ pick pre-selected and each validation, then distributes with an Idempotency-Key', async () => {
    const user = userEvent.setup();
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    const sent: { body: unknown; headers: unknown }[] = [];
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () =>
        found('ready_to_submit', { allowedTransitions: ['submitted', 'in_triage', 'nullified'] }),
      [`GET /v1/reports/${id}/audit`]: () => [],
      'POST /v1/submissions/preview': ({ body }) => {
        expect(body).toEqual({ reportId: id });
        return preview;
      },
      'POST /v1/submissions/distribute': (options) => {
        sent.push({ body: options.body, headers: (options as { headers?: unknown }).headers });
        return [
          {
            id: '00000000-0000-4000-8000-00000000d001',
            reports: [
              report(fda, 'FDA ESG', {}),
              report(eu, 'EudraVigilance', {
                valid: false,
                profile: 'eu',
                reasonCode: 'invalid',
                statusReason: "Not sent: the message fails the receiver's EU rules (1 error)",
              }),
            ],
          },
        ];
      },
    });
    renderApp(`/cases/${id}`, fake);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Submit to receivers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit case K7HD-3MXT-R' });
    const fdaBox = await within(dialog).findByRole('checkbox', { name: 'FDA ESG' });
    expect(fdaBox).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'EudraVigilance' })).not.toBeChecked();
    expect(dialog).toHaveTextContent('Rule: Serious cases from the US');
    expect(dialog).toHaveTextContent('The message passes the FDA rules.');
    expect(dialog).toHaveTextContent(
      '1 error against the EU rules: this receiver will not be sent the case.',
    );
    expect(dialog).toHaveTextContent('Pharmaceutical Dose Form TermID (G.k.4.r.9.2b) is missing');
    expect(within(dialog).getByRole('link', { name: 'Go to the field' })).toHaveAttribute(
      'href',
      `/cases/${id}?tab=case#field-G.drugs.0.dosages.0.doseFormTermId`,
    );

    await user.click(within(dialog).getByRole('checkbox', { name: 'EudraVigilance' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 receivers' }));
    const result = await within(dialog).findByTestId('submit-result');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ reportId: id, resources: [fda, eu] });
    const key = (sent[0]!.headers as Record<string, string>)['Idempotency-Key'];
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(result).toHaveTextContent('FDA ESG — on its way');
    expect(within(result).getByRole('link', { name: 'FDA ESG' })).toHaveAttribute(
      'href',
      '/submissions/reports/00000000-0000-4000-8000-00000000e001',
    );
    expect(result).toHaveTextContent('EudraVigilance — not sent: the message fails the receiver’s EU rules');
    expect(within(result).getByRole('status')).toHaveTextContent('Submitted');
  });

  it('headlines "Waiting for approval" when every message waits for an assessor, and the case says so', async () => {
    const user = userEvent.setup();
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    let waiting = false;
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () =>
        // As the server says it: no "submitted" while the message waits for approval.
        found('ready_to_submit', {
          allowedTransitions: waiting ? ['verified', 'nullified'] : ['submitted', 'verified', 'nullified'],
          awaitingApproval: waiting,
        }),
      [`GET /v1/reports/${id}/audit`]: () => [],
      'POST /v1/submissions/preview': () => preview,
      'POST /v1/submissions/distribute': () => {
        waiting = true;
        return [
          {
            id: '00000000-0000-4000-8000-00000000d001',
            reports: [report(fda, 'FDA ESG', { reasonCode: 'awaiting_approval', reviewRequired: true })],
          },
        ];
      },
    });
    renderApp(`/cases/${id}`, fake);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Submit to receivers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit case K7HD-3MXT-R' });
    await within(dialog).findByRole('checkbox', { name: 'FDA ESG' });
    await user.click(within(dialog).getByRole('button', { name: 'Send to 1 receiver' }));
    const result = await within(dialog).findByTestId('submit-result');
    expect(within(result).getByRole('status')).toHaveTextContent('Waiting for approval');
    expect(result).not.toHaveTextContent('Submitted');
    expect(result).toHaveTextContent('its clock keeps running');
    expect(result).toHaveTextContent('FDA ESG — waiting for an assessor’s signed approval');
    await user.click(within(dialog).getByRole('button', { name: 'Back to the case' }));
    expect(await screen.findByTestId('case-awaiting-approval')).toHaveTextContent('Awaiting approval');
    expect(screen.getByTestId('case-status')).toHaveTextContent('Ready to submit');
    // Waiting: neither "Submit" nor a step to "Submitted"; the greyed step says why.
    expect(within(actions).queryByRole('button', { name: 'Submit to receivers…' })).toBeNull();
    const step = within(actions).getByRole('button', { name: 'Move to: Submitted' });
    expect(step).toBeDisabled();
    expect(step).toHaveAccessibleDescription(
      'Not available while the message waits for an assessor’s signed approval: the case becomes submitted when the approved message is sent.',
    );
    expect(
      within(actions)
        .getAllByRole('button', { name: /^Move to/ })
        .map((b) => b.textContent),
    ).toEqual(['Move to: Verified', 'Move to: Nullified', 'Move to: Submitted']);
  });

  it('says when the organisation has no receiver', async () => {
    const user = userEvent.setup();
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_staff', organisation)] }),
    );
    routeRequests(fake, {
      [`GET /v1/reports/${id}`]: () => found('ready_to_submit', { allowedTransitions: ['submitted'] }),
      [`GET /v1/reports/${id}/audit`]: () => [],
      'POST /v1/submissions/preview': () => ({ ...preview, receivers: [] }),
    });
    renderApp(`/cases/${id}`, fake);
    const actions = await screen.findByRole('region', { name: 'Actions' });
    await user.click(within(actions).getByRole('button', { name: 'Submit to receivers…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit case K7HD-3MXT-R' });
    expect(await within(dialog).findByText(/This organisation has no receiver yet/)).toBeInTheDocument();
  });
});
