import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { RoleName } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  makeUser,
  membership,
  renderWithProviders,
  testSession,
} from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { E2bPanel } from './E2bPanel.tsx';

configure({ asyncUtilTimeout: 5000 });

const reportId = '00000000-0000-4000-8000-0000000000d2';
const ackXml = '<MCCI_IN200101UV01 xmlns="urn:hl7-org:v3" ITSVersion="XML_1.0"/>';
const stored = {
  id: '00000000-0000-4000-8000-0000000000e2',
  reportId,
  status: 'sent',
  code: 'AA',
  reportCode: 'CA',
  xmlUrl: 'http://vigilo.test/v1/acknowledgements/xml?ids=e2&exp=1&kid=k&sig=s',
  createdAt: '2026-11-24T11:00:00.000Z',
};

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };

function setup(answer: () => unknown, role: RoleName = 'organisation_staff') {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, organisation)] }));
  let acknowledgements: unknown[] = [];
  const request = routeRequests(fake, {
    [`GET /v1/report/${reportId}/xml/validation`]: () => ({
      id: reportId,
      profile: 'ich',
      valid: true,
      findings: [],
    }),
    [`GET /v1/acknowledgements/report/${reportId}`]: () => acknowledgements,
    'POST /v1/acknowledgements': () => {
      const result = answer();
      acknowledgements = [result];
      return result;
    },
  });
  renderWithProviders(<E2bPanel reportId={reportId} reference="K7HD-3MXT-R" />, fake);
  return request;
}

async function openForm() {
  await screen.findByText('No acknowledgement yet.');
  await userEvent.click(screen.getByRole('button', { name: 'Record an acknowledgement' }));
  return screen.getByRole('form', { name: 'Record an acknowledgement' });
}

describe('Record an acknowledgement', { timeout: 20_000 }, () => {
  it('asks for the file, sends its XML with the direction chosen, and lists the acknowledgement', async () => {
    const request = setup(() => stored);
    const form = await openForm();
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(form).toHaveTextContent("Choose the acknowledgement's XML file");
    expect(request).not.toHaveBeenCalledWith('POST', '/v1/acknowledgements', expect.anything());

    await userEvent.click(within(form).getByRole('radio', { name: 'Sent by us' }));
    await userEvent.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([ackXml], 'ack.xml', { type: 'application/xml' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('The acknowledgement is recorded.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('POST', '/v1/acknowledgements', {
      body: { reportId, ack: ackXml, status: 'sent' },
    });
    const acks = await screen.findByRole('table', { name: 'Acknowledgements' });
    expect(acks).toHaveTextContent('Sent');
    expect(acks).toHaveTextContent('AA / CA');
    expect(screen.queryByRole('form', { name: 'Record an acknowledgement' })).toBeNull();
  });

  it('says in words why the server refused the file, and keeps the form open', async () => {
    setup(() => {
      throw new ApiRequestError(400, {
        code: 'XML_MALFORMED',
        statusCode: 400,
        message: 'The XML is not well-formed',
        error: 'Bad Request',
        meta: { fields: ['ack'] },
      });
    });
    const form = await openForm();
    await userEvent.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File(['<MCCI_IN200101UV01'], 'cut.xml', { type: 'application/xml' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('The acknowledgement was not recorded');
    expect(alert).toHaveTextContent('The file is not well-formed XML. It may be cut short or damaged.');
    expect(screen.getByText('No acknowledgement yet.')).toBeInTheDocument();
  });

  it('shows the server’s words (the schema line) beside the file when the schema refuses it', async () => {
    setup(() => {
      throw new ApiRequestError(400, {
        code: 'VALIDATION_FAILED',
        statusCode: 400,
        message: 'The acknowledgement does not follow the ICH schema (MCCI_IN200101UV01)',
        error: 'Bad Request',
        meta: {
          fields: [
            {
              field: 'body/ack',
              reason: 'invalid',
              message: "line 3: Element '{urn:hl7-org:v3}id': This element is not expected.",
            },
          ],
        },
      });
    });
    const form = await openForm();
    await userEvent.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([ackXml], 'ack.xml', { type: 'application/xml' }),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await within(form).findByTestId('ack-server-lines')).toHaveTextContent(
      "What the server found: line 3: Element '{urn:hl7-org:v3}id': This element is not expected.",
    );
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'does not follow the ICH acknowledgement schema',
    );
    expect(form).not.toHaveTextContent('Check a value you entered.');
  });

  it('warns when it names another case’s message: keep it unmatched, or record it here on confirmation', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const request = setup(() => {
      calls++;
      if (calls === 1)
        throw new ApiRequestError(409, {
          code: 'ACK_OTHER_MESSAGE',
          statusCode: 409,
          message: 'This acknowledgement names K7HD-AAAA-1-1-0000abcd, not a message of this case.',
          error: 'Conflict',
          meta: { messageIds: ['K7HD-AAAA-1-1-0000abcd'] },
        });
      return { ...stored, status: 'received', reportCode: null };
    });
    const form = await openForm();
    await user.upload(
      form.querySelector<HTMLInputElement>('input[type="file"]')!,
      new File([ackXml], 'ack.xml', { type: 'application/xml' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('This acknowledgement is for another message');
    expect(alert).toHaveTextContent(
      'It names K7HD-AAAA-1-1-0000abcd, not a message of this case. Nothing was recorded.',
    );
    expect(within(alert).getByRole('button', { name: 'Keep it as unmatched' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Record it against this case anyway' }));
    expect(await screen.findByText('The acknowledgement is recorded.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('POST', '/v1/acknowledgements', {
      body: { reportId, ack: ackXml, status: 'received', confirm: true },
    });
  });

  it('is not offered to an assessor, who reads acknowledgements but may not record them', async () => {
    setup(() => stored, 'assessor');
    await screen.findByText('No acknowledgement yet.');
    await screen.findByTestId('e2b-findings');
    expect(screen.queryByRole('button', { name: 'Record an acknowledgement' })).toBeNull();
  });
});
