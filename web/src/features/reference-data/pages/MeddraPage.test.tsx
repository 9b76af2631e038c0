import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError } from '@vigilo/client';
import type { MeddraVersion } from '@vigilo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../../../test/fake-upload.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';

configure({ asyncUtilTimeout: 8000 });

const version = (extra: Partial<MeddraVersion>): MeddraVersion => ({
  id: '00000000-0000-4000-8000-0000000000a1',
  version: '90.0',
  language: 'English',
  status: 'ready',
  progress: 100,
  counts: { llt: 10, pt: 6, hlt: 3, hlgt: 2, soc: 2, paths: 7 },
  errors: [],
  isDefault: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:00:05.000Z',
  ...extra,
});

const { sent, answer: browserAnswers, reset: forgetSent } = fakeUploads();

function userWith(role: 'system_admin' | 'organisation_admin') {
  const fake = createFakeApi(testSession);
  const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };
  fake.getUser.mockResolvedValue(
    makeUser({ memberships: [role === 'system_admin' ? membership(role) : membership(role, organisation)] }),
  );
  Object.assign(fake.api, { url: (path: string) => `http://vigilo.test${path}` });
  return fake;
}

const ascFile = (name: string) => new File(['90.0$English$$\n'], name, { type: 'text/plain' });

async function sendFiles() {
  const section = await screen.findByRole('region', { name: 'Import a release' });
  await userEvent.upload(section.querySelector<HTMLInputElement>('input[type="file"]')!, [
    ascFile('meddra_release.asc'),
    ascFile('llt.asc'),
  ]);
  await userEvent.click(within(section).getByRole('button', { name: 'Import release' }));
  return section;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSent();
});

describe('MeddraPage', { timeout: 30_000 }, () => {
  it('lets a system administrator send a release and follows the job until it is ready', async () => {
    const fake = userWith('system_admin');
    const queued = version({ status: 'queued', progress: 0, isDefault: false, counts: {}, finishedAt: null });
    const answers: MeddraVersion[][] = [
      [],
      [queued],
      [{ ...queued, status: 'importing', progress: 40 }],
      [version({})],
    ];
    let reads = 0;
    routeRequests(fake, {
      'GET /v1/meddras/versions': () => answers[Math.min(reads++, answers.length - 1)],
    });
    browserAnswers(202, queued);
    renderApp('/admin/meddra', fake);
    await screen.findByRole('heading', { name: 'MedDRA releases', level: 1 });
    expect(await screen.findByTestId('meddra-empty')).toHaveTextContent(
      'No MedDRA release is imported yet.Import the licensed release above; coders can search it once it is ready.',
    );
    const section = await sendFiles();
    await within(section).findByText('Files sent');
    expect(within(section).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://vigilo.test/v1/meddras/versions');
    expect(sent[0]!.headers.authorization).toBe('Bearer access-token');
    expect((sent[0]!.body!.getAll('file') as File[]).map((f) => f.name)).toEqual([
      'meddra_release.asc',
      'llt.asc',
    ]);

    const job = await screen.findByTestId('meddra-job');
    await within(job).findByText('Importing release 90.0 (English)');
    expect(
      within(job).getByRole('progressbar', { name: 'Import progress of 90.0 (English)' }),
    ).toHaveAttribute('aria-valuenow', '40');
    await within(job).findByText('Release 90.0 (English) is ready');
    const table = screen.getByRole('table', { name: 'MedDRA versions' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      '90.0',
      'English',
      'Ready',
      '100%',
      'Current',
      '10 LLTs, 6 PTs',
      expect.stringContaining('2026'),
    ]);
  });

  it('says by file and line why a release was refused, and that nothing was imported', async () => {
    const fake = userWith('system_admin');
    routeRequests(fake, { 'GET /v1/meddras/versions': () => [] });
    browserAnswers(400, {
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      error: 'Bad Request',
      message: 'The release has 2 error(s)',
      meta: {
        fields: [{ field: 'body/llt.asc', message: 'line 3: x', reason: 'invalid' }],
        lines: [
          { file: 'llt.asc', line: 3, message: 'PT code 99999999 is not in pt.asc' },
          { file: 'soc.asc', line: 0, message: 'the file is missing' },
        ],
      },
    });
    renderApp('/admin/meddra', fake);
    await sendFiles();
    const refused = await screen.findByTestId('meddra-refused');
    expect(refused).toHaveTextContent('The release was not imported');
    expect(refused).toHaveTextContent(
      'Nothing was imported. Correct these 2 lines and send the release again:',
    );
    expect(
      within(refused)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['llt.asc, line 3: PT code 99999999 is not in pt.asc', 'soc.asc: the file is missing']);
  });

  it('says a version already imported in words (409)', async () => {
    const fake = userWith('system_admin');
    routeRequests(fake, { 'GET /v1/meddras/versions': () => [version({})] });
    browserAnswers(409, {
      code: 'CONFLICT',
      statusCode: 409,
      error: 'Conflict',
      message: 'x',
      meta: { fields: [{ field: 'body/meddra_release.asc', message: 'x', reason: 'taken' }] },
    });
    renderApp('/admin/meddra', fake);
    await sendFiles();
    expect(await screen.findByTestId('meddra-refused')).toHaveTextContent(
      'This version is already imported in this language. Each version and language is imported once.',
    );
  });

  it('shows an organisation administrator the versions without the import, failed ones with their reasons', async () => {
    const fake = userWith('organisation_admin');
    routeRequests(fake, {
      'GET /v1/meddras/versions': () => [
        version({
          id: '00000000-0000-4000-8000-0000000000a2',
          version: '91.0',
          language: 'French',
          status: 'failed',
          progress: 60,
          isDefault: false,
          counts: {},
          finishedAt: null,
          errors: [{ file: 'mdhier.asc', line: 0, message: 'the import stopped: out of disk space' }],
        }),
        version({}),
      ],
    });
    renderApp('/admin/meddra', fake);
    const table = await screen.findByRole('table', { name: 'MedDRA versions' });
    expect(screen.queryByRole('region', { name: 'Import a release' })).toBeNull();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent(
      '91.0FrenchFailedmdhier.asc: the import stopped: out of disk space60%No——',
    );
    expect(rows[2]).toHaveTextContent('90.0EnglishReady100%Current10 LLTs, 6 PTs');
  });

  it('says when the versions cannot be loaded and offers to try again', async () => {
    const fake = userWith('organisation_admin');
    routeRequests(fake, {
      'GET /v1/meddras/versions': () => {
        throw new ApiRequestError(503, {
          code: 'SERVICE_UNAVAILABLE',
          statusCode: 503,
          message: 'x',
          error: 'x',
        });
      },
    });
    renderApp('/admin/meddra', fake);
    expect(await screen.findByText('The MedDRA versions could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
