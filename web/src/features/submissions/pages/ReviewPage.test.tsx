import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { ReviewBody } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { page, REPORT_ID, signedInAs, submissionReport } from '../test/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const waiting = submissionReport(1, {
  status: 'ACCEPTED',
  ackCode: 'CA',
  acknowledgedAt: '2026-11-02T09:00:05.000Z',
});
const id = waiting.id;
const wrongPassword = () =>
  new ApiRequestError(400, {
    code: 'VALIDATION_FAILED',
    statusCode: 400,
    message: 'The password is not right: nothing was signed',
    error: 'Bad Request',
    meta: { fields: [{ field: 'body/password', message: 'x', reason: 'wrongPassword' }] },
  });

/** The case as written into the message: the patient's initials masked (the receiver asks). */
const sentCase = {
  schemaVersion: 1,
  D: { name: { nullFlavor: 'MSK' }, sex: '2' },
  E: {
    reactions: [{ id: '9a0f1c2e-1111-4aaa-8bbb-000000000001', nativeTerm: 'Swollen lips', outcome: '2' }],
  },
  G: { drugs: [{ id: '9a0f1c2e-2222-4aaa-8bbb-000000000002', role: '1', name: 'Lisinopril 10 mg tablets' }] },
  H: { narrative: 'She woke with swollen lips.' },
};

function reviewRoutes(fake: ReturnType<typeof signedInAs>) {
  return routeRequests(fake, {
    [`GET /v1/submissions/reports/${id}`]: () => waiting,
    [`GET /v1/reports/anonymised/${id}`]: () => ({
      submissionReportId: id,
      reportId: REPORT_ID,
      messageId: waiting.messageId,
      profile: 'fda',
      masked: true,
      report: sentCase,
      xml: '<x/>',
    }),
    [`PUT /v1/submissions/reports/${id}/review`]: ({ body }) => {
      const review = body as ReviewBody;
      if (review.password !== 'correct horse battery') throw wrongPassword();
      return {
        ...waiting,
        reviewStatus: review.reviewStatus,
        approvalComment: review.approvalComment ?? null,
        rejectionComment: review.rejectionComment ?? null,
        signature: {
          signerId: '00000000-0000-4000-8000-000000000001',
          signerName: 'Ada Lovelace',
          signedAt: '2026-11-28T23:30:00.000Z',
          meaning: review.reviewStatus === 'APPROVED' ? 'approved for submission' : 'rejected for submission',
          method: 'password',
        },
      };
    },
  });
}

describe('ReviewQueuePage', { timeout: 20_000 }, () => {
  it('lists the reports waiting for review and opens one for signing', async () => {
    const fake = signedInAs('assessor');
    const request = routeRequests(fake, {
      'GET /v1/submissions/reports': () => page([waiting]),
    });
    renderApp('/submissions/review', fake);
    const table = await screen.findByRole('table', { name: 'Submission reports waiting for review' });
    expect(request).toHaveBeenCalledWith('GET', '/v1/submissions/reports', {
      query: { page: 1, size: 50, reviewStatus: 'PENDING' },
    });
    expect(within(table).getByRole('link', { name: 'K7HD-3MX1-R' })).toHaveAttribute(
      'href',
      `/submissions/review/${id}`,
    );
  });

  it('says when nothing waits', async () => {
    const fake = signedInAs('assessor');
    routeRequests(fake, { 'GET /v1/submissions/reports': () => page([]) });
    renderApp('/submissions/review', fake);
    expect(await screen.findByTestId('queue-empty')).toHaveTextContent('Nothing is waiting for review.');
  });
});

describe('ReviewPage', { timeout: 30_000 }, () => {
  it('shows the case block by block as the case view does, as it goes to the receiver', async () => {
    const fake = signedInAs('assessor');
    reviewRoutes(fake);
    renderApp(`/submissions/review/${id}`, fake);
    const patient = await screen.findByRole('region', { name: 'D. Patient' });
    expect(screen.getByTestId('reviewed-case')).toHaveTextContent(
      'The receiver asks for personal data to be masked',
    );
    expect(patient).toHaveTextContent('Patient initialsMasked (MSK)');
    expect(patient).toHaveTextContent('SexFemale');
    const reaction = screen.getByRole('region', { name: 'Reaction 1: Swollen lips' });
    expect(reaction).toHaveTextContent('Outcome at the last observationRecovering or resolving');
    expect(screen.getByRole('region', { name: 'Drug 1: Lisinopril 10 mg tablets' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'H. Narrative and assessment' })).toHaveTextContent(
      'She woke with swollen lips.',
    );
    // A block the case leaves empty says so rather than vanishing.
    expect(screen.getByRole('region', { name: 'F. Tests and procedures' })).toHaveTextContent(
      'Nothing recorded.',
    );
  });

  it('refuses a wrong password in words and signs nothing, then signs and shows the name, UTC time and meaning', async () => {
    const fake = signedInAs('assessor');
    const request = reviewRoutes(fake);
    renderApp(`/submissions/review/${id}`, fake);
    await screen.findByRole('heading', { name: 'Review: K7HD-3MX1-R to FDA ESG', level: 1 });
    const form = screen.getByRole('form', { name: 'Your decision' });
    expect(within(form).getByTestId('signature-meaning')).toHaveTextContent(
      'By signing you confirm: “approved for submission”.',
    );
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), 'Narrative and coding checked');
    await userEvent.type(within(form).getByLabelText('Your password'), 'not my password');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and approve' }));

    const summary = await within(form).findByTestId('error-summary');
    expect(summary).toHaveTextContent('That password is not right. Nothing was signed.');
    expect(document.title).toBe('Error: Review: K7HD-3MX1-R to FDA ESG – Vigilo');
    expect(within(form).getByLabelText('Your password')).toHaveValue('');
    expect(within(form).getByLabelText('Comment (optional)')).toHaveValue('Narrative and coding checked');
    expect(screen.queryByTestId('signature-record')).toBeNull();

    await userEvent.type(within(form).getByLabelText('Your password'), 'correct horse battery');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and approve' }));
    const record = await screen.findByTestId('signature-record');
    expect(record).toHaveTextContent('Signed byAda Lovelace');
    expect(record).toHaveTextContent('Signed at (UTC)28 Nov 2026, 23:30 UTC');
    expect(record).toHaveTextContent('Meaningapproved for submission');
    expect(record).toHaveTextContent('ProofPassword');
    expect(record).toHaveTextContent('Narrative and coding checked');
    expect(screen.getByRole('status')).toHaveTextContent('Signed.');
    expect(screen.getByRole('status')).toHaveFocus();
    expect(document.title).toBe('Review: K7HD-3MX1-R to FDA ESG – Vigilo');
    expect(request).toHaveBeenLastCalledWith('PUT', `/v1/submissions/reports/${id}/review`, {
      body: {
        reviewStatus: 'APPROVED',
        approvalComment: 'Narrative and coding checked',
        password: 'correct horse battery',
      },
    });
  });

  it('asks a rejection for its reason, says its meaning, and signs with an authenticator code', async () => {
    const fake = signedInAs('assessor');
    const request = reviewRoutes(fake);
    renderApp(`/submissions/review/${id}`, fake);
    const form = await screen.findByRole('form', { name: 'Your decision' });
    await userEvent.click(within(form).getByRole('radio', { name: 'Reject' }));
    expect(within(form).getByTestId('signature-meaning')).toHaveTextContent('“rejected for submission”');
    await userEvent.click(within(form).getByRole('radio', { name: 'A code from my authenticator app' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and reject' }));
    const summary = await within(form).findByTestId('error-summary');
    expect(summary).toHaveTextContent('Enter why you reject it');
    expect(summary).toHaveTextContent('Enter the code from your app to sign');
    expect(request).not.toHaveBeenCalledWith('PUT', expect.anything(), expect.anything());

    await userEvent.type(within(form).getByLabelText('Why you reject it'), 'Wrong patient age');
    await userEvent.type(within(form).getByLabelText('Authenticator code'), '123 456');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and reject' }));
    await within(form).findByTestId('error-summary');
    expect(request).toHaveBeenLastCalledWith('PUT', `/v1/submissions/reports/${id}/review`, {
      body: { reviewStatus: 'REJECTED', rejectionComment: 'Wrong patient age', totpCode: '123456' },
    });
  });
});
