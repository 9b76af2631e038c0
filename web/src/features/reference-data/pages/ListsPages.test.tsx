import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { EdqmTerm, Hospital } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };

const term = (code: string, english: string, french: string, extra: Partial<EdqmTerm> = {}): EdqmTerm => ({
  code,
  class: code.startsWith('PDF') ? 'PDF' : 'ROA',
  term: english,
  status: 'current',
  translations: { fr: french },
  domain: 'Human and Veterinary',
  version: null,
  source: 'starter',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const hospital = (n: number, name: string, extra: Partial<Hospital> = {}): Hospital => ({
  id: `00000000-0000-4000-8000-0000000000a${n}`,
  platformId: testSession.platformId,
  organisationId: organisation.id,
  name,
  code: `75000000${n}`,
  city: 'Paris',
  country: 'FR',
  active: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});

function staff() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  return fake;
}

describe('EdqmPage', { timeout: 30_000 }, () => {
  it('lists dose forms and routes, searches by words and narrows to one kind', async () => {
    const fake = staff();
    const request = routeRequests(fake, {
      'GET /v1/edqm': ({ query }) => {
        const q = query as { query?: string; class?: string };
        if (q.query === 'zzz') return [];
        const all = [
          term('PDF-10219000', 'Tablet', 'Comprimé'),
          term('ROA-20053000', 'Oral use', 'Voie orale'),
          term('PDF-10221000', 'Film-coated tablet', 'Comprimé pelliculé', { status: 'deprecated' }),
        ];
        return q.class ? all.filter((t) => t.class === q.class) : all;
      },
    });
    renderApp('/admin/edqm', fake);
    await screen.findByRole('heading', { name: 'EDQM standard terms', level: 1 });
    const table = await screen.findByRole('table', { name: 'EDQM terms' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'CodeTermFrench termKindStatus',
      'PDF-10219000TabletCompriméDose formCurrent',
      'ROA-20053000Oral useVoie oraleRoute of administrationCurrent',
      'PDF-10221000Film-coated tabletComprimé pelliculéDose formDeprecated',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('Terms 1 to 3');
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/edqm', {
      query: { includeDeprecated: true, limit: 50, offset: 0 },
    });

    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Route of administration' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('One term'));
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/edqm', {
      query: { class: 'ROA', includeDeprecated: true, limit: 50, offset: 0 },
    });

    await userEvent.type(screen.getByRole('textbox', { name: 'Search terms' }), 'zzz{Enter}');
    expect(await screen.findByTestId('edqm-empty')).toHaveTextContent('No term matches “zzz”.');
  });
});

describe('HospitalsPage', { timeout: 30_000 }, () => {
  it('lists the organisation’s hospitals, searches, and leaves out inactive ones on request', async () => {
    const fake = staff();
    const request = routeRequests(fake, {
      'GET /v1/hospitals': ({ query }) => {
        const q = query as { query?: string; includeInactive?: boolean };
        const all = [
          hospital(1, 'Hôpital Lariboisière'),
          hospital(2, 'Hôpital Saint-Louis', { active: false, code: null, city: null }),
        ];
        return all
          .filter((h) => q.includeInactive || h.active)
          .filter((h) => !q.query || h.name.includes(q.query));
      },
    });
    renderApp('/admin/hospitals', fake);
    const table = await screen.findByRole('table', { name: 'Hospitals' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'NameCodeCityCountryStatus',
      'Hôpital Lariboisière750000001ParisFRActive',
      'Hôpital Saint-Louis——FRInactive',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include inactive hospitals' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('One hospital'));
    expect(request).toHaveBeenLastCalledWith('GET', '/v1/hospitals', {
      query: { organisationId: organisation.id, includeInactive: false },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search hospitals' }), 'Cochin{Enter}');
    expect(await screen.findByTestId('hospitals-empty')).toHaveTextContent('No hospital matches “Cochin”.');
  });

  it('says when the hospitals cannot be loaded', async () => {
    const fake = staff();
    routeRequests(fake, {
      'GET /v1/hospitals': () => {
        throw new ApiRequestError(503, {
          code: 'SERVICE_UNAVAILABLE',
          statusCode: 503,
          error: 'x',
          message: 'x',
        });
      },
    });
    renderApp('/admin/hospitals', fake);
    expect(await screen.findByText('The hospitals could not be loaded')).toBeInTheDocument();
  });
});
