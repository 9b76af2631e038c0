import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { Organisation } from '@vigilo/contract';
import { describe, expect, it, type Mock } from 'vitest';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { answerRequests, organisation } from '../testing.ts';

const id = testSession.organisationId!;
// The machine running the tests may be busy: wait as long as a slow render needs.
const slow = { timeout: 10_000 };

describe('OrganisationView: someone else saved first', { timeout: 30_000 }, () => {
  it('shows their change beside mine, and "save my version" keeps their untouched fields', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_admin', { id, name: 'A' })] }),
    );
    // Someone else renamed it too and added a phone number, as version 2.
    const theirs = organisation({ name: 'Hôpital du Nord', phone: '+33 1 23 45 67 89', version: 2 });
    const puts: Array<{ ifMatch: string | undefined; body: Partial<Organisation> }> = [];
    answerRequests(fake.api.request as Mock, {
      [`GET /v1/organisation/${id}`]: () => organisation(),
      [`GET /v1/organisation/${id}/contacts`]: () => [],
      [`GET /v1/organisation/${id}/locations`]: () => [],
      [`GET /v1/organisation/${id}/receivers`]: () => [],
      [`PUT /v1/organisation/${id}`]: (options) => {
        const { headers, body } = options as {
          headers?: Record<string, string>;
          body: Partial<Organisation>;
        };
        puts.push({ ifMatch: headers?.['if-match'], body });
        if (headers?.['if-match'] === '"1"') {
          throw new ApiRequestError(412, {
            code: 'PRECONDITION_FAILED',
            statusCode: 412,
            error: 'Precondition Failed',
            message: 'Someone else changed this since you opened it.',
            meta: { currentVersion: 2, current: theirs },
          });
        }
        return { ...theirs, ...body, version: 3 };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organisation', fake);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, slow));
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Hôpital Nord-Est');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const notice = await screen.findByRole('alert', { name: /Someone else changed this/ }, slow);
    expect(notice).toHaveFocus();
    const rows = within(notice)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'FieldSaved by someone elseYour change',
      'NameHôpital du NordHôpital Nord-Est Both changed',
      'Telephone+33 1 23 45 67 89Not changed by you: theirs is kept',
    ]);
    expect(puts[0]).toMatchObject({ ifMatch: '"1"' });

    await user.click(within(notice).getByRole('button', { name: 'Save my version' }));
    expect(await screen.findByText('The organisation has been saved.', {}, slow)).toBeInTheDocument();
    expect(puts[1]).toMatchObject({
      ifMatch: '"2"',
      body: { name: 'Hôpital Nord-Est', phone: '+33 1 23 45 67 89' },
    });
  });

  it('"keep theirs" shows the stored version and saves nothing', async () => {
    const fake = createFakeApi(testSession);
    fake.getUser.mockResolvedValue(
      makeUser({ memberships: [membership('organisation_admin', { id, name: 'A' })] }),
    );
    const theirs = organisation({ name: 'Hôpital du Nord', version: 2 });
    let saves = 0;
    answerRequests(fake.api.request as Mock, {
      [`GET /v1/organisation/${id}`]: () => organisation(),
      [`GET /v1/organisation/${id}/contacts`]: () => [],
      [`GET /v1/organisation/${id}/locations`]: () => [],
      [`GET /v1/organisation/${id}/receivers`]: () => [],
      [`PUT /v1/organisation/${id}`]: () => {
        saves += 1;
        throw new ApiRequestError(412, {
          code: 'PRECONDITION_FAILED',
          statusCode: 412,
          error: 'Precondition Failed',
          message: 'stale',
          meta: { currentVersion: 2, current: theirs },
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/organisation', fake);
    await user.click(await screen.findByRole('button', { name: 'Edit details' }, slow));
    await user.type(screen.getByLabelText('Name'), ' bis');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await user.click(await screen.findByRole('button', { name: 'Discard mine, keep theirs' }, slow));
    expect(
      await screen.findByRole('heading', { name: 'Hôpital du Nord', level: 1 }, slow),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert', { name: /Someone else changed this/ })).not.toBeInTheDocument();
    expect(saves).toBe(1);
  });
});
