import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, testSession } from '../../../test/render.tsx';
import { adminUser, changeRequest } from '../test/data.ts';
import { routeRequests } from '../test/fake-routes.ts';

const cr = changeRequest({ message: 'I married.' });
const base = `/v1/change-requests/${cr.id}`;

function setup() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(adminUser());
  const request = routeRequests(fake, {
    'GET /v1/change-requests': ({ query }) =>
      (query?.statuses as string[] | undefined)?.[0] === 'pending'
        ? { items: [cr], page: 1, size: 50, total: 1 }
        : { items: [], page: 1, size: 50, total: 0 },
    [`GET ${base}/commit-preview`]: () => ({
      id: cr.id,
      kind: 'profile',
      status: 'pending',
      changes: [{ field: 'email', old: 'grace@example.org', new: 'grace.hopper@example.org' }],
    }),
    [`PUT ${base}/approve`]: () => ({ ...cr, status: 'approved' }),
    [`PUT ${base}/decline`]: ({ body }) => ({
      ...cr,
      status: 'declined',
      rejectionMessage: (body as { rejectionMessage: string }).rejectionMessage,
    }),
  });
  return { fake, request };
}

// Generous: the first render of a file warms Mantine up, slow on a busy two-core machine.
describe('ChangeRequestsPage', { timeout: 30_000 }, () => {
  it('shows the pending queue with the diff (old → new) and is in the menu', async () => {
    const { fake } = setup();
    renderApp('/admin/change-requests', fake);
    expect(await screen.findByRole('heading', { name: 'Change requests', level: 1 })).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Profile change: Grace Hopper' });
    expect(card).toHaveTextContent('I married.');
    const diff = await within(card).findByRole('table', { name: 'What approval changes' });
    const row = within(diff).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Email address');
    expect(row.querySelector('del')).toHaveTextContent('grace@example.org');
    expect(row.querySelector('ins')).toHaveTextContent('grace.hopper@example.org');
    expect(await screen.findByRole('link', { name: 'Change requests' })).toHaveAttribute(
      'href',
      '/admin/change-requests',
    );
  });

  it('approves', async () => {
    const { fake, request } = setup();
    renderApp('/admin/change-requests', fake);
    const card = await screen.findByRole('article', { name: 'Profile change: Grace Hopper' });
    await userEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByText('The request has been approved and applied.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('PUT', `${base}/approve`, {
      body: { organisationId: cr.organisationId, userId: cr.userId },
    });
  });

  it('declines only with a message', async () => {
    const { fake, request } = setup();
    renderApp('/admin/change-requests', fake);
    const card = await screen.findByRole('article', { name: 'Profile change: Grace Hopper' });
    await userEvent.click(within(card).getByRole('button', { name: 'Decline' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Decline request' }));
    expect(within(card).getByTestId('error-summary')).toHaveTextContent('Enter a message to the requester');
    expect(request).not.toHaveBeenCalledWith('PUT', `${base}/decline`, expect.anything());
    await userEvent.type(within(card).getByLabelText('Message to the requester'), 'Use your work address.');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline request' }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('PUT', `${base}/decline`, {
        body: {
          rejectionMessage: 'Use your work address.',
          organisationId: cr.organisationId,
          userId: cr.userId,
        },
      }),
    );
    expect(await within(card).findByText('The request has been declined.')).toBeInTheDocument();
  });

  it('shows other statuses and the empty state', async () => {
    const { fake } = setup();
    renderApp('/admin/change-requests', fake);
    await screen.findByRole('article', { name: 'Profile change: Grace Hopper' });
    await userEvent.click(screen.getByText('Declined'));
    expect(await screen.findByText('There are no change requests here.')).toBeInTheDocument();
  });
});
