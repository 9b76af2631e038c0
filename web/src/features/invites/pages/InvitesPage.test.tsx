import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { OrganisationInvite } from '@vigilo/contract';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests } from '../testing.ts';

const id = testSession.organisationId!;

function invite(email: string): OrganisationInvite {
  return {
    id: `00000000-0000-4000-8000-${String(email.length).padStart(12, '0')}`,
    platformId: testSession.platformId!,
    organisationId: id,
    organisationName: 'Hôpital Nord',
    email,
    role: 'organisation_staff',
    status: 'pending',
    expiresAt: '2026-12-01T10:00:00.000Z',
    createdAt: '2026-11-24T10:00:00.000Z',
    acceptedAt: null,
  } as OrganisationInvite;
}

function setUp() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(
    makeUser({ memberships: [membership('organisation_admin', { id, name: 'Hôpital Nord' })] }),
  );
  const pending = [invite('waiting@example.org')];
  answerRequests(fake.api.request as Mock, {
    [`GET /v1/organisation/${id}/invites`]: () => [...pending],
    'POST /v1/organisation-invite': ({ body }) => {
      const { email } = body as { email: string };
      if (email === 'taken@example.org')
        throw new ApiRequestError(409, {
          code: 'CONFLICT',
          statusCode: 409,
          message: 'raw server text',
          error: 'Conflict',
          meta: {
            fields: [{ field: 'body/email', message: 'raw field text', reason: 'alreadyMember' }],
          },
        });
      const made = invite(email);
      pending.unshift(made);
      return made;
    },
  });
  return fake;
}

describe('InvitesPage', () => {
  it('lists pending invites and sends a new one into the session organisation', async () => {
    const fake = setUp();
    renderApp('/admin/invites', fake);
    expect(await screen.findByRole('heading', { name: 'Invites', level: 1 })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    expect(within(table).getByText('waiting@example.org')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email address'), 'new.person@example.org');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Assessor' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.person@example.org.')).toBeInTheDocument();
    expect(fake.api.request).toHaveBeenCalledWith('POST', '/v1/organisation-invite', {
      body: { email: 'new.person@example.org', role: 'assessor', organisationId: id },
    });
    expect(
      await within(screen.getByRole('table', { name: 'Pending invites' })).findByText(
        'new.person@example.org',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('checks the email on submit and shows the server’s refusal', async () => {
    renderApp('/admin/invites', setUp());
    await screen.findByRole('table', { name: 'Pending invites' });
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    const summary = await screen.findByTestId('error-summary');
    expect(within(summary).getByText('Enter the email address of the person to invite')).toBeInTheDocument();
    expect(document.title).toBe('Error: Invites – Vigilo');
    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findAllByText('Enter an email address in the right format, like name@example.org'),
    ).toHaveLength(2);
    await userEvent.clear(screen.getByLabelText('Email address'));
    await userEvent.type(screen.getByLabelText('Email address'), 'taken@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(/This person is already a member of the organisation/),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('taken@example.org');
  });

  it('sends an invite again or revokes it from the list', async () => {
    const fake = setUp();
    const request = fake.api.request as Mock;
    let pending = [invite('waiting@example.org'), { ...invite('late@example.net'), status: 'expired' }];
    const base = `/v1/organisation/${id}/invites`;
    answerRequests(request, {
      [`GET ${base}`]: () => [...pending, { ...invite('gone.away@example.org'), status: 'accepted' }],
      [`POST ${base}/${pending[1]!.id}/resend`]: () => ({ ...pending[1], status: 'pending' }),
      [`DELETE ${base}/${pending[0]!.id}`]: () => {
        pending = pending.slice(1);
      },
    });
    renderApp('/admin/invites', fake);
    const table = await screen.findByRole('table', { name: 'Pending invites' });
    // Accepted invites are not open: not listed. Expired ones can be sent again.
    expect(within(table).queryByText('gone.away@example.org')).toBeNull();
    expect(within(table).getByText('Expired')).toBeInTheDocument();
    // The visible word starts the accessible name (WCAG 2.5.3), which says what is sent again.
    const resend = screen.getByRole('button', { name: 'Resend the invitation to late@example.net' });
    expect(resend).toHaveTextContent(/^Resend$/);
    await userEvent.click(resend);
    expect(
      await screen.findByText(
        'A new invitation link has been sent to late@example.net. The old link no longer works.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: 'Revoke the invitation to waiting@example.org' }),
    );
    expect(
      await screen.findByText(
        'The invitation to waiting@example.org has been revoked. Its link no longer works.',
      ),
    ).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('DELETE', `${base}/${invite('waiting@example.org').id}`);
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Pending invites' })).queryByText('waiting@example.org'),
      ).toBeNull(),
    );
  });

  it('offers to send a pending invitation again, and points a member to their user page', async () => {
    const fake = setUp();
    const request = fake.api.request as Mock;
    const waiting = invite('waiting@example.org');
    const conflict = (meta: Record<string, unknown>) =>
      new ApiRequestError(409, {
        code: 'CONFLICT',
        statusCode: 409,
        message: 'server words',
        error: 'Conflict',
        meta,
      });
    answerRequests(request, {
      [`GET /v1/organisation/${id}/invites`]: () => [waiting],
      'POST /v1/organisation-invite': ({ body }) => {
        const { email } = body as { email: string };
        throw email === 'waiting@example.org'
          ? conflict({ inviteId: waiting.id })
          : conflict({ userId: '00000000-0000-4000-8000-000000000077' });
      },
      [`POST /v1/organisation/${id}/invites/${waiting.id}/resend`]: () => waiting,
    });
    renderApp('/admin/invites', fake);
    await screen.findByRole('table', { name: 'Pending invites' });
    await userEvent.type(screen.getByLabelText('Email address'), 'waiting@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('This address already has a pending invitation')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the invitation again' }));
    expect(await screen.findByText('Invitation sent to waiting@example.org.')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith('POST', `/v1/organisation/${id}/invites/${waiting.id}/resend`);

    await userEvent.type(screen.getByLabelText('Email address'), 'member@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('This person is already a member of the organisation'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open their user page' })).toHaveAttribute(
      'href',
      '/admin/users/00000000-0000-4000-8000-000000000077',
    );
  });

  it('lets a platform administrator pick the organisation first', async () => {
    const fake = createFakeApi({ ...testSession, organisationId: null });
    fake.getUser.mockResolvedValue(
      makeUser({ organisationId: null, memberships: [membership('platform_admin')] }),
    );
    answerRequests(fake.api.request as Mock, {
      'GET /v1/organisations/lookup': () => [{ id, name: 'Hôpital Nord', kind: 'hospital' }],
      [`GET /v1/organisation/${id}/invites`]: () => [],
    });
    renderApp('/admin/invites', fake);
    await userEvent.type(await screen.findByLabelText('Email address'), 'x@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findAllByText('Select the organisation')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('combobox', { name: 'Organisation' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hôpital Nord' }));
    expect(await screen.findByText('No pending invites.')).toBeInTheDocument();
  });
});
