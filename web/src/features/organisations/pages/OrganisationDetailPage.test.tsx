import { screen } from '@testing-library/react';
import { ApiRequestError } from '@vigilo/client';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests, organisation } from '../testing.ts';

const other = '00000000-0000-4000-8000-0000000000aa';

describe('OrganisationDetailPage', () => {
  it('shows one organisation of the platform to a platform administrator, editable', async () => {
    const fake = createFakeApi({ ...testSession, organisationId: null });
    fake.getUser.mockResolvedValue(
      makeUser({ organisationId: null, memberships: [membership('platform_admin')] }),
    );
    answerRequests(fake.api.request as Mock, {
      [`GET /v1/organisation/${other}`]: () =>
        organisation({ id: other, name: 'Clinique Sud', kind: 'other' }),
      [`GET /v1/organisation/${other}/contacts`]: () => [],
      [`GET /v1/organisation/${other}/locations`]: () => [],
      [`GET /v1/organisation/${other}/receivers`]: () => [],
    });
    renderApp(`/admin/organisations/${other}`, fake);
    expect(await screen.findByRole('heading', { name: 'Clinique Sud', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All organisations' })).toHaveAttribute(
      'href',
      '/admin/organisations',
    );
    expect(await screen.findByRole('button', { name: 'Edit details' })).toBeInTheDocument();
    expect(await screen.findByText('No receivers yet.')).toBeInTheDocument();
  });

  it('says the organisation could not be loaded (another tenant answers 404)', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({
        memberships: [membership('organisation_admin', { id: testSession.organisationId!, name: 'A' })],
      }),
    );
    const notFound = new ApiRequestError(404, {
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'Organisation not found',
      error: 'Not Found',
      meta: {},
    });
    answerRequests(fake.api.request as Mock, {
      [`GET /v1/organisation/${other}`]: () => {
        throw notFound;
      },
      [`GET /v1/organisation/${other}/contacts`]: () => {
        throw notFound;
      },
      [`GET /v1/organisation/${other}/locations`]: () => {
        throw notFound;
      },
      [`GET /v1/organisation/${other}/receivers`]: () => {
        throw notFound;
      },
    });
    renderApp(`/admin/organisations/${other}`, fake);
    expect(await screen.findByText('The organisation could not be loaded')).toBeInTheDocument();
    // In words, never the server's own English text.
    expect(screen.getByText(/It may have been removed/)).toBeInTheDocument();
    expect(screen.queryByText('Organisation not found')).not.toBeInTheDocument();
  });
});
