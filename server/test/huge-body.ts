import { request as httpRequest } from 'node:http';

/** What the server answered to a body larger than it takes. */
export interface HugeBodyAnswer {
  status: number;
  /** The answer's JSON (the error object). */
  body: { code?: string; statusCode?: number; message?: string; error?: string; meta?: unknown };
  /** How many bytes had left the client when the answer came. */
  sentWhenAnswered: number;
  /** The answer's Connection header (`close`: the server does not go on reading). */
  connection?: string;
}

/**
 * Sends `head`, filler and `tail` as a body of `total` bytes made on the fly (never held in
 * memory), with its length or chunked, and answers what the server said. A server that resets
 * the connection instead of answering makes this reject, so a test sees the reset.
 */
export function sendHugeBody(options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  head: string;
  tail: string;
  total: number;
  chunked?: boolean;
}): Promise<HugeBodyAnswer> {
  const { head, tail, total, chunked = false } = options;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = httpRequest(options.url, {
      method: options.method,
      headers: {
        ...options.headers,
        ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(total) }),
      },
    });
    // Once the answer is read the server may close; before it, an error is what the client saw.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.on('response', (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('error', reject);
      res.on('end', () => {
        req.destroy();
        try {
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text),
            sentWhenAnswered,
            connection: res.headers.connection,
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    const filler = Buffer.alloc(1024 * 1024, 'x');
    const pump = () => {
      while (!req.destroyed) {
        if (sent === 0) {
          sent += Buffer.byteLength(head);
          if (!req.write(head)) return void req.once('drain', pump);
          continue;
        }
        const left = total - sent - Buffer.byteLength(tail);
        if (left <= 0) {
          sent += Buffer.byteLength(tail);
          req.end(tail);
          return;
        }
        const chunk = left >= filler.length ? filler : filler.subarray(0, left);
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
    };
    pump();
  });
}
