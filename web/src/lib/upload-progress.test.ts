import { ApiRequestError } from '@vigilo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeUploads } from '../test/fake-upload.ts';
import type { ApiClient } from './api-context.tsx';
import { postFilesSignedIn } from './upload-progress.ts';

const { sent, answer, answerFirst, reset } = fakeUploads();

/** A client whose session is `old` until refreshed, then `new`. */
function client() {
  const api = {
    session: { token: 'old' },
    refresh: vi.fn(async () => {
      api.session.token = 'new';
    }),
  };
  return api;
}

const form = () => {
  const data = new FormData();
  data.append('file', new File(['x'], 'a.txt'), 'a.txt');
  return data;
};

afterEach(() => {
  vi.unstubAllGlobals();
  reset();
});

describe('postFilesSignedIn', () => {
  it('refreshes an expired session once and sends the files again, reporting progress', async () => {
    const api = client();
    answerFirst(403, { code: 'TOKEN_EXPIRED', statusCode: 403, message: 'x', error: 'Forbidden' });
    answer(201, { id: 'made' });
    const progress: number[] = [];
    const body = await postFilesSignedIn(api as unknown as ApiClient, 'http://vigilo.test/v1/x', form, (f) =>
      progress.push(f),
    );
    expect(body).toEqual({ id: 'made' });
    expect(api.refresh).toHaveBeenCalledTimes(1);
    expect(sent.map((s) => s.headers.authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(sent.map((s) => (s.body!.get('file') as File).name)).toEqual(['a.txt', 'a.txt']);
    expect(progress).toEqual([0.5, 0.5]);
  });

  it('throws a refusal as the client does, with its status and error object', async () => {
    const api = client();
    const refusal = {
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: 'x',
      error: 'Bad Request',
      meta: {},
    };
    answer(400, refusal);
    const thrown = await postFilesSignedIn(
      api as unknown as ApiClient,
      'http://vigilo.test/v1/x',
      form,
      () => {},
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(ApiRequestError);
    expect(thrown).toMatchObject({ status: 400, body: refusal });
    expect(api.refresh).not.toHaveBeenCalled();
    expect(sent).toHaveLength(1);
  });
});
