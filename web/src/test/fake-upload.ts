import { vi } from 'vitest';

/** One request the page sent through the fake browser request. */
export interface SentUpload {
  url: string;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: FormData | null;
}

/**
 * A fake XMLHttpRequest for pages that upload with progress (lib/upload-progress.ts): each
 * request is kept in `sent`, reports half its bytes sent, then answers `status` and `body`
 * as JSON. Call `answer` before the page sends (`answerFirst` for answers that come before it,
 * one request each); `vi.unstubAllGlobals()` and `reset()` after each test.
 */
export function fakeUploads() {
  const sent: SentUpload[] = [];
  const first: { status: number; body: unknown }[] = [];
  const answerFirst = (status: number, body: unknown) => void first.push({ status, body });
  const answer = (status: number, body: unknown) => {
    class FakeXhr {
      upload: {
        onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      responseText = '';
      private request: SentUpload = { url: '', headers: {}, body: null };
      open(_method: string, url: string) {
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name.toLowerCase()] = value;
      }
      abort() {}
      send(form: FormData) {
        this.request.body = form;
        sent.push(this.request);
        const reply = first.shift() ?? { status, body };
        setTimeout(() => {
          this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          this.onload?.();
        }, 10);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  };
  const reset = () => {
    sent.splice(0);
    first.splice(0);
  };
  return { sent, answer, answerFirst, reset };
}
