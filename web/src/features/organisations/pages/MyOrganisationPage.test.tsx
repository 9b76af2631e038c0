import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact, Location } from '@vigilo/contract';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests, organisation } from '../testing.ts';

const id = testSession.organisationId!;
const base = `/v1/organisation/${id}`;

function setUp(role: 'organisation_admin' | 'organisation_staff' = 'organisation_admin') {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership(role, { id, name: 'Hôpital Nord' })] }));
  let current = organisation({ email: 'pv@nord.example', address: '1 rue du Port' });
  const contacts: Contact[] = [];
  const locations: Location[] = [
    {
      id: 'l1',
      organisationId: id,
      name: 'Ward 3',
      code: 'W3',
      locationProvider: 'manual',
      data: {},
      createdAt: '',
    },
  ];
  answerRequests(fake.api.request as Mock, {
    [`GET ${base}`]: () => current,
    [`PUT ${base}`]: ({ body }) => {
      current = { ...current, ...(body as object) };
      return current;
    },
    [`GET ${base}/contacts`]: () => [...contacts],
    [`POST ${base}/contacts`]: ({ body }) => {
      const c = {
        id: `c${contacts.length}`,
        organisationId: id,
        title: '',
        email: null,
        phone: null,
        createdAt: '',
        ...(body as object),
      } as Contact;
      contacts.push(c);
      return c;
    },
    [`GET ${base}/locations`]: () => [...locations],
    [`POST ${base}/locations`]: ({ body }) => {
      const { locations: added, locationProvider } = body as {
        locations: { name: string; code: string | null }[];
        locationProvider: string;
      };
      const made = added.map((l, i) => ({
        id: `n${i}`,
        organisationId: id,
        name: l.name,
        code: l.code,
        locationProvider,
        data: {},
        createdAt: '',
      }));
      locations.push(...made);
      return made;
    },
    [`GET ${base}/receivers`]: () => [
      { id: 'r1', organisationId: id, name: 'EudraVigilance', code: 'EV', data: {} },
    ],
  });
  return fake;
}

describe('MyOrganisationPage', () => {
  it('shows the session organisation with its contacts, receivers and locations', async () => {
    renderApp('/admin/organisation', setUp());
    expect(await screen.findByRole('heading', { name: 'Hôpital Nord', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('pv@nord.example')).toBeInTheDocument();
    expect(await screen.findByText('No contacts yet.')).toBeInTheDocument();
    expect(await screen.findByText('EudraVigilance')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Locations' })).getByText('Ward 3')).toBeInTheDocument();
    expect(document.title).toBe('Hôpital Nord – Vigilo');
  });

  it('adds a contact, with an error summary when the name is missing', async () => {
    const fake = setUp();
    renderApp('/admin/organisation', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add contact' }));
    const form = screen.getByRole('form', { name: 'Add contact' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByRole('link', { name: "Enter the contact's name" })).toBeInTheDocument();
    await userEvent.type(within(form).getByLabelText('Name'), 'Dr Ada');
    await userEvent.type(within(form).getByLabelText('Email address (optional)'), 'ada@nord.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('The contact has been added.')).toBeInTheDocument();
    expect(await screen.findByText('Dr Ada')).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('POST', `${base}/contacts`, {
      body: { name: 'Dr Ada', title: '', email: 'ada@nord.example', phone: null },
    });
  });

  it('adds a location by hand', async () => {
    const fake = setUp();
    renderApp('/admin/organisation', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Add location' }));
    const form = screen.getByRole('form', { name: 'Add location' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Clinic B');
    await userEvent.click(within(form).getByRole('button', { name: 'Add location' }));
    expect(await screen.findByText('The location has been added.')).toBeInTheDocument();
    expect(await screen.findByText('Clinic B')).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('POST', `${base}/locations`, {
      body: { locations: [{ name: 'Clinic B', code: null }], locationProvider: 'manual' },
    });
  });

  it('edits the details; a bad country code is refused with the error beside the field', async () => {
    const fake = setUp();
    renderApp('/admin/organisation', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }, { timeout: 5000 }));
    const country = screen.getByLabelText(/Country code/);
    await userEvent.clear(country);
    await userEvent.type(country, 'France');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findAllByText('Enter the country as two letters, like GB', {}, { timeout: 5000 }),
    ).toHaveLength(2);
    expect(document.title).toBe('Error: Hôpital Nord – Vigilo');
    await userEvent.clear(country);
    await userEvent.type(country, 'be');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The organisation has been saved.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('BE')).toBeInTheDocument();
  });

  it('an administrator switches "Accept account requests" on in the edit form', async () => {
    const fake = setUp();
    renderApp('/admin/organisation', fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }, { timeout: 5000 }));
    const toggle = await screen.findByRole('switch', { name: /^Accept account requests/ });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The organisation has been saved.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('PUT', base, {
      body: expect.objectContaining({ acceptsAccountRequests: true }),
      headers: { 'if-match': '"1"' },
    });
  });

  it('an administrator finds a time zone by typing part of its name and saves it (decision 0318)', async () => {
    const fake = setUp();
    renderApp('/admin/organisation', fake);
    // The details say the calendar in use: UTC, every organisation's default.
    expect(await screen.findByText('UTC', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit details' }, { timeout: 5000 }));
    const zone = screen.getByLabelText(/^Time zone/, { selector: 'input' });
    expect(zone).toHaveValue('UTC');
    expect(zone).toHaveAccessibleDescription(/counted by the calendar of this time zone/);
    await userEvent.clear(zone);
    await userEvent.type(zone, 'New_Y');
    await userEvent.click(await screen.findByRole('option', { name: 'America/New_York' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('The organisation has been saved.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('PUT', base, {
      body: expect.objectContaining({ timeZone: 'America/New_York' }),
      headers: { 'if-match': '"1"' },
    });
    expect(screen.getByText('America/New_York')).toBeInTheDocument();
  });

  it('staff read the organisation but are offered no changes', async () => {
    renderApp('/admin/organisation', setUp('organisation_staff'));
    expect(await screen.findByRole('heading', { name: 'Hôpital Nord', level: 1 })).toBeInTheDocument();
    await screen.findByText('Ward 3');
    expect(screen.queryByRole('button', { name: 'Edit details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add contact' })).not.toBeInTheDocument();
  });

  it('explains when the session works in no organisation', async () => {
    const fake = createFakeApi({ ...testSession, organisationId: null });
    fake.getUser.mockResolvedValue(
      makeUser({ organisationId: null, memberships: [membership('organisation_admin', { id, name: 'A' })] }),
    );
    renderApp('/admin/organisation', fake);
    expect(await screen.findByText('Your session is not working in an organisation.')).toBeInTheDocument();
  });
});
