import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../../../test/fake-upload.ts';
import { createFakeApi, makeUser, membership, renderApp, testSession } from '../../../test/render.tsx';
import type { E2bImportResult } from '../api/load-e2b-file.ts';

configure({ asyncUtilTimeout: 5000 });

const organisation = { id: testSession.organisationId!, name: 'Hôpital Nord' };

const { sent, answer: browserAnswers, reset: forgetSent } = fakeUploads();

function staff() {
  const fake = createFakeApi(testSession);
  fake.getUser.mockResolvedValue(makeUser({ memberships: [membership('organisation_staff', organisation)] }));
  Object.assign(fake.api, { url: (path: string) => `http://vigilo.test${path}` });
  return fake;
}

const xmlFile = () =>
  new File(['<MCCI_IN200100UV01 xmlns="urn:hl7-org:v3"/>'], 'cases.xml', { type: 'application/xml' });

async function importFile() {
  await userEvent.click(await screen.findByRole('button', { name: 'Import an E2B(R3) file' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import an E2B(R3) file' });
  expect(within(dialog).getByLabelText('E2B(R3) file')).toBeInTheDocument();
  await userEvent.upload(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, xmlFile());
  await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  return dialog;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetSent();
});

describe('E2bImportPage', { timeout: 20_000 }, () => {
  it('uploads the file with the bearer and shows the created case with its findings, and the case not stored', async () => {
    const result: E2bImportResult = {
      created: [
        {
          index: 0,
          id: '00000000-0000-4000-8000-0000000000d1',
          reference: 'K7HD-3MXT-R',
          senderSafetyReportId: 'US-APHARMA-8744554B',
          unmapped: [{ xpath: '/MCCI_IN200100UV01/PORR_IN049016UV[1]/x', content: 'x', line: 3 }],
          findings: [
            {
              layer: 'ich',
              severity: 'error',
              rule: 'ICH-REQUIRED',
              dataElement: 'G.k.1',
              message: 'Characterisation of Drug Role (G.k.1) is missing: it is required.',
            },
          ],
        },
      ],
      failed: [
        {
          index: 1,
          senderSafetyReportId: null,
          message: 'Case 2 cannot be stored',
          fields: [{ field: 'body/file/cases/1/C/reportType', message: 'x', reason: 'choice' }],
        },
      ],
      unmapped: [],
    };
    browserAnswers(201, result);
    renderApp('/cases/import', staff());
    expect(await screen.findByRole('link', { name: 'Import E2B(R3)' })).toHaveAttribute(
      'href',
      '/cases/import',
    );
    const dialog = await importFile();
    const summary = await within(dialog).findByTestId('e2b-import-result');
    expect(summary).toHaveTextContent('One case was created. One case could not be stored.');
    expect(summary).toHaveTextContent('Case 1: K7HD-3MXT-R');
    expect(summary).toHaveTextContent('US-APHARMA-8744554B');
    expect(summary).toHaveTextContent('1 finding');
    expect(summary).toHaveTextContent(
      'G.k.1 Characterisation of Drug Role (G.k.1) is missing: it is required.',
    );
    expect(summary).toHaveTextContent('One part of the message has no place in the case');
    expect(summary).toHaveTextContent('Case 2 was not stored');
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('http://vigilo.test/v1/report/load');
    expect(sent[0]!.headers.authorization).toBe('Bearer access-token');
    expect((sent[0]!.body!.get('file') as File).name).toBe('cases.xml');
  });

  it('says in words why a file was refused', async () => {
    browserAnswers(400, {
      code: 'XML_DOCTYPE_REFUSED',
      statusCode: 400,
      message: 'The file declares a DOCTYPE',
      error: 'Bad Request',
      meta: { fields: [{ field: 'body/file', message: 'x', reason: 'invalid' }] },
    });
    renderApp('/cases/import', staff());
    const dialog = await importFile();
    const refused = await within(dialog).findByTestId('e2b-refused');
    expect(refused).toHaveTextContent(
      'The XML file declares a document type or entities, which E2B(R3) files never do. It was not read.',
    );
  });
});
