import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { organisation, page, signedInAs } from '../test/fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const stored = (n: number, extra: Record<string, unknown>) => ({
  id: `00000000-0000-4000-8000-00000000040${n}`,
  organisationId: organisation.id,
  matched: true,
  malformed: false,
  problem: null,
  code: 'AA',
  messageIds: [`K7HD-3MX${n}-R-1-0000010${n}`],
  submissionReportId: `00000000-0000-4000-8000-00000000010${n}`,
  createdBy: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  via: 'api',
  kind: 'acknowledgement',
  receiverId: null,
  receiverName: null,
  as2MessageId: null,
  contentType: null,
  ...extra,
});

describe('ResponsesPage', { timeout: 20_000 }, () => {
  it('lists kept acknowledgements with why one is flagged, and keeps "only those to look at" in the address', async () => {
    const fake = signedInAs('organisation_staff');
    const request = routeRequests(fake, {
      'GET /v1/submissions/responses': ({ query }) =>
        (query as { matched?: boolean }).matched === false
          ? page([
              stored(2, {
                matched: false,
                submissionReportId: null,
                problem: 'It names messages Vigilo did not send for this organisation: X-1',
              }),
            ])
          : page([
              stored(1, {}),
              stored(2, {
                matched: false,
                submissionReportId: null,
                problem: 'It names messages Vigilo did not send for this organisation: X-1',
              }),
              stored(3, {
                matched: false,
                malformed: true,
                code: null,
                messageIds: [],
                submissionReportId: null,
                problem: 'It cannot be read as an ICH acknowledgement: not XML',
              }),
              stored(4, {
                via: 'as2',
                kind: 'other',
                matched: false,
                code: null,
                messageIds: [],
                submissionReportId: null,
                receiverId: '00000000-0000-4000-8000-000000000901',
                receiverName: 'FDA ESG',
                as2MessageId: '<ack2-1@esg.fda.example>',
                contentType: 'text/plain',
                problem: 'Not an ICH acknowledgement: a text/plain message, kept as it came',
              }),
            ]),
    });
    const { router } = renderApp('/submissions/responses', fake);
    const table = await screen.findByRole('table', { name: 'Acknowledgements received' });
    expect(request).toHaveBeenCalledWith('GET', '/v1/submissions/responses', {
      query: { page: 1, size: 50 },
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Matched');
    expect(rows[1]).toHaveTextContent('The batch was accepted (AA)');
    expect(within(rows[1]!).getByRole('link', { name: 'K7HD-3MX1-R-1-00000101' })).toHaveAttribute(
      'href',
      '/submissions/reports/00000000-0000-4000-8000-000000000101',
    );
    expect(rows[2]).toHaveTextContent('Names an unknown message');
    expect(rows[2]).toHaveTextContent('It names messages Vigilo did not send for this organisation: X-1');
    expect(rows[3]).toHaveTextContent('Unreadable');
    expect(rows[3]).toHaveTextContent('It cannot be read as an ICH acknowledgement: not XML');
    expect(within(rows[1]!).getByTestId('response-source')).toHaveTextContent('Posted');
    // One that came by AS2 says from which receiver, and what it is (decision 0196).
    expect(within(rows[4]!).getByTestId('response-source')).toHaveTextContent('By AS2 from FDA ESG');
    expect(rows[4]).toHaveTextContent('Other message');

    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Only those to look at (not matched or unreadable)' }),
    );
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/submissions/responses', {
      query: { page: 1, size: 50, matched: false },
    });
    expect(router.state.location.search).toBe('?unmatched=true');
  });

  it('adds an acknowledgement file a receiver sent by e-mail, and says whether it matched or why it is flagged', async () => {
    const fake = signedInAs('organisation_staff');
    const xml = '<MCCI_IN200101UV01 xmlns="urn:hl7-org:v3">…</MCCI_IN200101UV01>';
    const posted: unknown[] = [];
    const answers = [
      {
        ...stored(4, {}),
        matched: true,
        results: [
          { messageId: 'K7HD-3MX4-R-1-00000104', submissionReportId: null, status: 'ACCEPTED', errors: [] },
          { messageId: 'K7HD-3MX5-R-1-00000105', submissionReportId: null, status: 'REJECTED', errors: [] },
        ],
      },
      {
        ...stored(5, {}),
        matched: false,
        problem: 'It names messages Vigilo did not send for this organisation: X-9',
        results: [],
      },
    ];
    routeRequests(fake, {
      'GET /v1/submissions/responses': () => page([]),
      'POST /v1/submissions/responses': ({ body }) => {
        posted.push(body);
        return answers[posted.length - 1];
      },
    });
    renderApp('/submissions/responses', fake);
    const file = () => new File([xml], 'ack.xml', { type: 'application/xml' });
    const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await screen.findByTestId('responses-empty');

    await userEvent.upload(input(), file());
    const matched = await screen.findByRole('status');
    expect(matched).toHaveTextContent('Added and matched');
    expect(matched).toHaveTextContent('It answers 2 messages Vigilo sent; their reports show the result.');
    expect(posted).toEqual([{ ack: xml }]);

    await userEvent.upload(input(), file());
    await screen.findByText('Added, and flagged to look at');
    expect(screen.getByRole('status')).toHaveTextContent(
      'It names messages Vigilo did not send for this organisation: X-9',
    );
    expect(posted).toHaveLength(2);
  });
});
