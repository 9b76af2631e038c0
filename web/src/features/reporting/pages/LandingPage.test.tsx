import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 5000 });

const platformId = '00000000-0000-4000-8000-0000000000a1';
const centre = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Centre national', kind: 'regulator' };
const agency = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Vaccine agency', kind: 'regulator' };
const form = {
  id: '00000000-0000-4000-8000-0000000000c1',
  audience: 'public',
  publishedVersionId: '00000000-0000-4000-8000-0000000000c2',
  layout: { languages: ['en'], title: { en: 'Report a side effect of a medicine' }, sections: [] },
  published: null,
};

/** A signed-out visitor on a platform that takes reports without an account, or not. */
function visitor(reporting: { anonymousReports: boolean; organisations: unknown[] }) {
  const fake = createFakeApi();
  routeRequests(fake, {
    'GET /v1/platforms/domain/localhost': () => ({ id: platformId, name: 'Demo', domain: 'localhost' }),
    [`GET /v1/platforms/${platformId}/reporting`]: () => reporting,
    'GET /v1/formviews': () => (reporting.anonymousReports ? [form] : []),
  });
  return fake;
}

describe('the public landing (/ signed out)', { timeout: 20_000 }, () => {
  it('puts "Report a side effect" first and signing in second', async () => {
    renderApp('/', visitor({ anonymousReports: true, organisations: [centre] }));
    await screen.findByRole('heading', { name: 'Report a side effect of a medicine or vaccine', level: 1 });
    const start = await screen.findByRole('link', { name: 'Report a side effect' });
    expect(start).toHaveAttribute('href', '/report');
    expect(screen.getByText('You do not need an account. It takes about 10 minutes.')).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((l) => l.textContent);
    // The main action comes before signing in (the header's links aside).
    expect(links.indexOf('Report a side effect')).toBeLessThan(links.indexOf('Sign in'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Request an account' })).toHaveAttribute('href', '/register');
  });

  it('says how to report where the platform takes no report without an account', async () => {
    renderApp('/', visitor({ anonymousReports: false, organisations: [] }));
    const closed = await screen.findByTestId('reporting-needs-account');
    expect(closed).toHaveTextContent('Reporting on this site needs an account');
    expect(within(closed).getByRole('link', { name: 'Sign in to report' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'Report a side effect' })).not.toBeInTheDocument();
  });

  it('sends a signed-in user into the app instead', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('reporter', centre)] }));
    routeRequests(fake, { 'GET /v1/users/@me/cases': () => [] });
    renderApp('/', fake);
    // Where each role lands is the app's choice; the landing is only for visitors signed out.
    await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(screen.queryByRole('link', { name: 'Report a side effect' })).not.toBeInTheDocument();
  });
});

describe('the start page (/report signed out)', { timeout: 20_000 }, () => {
  it('sends the report to the one regulator without asking', async () => {
    renderApp('/report', visitor({ anonymousReports: true, organisations: [centre] }));
    const link = await screen.findByRole('link', { name: 'Report a side effect of a medicine' });
    expect(link).toHaveAttribute('href', `/report/${form.id}?organisation=${centre.id}`);
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('asks who should receive the report when the platform has several regulators', async () => {
    renderApp('/report', visitor({ anonymousReports: true, organisations: [centre, agency] }));
    const group = await screen.findByRole('radiogroup', { name: 'Who should receive your report?' });
    expect(
      screen.queryByRole('link', { name: 'Report a side effect of a medicine' }),
    ).not.toBeInTheDocument();
    await userEvent.click(within(group).getByRole('radio', { name: 'Vaccine agency' }));
    const link = await screen.findByRole('link', { name: 'Report a side effect of a medicine' });
    expect(link).toHaveAttribute('href', `/report/${form.id}?organisation=${agency.id}`);
  });
});
