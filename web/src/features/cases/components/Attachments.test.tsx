import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportCase } from '@vigilo/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeApi, renderWithProviders, testSession } from '../../../test/render.tsx';
import { routeRequests } from '../../integrations/test/fake-routes.ts';
import { useCasesTexts } from '../texts/use-cases-texts.ts';
import { Attachments, fileSize } from './Attachments.tsx';

/** The component with the case screens' texts, as the case view loads them. */
function WithTexts({ found }: { found: ReportCase }) {
  useCasesTexts();
  return <Attachments found={found} />;
}

configure({ asyncUtilTimeout: 5000 });

const reportId = '00000000-0000-4000-8000-0000000000c1';
const organisationId = testSession.organisationId!;
const file = (n: number, name: string, contentType: string, size: number) => ({
  id: `00000000-0000-4000-8000-00000000f00${n}`,
  organisationId,
  folder: 'uploads',
  name,
  title: null,
  contentType,
  size,
  status: 'stored',
  url: `http://localhost/storage/${n}`,
  downloadUrl: `http://localhost/storage/${n}?exp=1&kid=a&sig=b`,
  reportId,
  createdAt: '2026-11-10T09:00:00.000Z',
  updatedAt: '2026-11-10T09:00:00.000Z',
  version: 1,
});
const caseWith = (attachmentFields: ReportCase['attachmentFields']) =>
  ({ id: reportId, organisationId, attachmentFields }) as unknown as ReportCase;

afterEach(() => vi.unstubAllGlobals());

describe('Attachments', { timeout: 20_000 }, () => {
  it('lists name, type and size; previews a picture inline and a PDF in a frame from its bytes', async () => {
    const fake = createFakeApi(testSession);
    const request = routeRequests(fake, {
      [`GET /v1/files/organisation/${organisationId}`]: () => [
        file(1, 'swollen lips.png', 'image/png', 204_800),
        file(2, 'discharge letter.pdf', 'application/pdf', 1536),
        file(3, 'notes.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 900),
      ],
    });
    const fetched = vi.fn(async () => new Response(new Blob(['%PDF-1.4'])));
    vi.stubGlobal('fetch', fetched);
    const created = vi.fn(() => 'blob:letter');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    renderWithProviders(
      <WithTexts
        found={caseWith([
          { hasFile: true, attachmenturl: 'http://localhost/storage/1', attachmentcomments: 'Day 2' },
          { hasFile: true, attachmenturl: 'http://localhost/storage/2' },
          { hasFile: true, attachmenturl: 'http://localhost/storage/3' },
        ])}
      />,
      fake,
    );
    const section = screen.getByRole('region', { name: 'Attachments' });
    const items = await within(section).findAllByTestId('case-attachment');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('swollen lips.pngimage/png, 200 KBDay 2'),
      expect.stringContaining('discharge letter.pdfapplication/pdf, 1.5 KB'),
      expect.stringContaining('No preview for this kind of file'),
    ]);
    expect(request).toHaveBeenCalledWith('GET', `/v1/files/organisation/${organisationId}`, {
      query: { reportId },
    });
    // Downloads go to the signed link: no token in the address.
    expect(within(items[2]!).getByRole('link', { name: 'Download notes.docx' })).toHaveAttribute(
      'href',
      'http://localhost/storage/3?exp=1&kid=a&sig=b',
    );

    const previewPicture = within(items[0]!).getByRole('button', { name: 'Preview swollen lips.png' });
    await userEvent.click(previewPicture);
    expect(within(items[0]!).getByRole('img', { name: 'Preview of swollen lips.png' })).toHaveAttribute(
      'src',
      'http://localhost/storage/1?exp=1&kid=a&sig=b',
    );
    expect(
      within(items[0]!).getByRole('button', { name: 'Hide preview of swollen lips.png' }),
    ).toHaveAttribute('aria-expanded', 'true');

    await userEvent.click(within(items[1]!).getByRole('button', { name: 'Preview discharge letter.pdf' }));
    const frame = await within(items[1]!).findByTitle('Preview of discharge letter.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:letter');
    expect(fetched).toHaveBeenCalledWith('http://localhost/storage/2?exp=1&kid=a&sig=b', {
      credentials: 'omit',
    });
    const blob = (created.mock.calls[0] as unknown as [Blob])[0];
    expect(blob.type).toBe('application/pdf');
  });

  it('says so, instead of a blank frame, where the browser has no PDF viewer', async () => {
    const fake = createFakeApi(testSession);
    routeRequests(fake, {
      [`GET /v1/files/organisation/${organisationId}`]: () => [
        file(2, 'letter.pdf', 'application/pdf', 1536),
      ],
    });
    Object.defineProperty(navigator, 'pdfViewerEnabled', { value: false, configurable: true });
    const fetched = vi.fn();
    vi.stubGlobal('fetch', fetched);
    renderWithProviders(<WithTexts found={caseWith([{ hasFile: true, attachmenturl: 'x' }])} />, fake);
    await userEvent.click(await screen.findByRole('button', { name: 'Preview letter.pdf' }));
    expect(
      screen.getByText('This browser cannot show PDF documents in the page: download the file to open it.'),
    ).toBeInTheDocument();
    expect(screen.queryByTitle('Preview of letter.pdf')).toBeNull();
    expect(fetched).not.toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'pdfViewerEnabled');
  });

  it('says so when the case has no attachment, without asking the server', async () => {
    const fake = createFakeApi(testSession);
    const request = routeRequests(fake, {});
    renderWithProviders(<WithTexts found={caseWith([{ attachmentcomments: 'no file' }])} />, fake);
    expect(screen.getByRole('region', { name: 'Attachments' })).toHaveTextContent(
      'No attachment was sent with this case.',
    );
    await waitFor(() => expect(request).not.toHaveBeenCalled());
  });

  it('offers to try again when the list cannot be read', async () => {
    const fake = createFakeApi(testSession);
    let calls = 0;
    routeRequests(fake, {
      [`GET /v1/files/organisation/${organisationId}`]: () => {
        calls += 1;
        if (calls === 1) throw Object.assign(new Error('down'), { status: 503, body: {} });
        return [file(1, 'label.png', 'image/png', 10)];
      },
    });
    renderWithProviders(<WithTexts found={caseWith([{ hasFile: true, attachmenturl: 'x' }])} />, fake);
    await screen.findByText('The attachments could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('label.png');
  });

  it('writes sizes in the reader’s language', () => {
    expect(fileSize(512, 'en')).toBe('512 B');
    expect(fileSize(1536, 'fr')).toBe('1,5 KB');
    expect(fileSize(5 * 1024 * 1024, 'en')).toBe('5 MB');
    expect(fileSize(null, 'en')).toBe('—');
  });
});
