import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { organisation, REPORT_ID, signedInAs, submissionReport } from '../test/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const XML =
  '<?xml version="1.0"?><MCCI_IN200100UV01><id extension="K7HD-3MX1-R-1-00000101"/></MCCI_IN200100UV01>';
const rejected = submissionReport(1, {
  status: 'REJECTED',
  ackCode: 'CR',
  ackErrors: ['Patient age is missing', 'Drug role is missing'],
  acknowledgedAt: '2026-11-02T09:00:05.000Z',
});
const id = rejected.id;
const history = [
  {
    id: '00000000-0000-4000-8000-000000000301',
    status: 'NOT_SENT',
    reason: null,
    reasonCode: null,
    source: 'distribution',
    changedBy: '00000000-0000-4000-8000-000000000001',
    changedByName: 'Ada Lovelace',
    at: '2026-11-02T08:59:00.000Z',
  },
  {
    id: '00000000-0000-4000-8000-000000000302',
    status: 'REJECTED',
    reason: null,
    reasonCode: null,
    source: 'delivery',
    changedBy: null,
    changedByName: null,
    at: '2026-11-02T09:00:05.000Z',
  },
];

function routes(fake: ReturnType<typeof signedInAs>, extra = {}) {
  return routeRequests(fake, {
    [`GET /v1/submissions/reports/${id}`]: () => rejected,
    [`GET /v1/submissions/reports/${id}/history`]: () => history,
    [`GET /v1/reports/anonymised/${id}`]: () => ({
      submissionReportId: id,
      reportId: REPORT_ID,
      messageId: rejected.messageId,
      profile: 'fda',
      masked: true,
      report: {},
      xml: XML,
    }),
    ...extra,
  });
}

describe('SubmissionReportPage', { timeout: 20_000 }, () => {
  it('says Vigilo’s own reasons in the history in French, a receiver’s words as they came', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('organisation_staff', organisation)] }),
    );
    routes(fake, {
      [`GET /v1/submissions/reports/${id}/history`]: () => [
        {
          ...history[0],
          reason:
            "Waiting for an assessor's signed approval: the receiver asks for one before anything is sent",
          reasonCode: 'awaiting_approval',
        },
        { ...history[1], reason: 'Patient age is missing' },
      ],
    });
    renderApp(`/submissions/reports/${id}`, fake);
    const region = await screen.findByRole('region', { name: 'Historique' });
    const steps = await within(region).findAllByRole('listitem');
    expect(steps[0]).toHaveTextContent(
      'En attente de l’approbation signée d’un évaluateur : rien n’est envoyé avant.',
    );
    expect(steps[0]).not.toHaveTextContent('Waiting');
    expect(steps[1]).toHaveTextContent('Patient age is missing');
  });

  it('shows the case, the receiver, the message, the acknowledgement’s errors in words and the history', async () => {
    const fake = signedInAs('organisation_staff');
    routes(fake);
    renderApp(`/submissions/reports/${id}`, fake);
    await screen.findByRole('heading', { name: 'FDA ESG: K7HD-3MX1-R', level: 1 });
    const facts = screen.getByRole('region', { name: 'Details' });
    expect(within(facts).getByRole('link', { name: 'K7HD-3MX1-R' })).toHaveAttribute(
      'href',
      `/cases/${REPORT_ID}`,
    );
    expect(facts).toHaveTextContent('K7HD-3MX1-R-1-00000101');
    expect(facts).toHaveTextContent('Rejected');
    expect(facts).toHaveTextContent('Due 16 Nov 2026');

    const ack = screen.getByRole('region', { name: 'The receiver\u2019s acknowledgement' });
    expect(ack).toHaveTextContent('Rejected (CR)');
    const errors = within(ack).getByRole('list', { name: 'What the receiver found wrong' });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Patient age is missing', 'Drug role is missing']);

    const steps = await within(screen.getByRole('region', { name: 'History' })).findAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Not sent');
    expect(steps[0]).toHaveTextContent('Distributed by Ada Lovelace');
    expect(steps[1]).toHaveTextContent('Rejected');
    expect(steps[1]).toHaveTextContent('Delivery');

    const message = screen.getByRole('region', { name: 'The message sent' });
    const show = await within(message).findByRole('button', { name: 'Show the XML' });
    expect(within(message).getByRole('button', { name: 'Download the XML' })).toBeInTheDocument();
    await userEvent.click(show);
    expect(within(message).getByLabelText('The message sent')).toHaveTextContent(XML);
    expect(within(message).getByRole('button', { name: 'Hide the XML' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    expect(screen.getByRole('region', { name: 'Review' })).toHaveTextContent('Not reviewed yet.');
    // Staff do not sign: no link to the review step.
    expect(screen.queryByRole('link', { name: 'Review it' })).toBeNull();
  });

  it('lets staff set the receiver status by hand with a reason, and asks for the reason first', async () => {
    const fake = signedInAs('organisation_staff');
    const request = routes(fake, {
      [`PUT /v1/submissions/reports/${id}/receiver-status`]: ({ body }: { body?: unknown }) => ({
        ...rejected,
        status: (body as { status: string }).status,
        statusReason: (body as { reason: string }).reason,
      }),
    });
    renderApp(`/submissions/reports/${id}`, fake);
    const actions = await screen.findByRole('region', { name: 'Staff actions' });
    const form = within(actions).getByRole('form', { name: 'Set the receiver status by hand' });
    await userEvent.click(within(form).getByRole('button', { name: 'Set the status' }));
    const summary = await within(form).findByTestId('error-summary');
    expect(summary).toHaveTextContent('Enter why the status changes');
    expect(request).not.toHaveBeenCalledWith('PUT', expect.anything(), expect.anything());

    await userEvent.click(within(form).getByLabelText('New status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed' }));
    await userEvent.type(within(form).getByLabelText(/^Why/), 'The gateway lost it; sent again by hand');
    await userEvent.click(within(form).getByRole('button', { name: 'Set the status' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('The status is now: Failed.');
    expect(request).toHaveBeenCalledWith('PUT', `/v1/submissions/reports/${id}/receiver-status`, {
      body: { status: 'FAILED', reason: 'The gateway lost it; sent again by hand' },
    });
  });

  it('shows staff the delivery in words and sends a FAILED message again after a confirmation', async () => {
    const failed = submissionReport(1, {
      status: 'FAILED',
      statusReason: 'Attempt 16 of 16 failed (HTTP 503): Service unavailable',
      attempts: 16,
      maxAttempts: 16,
      httpStatus: 503,
      lastError: 'Attempt 16 of 16 failed (HTTP 503): Service unavailable',
      sentAt: null,
      resendCount: 2,
      resentAt: '2026-11-02T09:00:00.000Z',
    });
    const fake = signedInAs('organisation_staff');
    let posted = 0;
    const request = routes(fake, {
      [`GET /v1/submissions/reports/${id}`]: () => (posted ? { ...failed, status: 'SENT' } : failed),
      [`POST /v1/submissions/reports/${id}/resend`]: () => {
        posted++;
        return { ...failed, status: 'NOT_SENT', reasonCode: 'queued', attempts: 0, resendCount: 3 };
      },
    });
    renderApp(`/submissions/reports/${id}`, fake);
    const delivery = await screen.findByRole('region', { name: 'Delivery' });
    expect(delivery).toHaveTextContent('16 of 16');
    expect(delivery).toHaveTextContent('None planned');
    expect(delivery).toHaveTextContent('The receiver was unavailable (HTTP 503).');
    expect(delivery).toHaveTextContent('Its words: Attempt 16 of 16 failed (HTTP 503): Service unavailable');
    expect(delivery).toHaveTextContent(/2 times, last on/);
    expect(delivery).toHaveTextContent('at least once');
    // The button asks first: nothing is sent until confirmed; Cancel sends nothing.
    await userEvent.click(within(delivery).getByRole('button', { name: 'Send again' }));
    const confirm = within(delivery).getByRole('group', { name: 'Send this message again?' });
    expect(confirm).toHaveTextContent(`FDA ESG gets message ${failed.messageId} again, byte for byte.`);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posted).toBe(0);
    // By keyboard: Tab to the button, Enter, then Enter on "Yes, send it again".
    within(delivery).getByRole('button', { name: 'Send again' }).focus();
    await userEvent.keyboard('{Enter}');
    const yes = within(delivery).getByRole('button', { name: 'Yes, send it again' });
    yes.focus();
    await userEvent.keyboard('{Enter}');
    expect(await within(delivery).findByRole('status')).toHaveTextContent(
      'Sent again: the message is queued for delivery.',
    );
    expect(posted).toBe(1);
    expect(request).toHaveBeenCalledWith('POST', `/v1/submissions/reports/${id}/resend`, {
      headers: { 'Idempotency-Key': expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    expect(within(delivery).queryByRole('button', { name: 'Send again' })).toBeNull();
  });

  it('says the delivery in French', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ language: 'fr', memberships: [membership('organisation_staff', organisation)] }),
    );
    routes(fake, {
      [`GET /v1/submissions/reports/${id}`]: () =>
        submissionReport(1, {
          status: 'NOT_SENT',
          attempts: 2,
          maxAttempts: 16,
          httpStatus: null,
          lastError: 'Attempt 2 of 16 failed: connect ECONNREFUSED',
          nextAttemptAt: '2026-11-02T09:02:00.000Z',
          sentAt: null,
        }),
    });
    renderApp(`/submissions/reports/${id}`, fake);
    const delivery = await screen.findByRole('region', { name: 'Envoi' });
    expect(delivery).toHaveTextContent('2 sur 16');
    expect(delivery).toHaveTextContent('Pas de réponse du destinataire');
    expect(delivery).toHaveTextContent('Jamais');
    expect(within(delivery).queryByRole('button', { name: 'Renvoyer' })).toBeNull();
  });

  it('says so when the report does not exist (or is another organisation’s)', async () => {
    const fake = signedInAs('organisation_staff');
    routeRequests(fake, {
      [`GET /v1/submissions/reports/${id}`]: () => {
        throw new ApiRequestError(404, {
          code: 'NOT_FOUND',
          statusCode: 404,
          message: 'x',
          error: 'Not Found',
          meta: {},
        });
      },
    });
    renderApp(`/submissions/reports/${id}`, fake);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The submission report could not be loaded');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
