import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Receiver } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { fdaGateway, organisation, organisationAdmin } from './receivers.fixtures.ts';

configure({ asyncUtilTimeout: 5000 });

const list = `/admin/organisations/${organisation.id}/receivers`;
/** Stand-ins for PEM text: the form only checks the armour; the server parses them (decision 0195). */
const PARTNER_CERT = '-----BEGIN CERTIFICATE-----\nMIIBpartner\n-----END CERTIFICATE-----';
const OUR_CERT = '-----BEGIN CERTIFICATE-----\nMIIBvigilo\n-----END CERTIFICATE-----';
const OUR_KEY = '-----BEGIN PRIVATE KEY-----\nMIIEvigilo\n-----END PRIVATE KEY-----';

const esgAs2: Receiver = {
  ...fdaGateway,
  id: '00000000-0000-4000-8000-00000000a0a2',
  name: 'FDA ESG (AS2)',
  transport: {
    type: 'as2',
    url: 'https://esg.example.test/as2',
    auth: 'none',
    hasCredentials: true,
    caCertificate: null,
    as2: {
      from: 'VIGILO-NPC',
      to: 'ZZFDA',
      partnerCertificate: PARTNER_CERT,
      encryption: 'aes256-cbc',
      signing: 'sha-256',
    },
  },
};

describe('ReceiverEditPage, AS2', { timeout: 30_000 }, () => {
  it('adds an AS2 receiver: names, partner certificate, algorithms, and the signing key asked, checked, posted', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    let posted: unknown;
    routeRequests(fake, {
      'GET /v1/receivers': () => [],
      [`POST /v1/organisation/${organisation.id}/receivers`]: ({ body }) => {
        posted = body;
        return esgAs2;
      },
    });
    renderApp(`${list}/new`, fake);
    await screen.findByRole('heading', { name: 'Add a receiver' });
    await user.type(screen.getByLabelText('Name'), 'FDA ESG (AS2)');
    await user.click(screen.getByRole('radio', { name: 'AS2' }));
    // No address for the partner's acknowledgements until the receiver exists (decision 0196).
    expect(screen.getByTestId('as2-inbound-later')).toHaveTextContent('Once the receiver is saved');
    expect(screen.queryByTestId('as2-inbound-url')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Your AS2 name (AS2-From)'), 'VIGILO "NPC"');
    await user.click(screen.getByRole('button', { name: 'Add the receiver' }));
    const summary = await screen.findByTestId('error-summary');
    expect(
      within(summary).getByText('Enter the address, starting with https:// or http://'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText('Enter your AS2 name: up to 128 characters, no quotes'),
    ).toBeInTheDocument();
    expect(
      within(summary).getByText("Enter the partner's AS2 name: up to 128 characters, no quotes"),
    ).toBeInTheDocument();
    expect(within(summary).getByText(/^Paste the partner's certificate/)).toBeInTheDocument();
    expect(within(summary).getByText('Paste your signing certificate')).toBeInTheDocument();
    expect(within(summary).getByText('Paste your private key')).toBeInTheDocument();
    expect(posted).toBeUndefined();

    await user.clear(screen.getByLabelText('Your AS2 name (AS2-From)'));
    await user.type(screen.getByLabelText('Your AS2 name (AS2-From)'), 'VIGILO NPC');
    await user.type(screen.getByLabelText("The partner's AS2 name (AS2-To)"), 'ZZFDA');
    await user.type(screen.getByLabelText('Address'), 'http://as2.partner.example.test/in');
    await user.click(screen.getByLabelText("The partner's certificate, PEM"));
    await user.paste(PARTNER_CERT);
    await user.selectOptions(screen.getByLabelText('Encryption'), '3des');
    await user.selectOptions(screen.getByLabelText('Signature and receipt digest'), 'sha-512');
    await user.click(screen.getByLabelText('Your signing certificate, PEM'));
    await user.paste(OUR_CERT);
    await user.click(screen.getByLabelText('Your private key, PEM'));
    await user.paste(OUR_KEY);
    await user.click(screen.getByRole('button', { name: 'Add the receiver' }));
    await waitFor(() => expect(posted).toBeDefined());
    expect((posted as { transport: unknown }).transport).toEqual({
      type: 'as2',
      url: 'http://as2.partner.example.test/in',
      auth: 'none',
      caCertificate: null,
      as2: {
        from: 'VIGILO NPC',
        to: 'ZZFDA',
        partnerCertificate: PARTNER_CERT,
        encryption: '3des',
        signing: 'sha-512',
      },
      credentials: { certificate: OUR_CERT, privateKey: OUR_KEY },
    });
  });

  it('shows a stored AS2 receiver without its key, keeps the key on save, sends a new one when replaced', async () => {
    const user = userEvent.setup();
    const fake = organisationAdmin();
    const bodies: { transport: Record<string, unknown> }[] = [];
    routeRequests(fake, {
      'GET /v1/receivers': () => [esgAs2],
      [`PUT /v1/organisation/${organisation.id}/receivers/${esgAs2.id}`]: ({ body }) => {
        bodies.push(body as { transport: Record<string, unknown> });
        return esgAs2;
      },
    });
    renderApp(`${list}/${esgAs2.id}`, fake);
    expect(await screen.findByTestId('credentials-set')).toHaveTextContent('Credentials are set');
    expect(screen.getByLabelText('Your AS2 name (AS2-From)')).toHaveValue('VIGILO-NPC');
    expect(screen.getByLabelText("The partner's certificate, PEM")).toHaveValue(PARTNER_CERT);
    expect(screen.queryByLabelText('Your private key, PEM')).not.toBeInTheDocument();
    // Where the partner sends its acknowledgements by AS2: absolute, with a copy button.
    const inbound = `${window.location.origin}/v1/organisation/${organisation.id}/receivers/${esgAs2.id}/as2`;
    expect(screen.getByText('Partner sends acknowledgements to')).toBeInTheDocument();
    expect(screen.getByTestId('as2-inbound-url')).toHaveTextContent(inbound);
    await user.click(screen.getByRole('button', { name: 'Copy the address' }));
    expect(await screen.findByRole('button', { name: 'Address copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(inbound);
    await user.selectOptions(screen.getByLabelText('Encryption'), 'aes128-cbc');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.transport).toEqual({
      type: 'as2',
      url: 'https://esg.example.test/as2',
      auth: 'none',
      caCertificate: null,
      as2: {
        from: 'VIGILO-NPC',
        to: 'ZZFDA',
        partnerCertificate: PARTNER_CERT,
        encryption: 'aes128-cbc',
        signing: 'sha-256',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Replace the credentials' }));
    await user.click(screen.getByLabelText('Your signing certificate, PEM'));
    await user.paste(OUR_CERT);
    await user.click(screen.getByLabelText('Your private key, PEM'));
    await user.paste(OUR_KEY);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]!.transport.credentials).toEqual({ certificate: OUR_CERT, privateKey: OUR_KEY });
  });
});
