import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real AS2 endpoint for the tests (RFC 4130), built on openssl's CMS rather than on the
 * code under test: it decrypts with its own key, checks the signature against the sender's
 * certificate, and answers a synchronous MDN signed with openssl. By path: `/as2` processed,
 * `/as2/negative` processed/error, `/as2/bad-signature` an MDN signed with a stray key,
 * `/as2/wrong-mic` a MIC of other bytes, `/as2/altered` a signed processed/error MDN changed
 * to `processed` after signing, `/as2/other-id` another message's id, `/as2/unsigned` an MDN not signed, `/as2/silent` no
 * answer, `/as2/down` 503. It counts each Message-ID it processed.
 */

/** An RSA key pair and a self-signed certificate, made now with openssl (never committed). */
export function rsaCertificate(name: string): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-as2-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ].concat(['-days', '2', '-subj', `/CN=${name}`]),
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** openssl with `input` on stdin; its stdout, or a rejection with its stderr. */
export function openssl(args: string[], input: Buffer | string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('openssl', args);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(Buffer.concat(err).toString('utf8'))),
    );
    child.stdin.end(input);
  });
}

export interface ReceivedAs2 {
  messageId: string;
  xMessageId: string;
  as2From: string;
  as2To: string;
  xml: string;
}

export interface As2TestReceiver {
  /** `http://<urlHost>:<port>`; add `/as2…`. */
  url: string;
  /** The receiver's own certificate: what the sender encrypts for and checks MDNs with. */
  certificate: string;
  /** Its private key: a journey plays the same partner sending back by AS2 (as2-sender.ts). */
  privateKey: string;
  /** Every Message-ID that came, however it ended, in order. */
  seen: string[];
  /** Message-ID → how many times it was processed (decrypted, verified, answered `processed`). */
  processed: Map<string, number>;
  messages: ReceivedAs2[];
  close(): Promise<void>;
}

const CRLF = '\r\n';

/** The MIC of the signed part (RFC 4130 7.3.1), found by its boundary: no MIME library involved. */
function micOf(mime: string, algorithm: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(mime)?.[1];
  const delimiter = `--${boundary}${CRLF}`;
  const start = mime.indexOf(delimiter) + delimiter.length;
  const part = mime.slice(start, mime.indexOf(`${CRLF}--${boundary}`, start));
  return createHash(algorithm.replace('-', '')).update(part, 'latin1').digest('base64');
}

function report(
  path: string,
  headers: IncomingHttpHeaders,
  disposition: string,
  explanation: string,
  mic?: string,
) {
  const boundary = 'vigilo-test-report';
  return [
    `Content-Type: multipart/report; report-type=disposition-notification; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    explanation,
    `--${boundary}`,
    'Content-Type: message/disposition-notification',
    '',
    'Reporting-UA: Vigilo test AS2 receiver',
    `Original-Recipient: rfc822; ${headers['as2-to']}`,
    `Final-Recipient: rfc822; ${headers['as2-to']}`,
    `Original-Message-ID: ${path === '/as2/other-id' ? '<another-message@vigilo>' : headers['message-id']}`,
    `Disposition: automatic-action/MDN-sent-automatically; ${disposition}`,
    ...(mic ? [`Received-Content-MIC: ${mic}`] : []),
    '',
    `--${boundary}--`,
    '',
  ].join(CRLF);
}

/** Starts the endpoint on 127.0.0.1; `sender` is the certificate the messages must be signed with; its URL names `urlHost`. */
export async function startAs2Receiver(sender: string, urlHost = '127.0.0.1'): Promise<As2TestReceiver> {
  const own = rsaCertificate('as2-test-receiver');
  const stray = rsaCertificate('someone-else');
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-as2-'));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  const [cert, key, senderCert, strayCert, strayKey] = [
    file('cert.pem', own.cert),
    file('key.pem', own.key),
    file('sender.pem', sender),
    file('stray.pem', stray.cert),
    file('stray-key.pem', stray.key),
  ];
  const seen: string[] = [];
  const processed = new Map<string, number>();
  const messages: ReceivedAs2[] = [];

  async function answer(path: string, headers: IncomingHttpHeaders, body: Buffer) {
    const micalg = /signed-receipt-micalg\s*=\s*\w+\s*,\s*([\w-]+)/i.exec(
      String(headers['disposition-notification-options'] ?? ''),
    )?.[1];
    let mime: string;
    try {
      mime = (
        await openssl(['cms', '-decrypt', '-inform', 'DER', '-recip', cert, '-inkey', key], body)
      ).toString('latin1');
    } catch {
      return report(
        path,
        headers,
        'processed/error: decryption-failed',
        'The message could not be decrypted with our key.',
      );
    }
    let content: string;
    try {
      content = (await openssl(['cms', '-verify', '-CAfile', senderCert], mime)).toString('latin1');
    } catch {
      return report(
        path,
        headers,
        'processed/error: authentication-failed',
        'The signature is not that of the sender.',
      );
    }
    const digest =
      path === '/as2/wrong-mic'
        ? micOf(mime.replace('application/xml', 'text/xml'), micalg ?? 'sha-256')
        : micOf(mime, micalg ?? 'sha-256');
    const mic = `${digest}, ${micalg ?? 'sha-256'}`;
    if (path === '/as2/negative' || path === '/as2/altered')
      return report(
        path,
        headers,
        'processed/error: unexpected-processing-error',
        'The E2B batch was refused: N.1.4 is not ours.',
        mic,
      );
    const id = String(headers['message-id']);
    processed.set(id, (processed.get(id) ?? 0) + 1);
    const [, encoded = ''] = content.split(`${CRLF}${CRLF}`);
    messages.push({
      messageId: id,
      xMessageId: String(headers['x-message-id']),
      as2From: String(headers['as2-from']),
      as2To: String(headers['as2-to']),
      xml: Buffer.from(encoded, 'base64').toString('utf8'),
    });
    return report(
      path,
      headers,
      'processed',
      'The message was received and decrypted; its signature was verified.',
      mic,
    );
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      seen.push(String(req.headers['message-id']));
      if (path === '/as2/silent') return;
      if (path === '/as2/down') return res.writeHead(503).end('Service unavailable');
      try {
        const mdn = await answer(path, req.headers, Buffer.concat(chunks));
        if (path === '/as2/unsigned') {
          const split = mdn.indexOf(`${CRLF}${CRLF}`);
          const type = mdn.slice('Content-Type: '.length, split);
          return res.writeHead(200, { 'content-type': type }).end(mdn.slice(split + 4));
        }
        const [signer, signerKey] = path === '/as2/bad-signature' ? [strayCert, strayKey] : [cert, key];
        const signed = (
          await openssl(
            ['cms', '-sign', '-signer', signer, '-inkey', signerKey, '-md', 'sha256', '-crlfeol'],
            mdn,
          )
        ).toString('latin1');
        const split = signed.indexOf(`${CRLF}${CRLF}`);
        // Someone on the way turns the signed refusal into a receipt: the signature is left as it was.
        const sent =
          path === '/as2/altered'
            ? signed.replace('processed/error: unexpected-processing-error', 'processed')
            : signed;
        const contentType = /^Content-Type:\s*(.*(?:\r\n[ \t].*)*)/im.exec(signed.slice(0, split))![1]!;
        res
          .writeHead(200, {
            'content-type': contentType.replace(/\r\n[ \t]+/g, ' '),
            'as2-from': String(req.headers['as2-to']),
          })
          .end(Buffer.from(sent.slice(split + 4), 'latin1'));
      } catch (error) {
        res.writeHead(500).end((error as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${urlHost}:${port}`,
    certificate: own.cert,
    privateKey: own.key,
    seen,
    processed,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
      }),
  };
}
