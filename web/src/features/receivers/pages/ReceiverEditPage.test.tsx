import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReceiverTestResult } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { fdaGateway, organisation, organisationAdmin } from './receivers.fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const list = `/admin/organisations/${organisation.id}/receivers`;

describe('ReceiverEditPage', { timeout: 30_000 }, () => {
  it('adds a receiver: validates on submit, then posts the settings and the write-only credentials', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    let posted: unknown;
    routeRequests(fake, {
      'GET /v1/receivers': () => [],
      [`POST /v1/organisation/${organisation.id}/receivers`]: ({ body }) => {
        posted = body;
        return { ...fdaGateway, id: '00000000-0000-4000-8000-00000000a002', name: 'Partner' };
      },
    });
    const { router } = renderApp(`${list}/new`, fake);
    await screen.findByRole('heading', { name: 'Add a receiver' });
    await user.click(screen.getByRole('radio', { name: 'HTTPS' }));
    await user.selectOptions(screen.getByLabelText('Authentication'), 'basic');
    await user.click(screen.getByRole('button', { name: 'Add the receiver' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByText('Enter a name')).toBeInTheDocument();
    expect(within(summary).getByText('Enter the address, starting with https://')).toBeInTheDocument();
    expect(within(summary).getByText('Enter the user name')).toBeInTheDocument();
    expect(within(summary).getByText('Enter the password')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.type(screen.getByLabelText('Name'), 'Partner');
    await user.type(screen.getByLabelText('Batch receiver, N.1.4 (optional)'), 'PARTNER-1');
    await user.click(screen.getByRole('radio', { name: 'EU (EudraVigilance)' }));
    await user.type(screen.getByLabelText('Distribution rule (optional)'), 'case.serious');
    await user.click(screen.getByRole('checkbox', { name: "Send only after an assessor's signed approval" }));
    // The retry budget: 16 by default, about nine hours; 8 attempts span about an hour (3,810 s).
    const attempts = screen.getByLabelText('Delivery attempts before a message is marked failed');
    expect(attempts).toHaveValue('16');
    expect(attempts).toHaveAccessibleDescription(
      'Between 1 and 30. The wait doubles from 30 seconds up to an hour: 16 attempts span about 9 hours.',
    );
    await user.clear(attempts);
    await user.type(attempts, '8');
    expect(attempts).toHaveAccessibleDescription(
      'Between 1 and 30. The wait doubles from 30 seconds up to an hour: 8 attempts span about an hour.',
    );
    await user.type(screen.getByLabelText('Address'), 'https://partner.example.test/in');
    await user.type(screen.getByLabelText('User name'), 'vigilo');
    await user.type(screen.getByLabelText('Password'), 's3cret-pass');
    await user.click(screen.getByRole('button', { name: 'Add the receiver' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(posted).toEqual({
      name: 'Partner',
      code: null,
      batchSender: null,
      batchReceiver: 'PARTNER-1',
      messageSender: null,
      messageReceiver: null,
      profile: 'eu',
      maskPersonalData: false,
      fdaRoute: 'case',
      isDefault: false,
      rule: 'case.serious',
      requiresReview: true,
      dueDaysSerious: 15,
      dueDaysNonSerious: 90,
      deliveryAttempts: 8,
      transport: {
        type: 'https',
        url: 'https://partner.example.test/in',
        auth: 'basic',
        caCertificate: null,
        credentials: { username: 'vigilo', password: 's3cret-pass' },
      },
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`${list}/00000000-0000-4000-8000-00000000a002`),
    );
  });

  it('never shows stored credentials: it keeps them unless "replace" is chosen', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    const bodies: unknown[] = [];
    routeRequests(fake, {
      'GET /v1/receivers': () => [fdaGateway],
      [`PUT /v1/organisation/${organisation.id}/receivers/${fdaGateway.id}`]: ({ body }) => {
        bodies.push(body);
        return fdaGateway;
      },
    });
    renderApp(`${list}/${fdaGateway.id}`, fake);
    expect(await screen.findByTestId('credentials-set')).toHaveTextContent('Credentials are set');
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { transport: Record<string, unknown> }).transport).toEqual({
      type: 'https',
      url: 'https://esg.example.test/e2b',
      auth: 'bearer',
      caCertificate: null,
    });
    expect(await screen.findByText('The receiver was saved.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Replace the credentials' }));
    await user.type(screen.getByLabelText('Token'), 'new-token-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect((bodies[1] as { transport: { credentials: unknown } }).transport.credentials).toEqual({
      token: 'new-token-1',
    });
  });

  it('an FDA receiver chooses its route; the choice is shown for the FDA profile only', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    const bodies: { fdaRoute?: string }[] = [];
    routeRequests(fake, {
      'GET /v1/receivers': () => [fdaGateway],
      [`PUT /v1/organisation/${organisation.id}/receivers/${fdaGateway.id}`]: ({ body }) => {
        bodies.push(body as { fdaRoute?: string });
        return fdaGateway;
      },
    });
    renderApp(`${list}/${fdaGateway.id}`, fake);
    const route = await screen.findByRole('radiogroup', { name: /FDA route/ });
    expect(within(route).getByRole('radio', { name: /^From the case/ })).toBeChecked();
    await user.click(within(route).getByRole('radio', { name: /^Always premarket/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.fdaRoute).toBe('premarket');
    await user.click(screen.getByRole('radio', { name: 'ICH' }));
    expect(screen.queryByRole('radiogroup', { name: /FDA route/ })).not.toBeInTheDocument();
  });

  it("sends a test message and shows the receiver's answer: status, acknowledgement and its sentences", async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    const answer: ReceiverTestResult = {
      outcome: 'delivered',
      messageId: 'TEST-20261127100000-1a2b3c4d',
      httpStatus: 200,
      body: '<MCCI_IN200101UV01/>',
      ack: { code: 'CR', accepted: false, errors: ['Patient age is missing'] },
      valid: true,
      findings: [],
    };
    routeRequests(fake, {
      'GET /v1/receivers': () => [fdaGateway],
      [`POST /v1/organisation/${organisation.id}/receivers/${fdaGateway.id}/test`]: () => answer,
    });
    renderApp(`${list}/${fdaGateway.id}`, fake);
    await user.click(await screen.findByRole('button', { name: 'Send test message' }));
    const shown = await screen.findByTestId('test-answer');
    expect(shown).toHaveTextContent('The receiver took the message');
    expect(shown).toHaveTextContent('200');
    expect(shown).toHaveTextContent('Rejected (CR)');
    expect(shown).toHaveTextContent('Patient age is missing');
    expect(shown).toHaveTextContent('TEST-20261127100000-1a2b3c4d');
  });

  it('shows an unreachable receiver in words, and deletes a receiver after confirming', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    let deleted = false;
    routeRequests(fake, {
      'GET /v1/receivers': () => (deleted ? [] : [fdaGateway]),
      [`POST /v1/organisation/${organisation.id}/receivers/${fdaGateway.id}/test`]: () => ({
        outcome: 'failed',
        messageId: 'TEST-20261127100000-00000000',
        httpStatus: null,
        body: 'The connection failed: self-signed certificate',
        ack: null,
        valid: true,
        findings: [],
      }),
      [`DELETE /v1/organisation/${organisation.id}/receivers/${fdaGateway.id}`]: () => {
        deleted = true;
        return null;
      },
    });
    const { router } = renderApp(`${list}/${fdaGateway.id}`, fake);
    await user.click(await screen.findByRole('button', { name: 'Send test message' }));
    const shown = await screen.findByTestId('test-answer');
    expect(shown).toHaveTextContent('The receiver could not be reached');
    expect(shown).toHaveTextContent('No answer');
    expect(shown).toHaveTextContent('No acknowledgement in the answer');
    expect(shown).toHaveTextContent('The connection failed: self-signed certificate');

    await user.click(screen.getByRole('button', { name: 'Delete the receiver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete FDA ESG?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(list));
    expect(deleted).toBe(true);
  });
});
