import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAcknowledgement } from '@vigilo/e2b';
import { afterAll, beforeAll } from 'vitest';

/**
 * A real E2B(R3) receiver for the submission tests: HTTPS with a self-signed certificate made
 * here with openssl, answering by path — `/accept` a positive acknowledgement, `/reject` a
 * negative one, `/down` 503, `/refuse` 400, `/silent` no answer at all, `/slow` a positive one
 * after 300 ms (so that a sender killed at a random moment is likely mid-send), `/switch` 503
 * while `setDown(true)` holds and a positive one otherwise (a receiver that goes down and comes back). It counts each
 * message id once (a receiver deduplicates by the message id header) and keeps every request.
 */
export interface TestReceiver {
  url: string;
  /** The certificate (PEM) to trust for it. */
  certificate: string;
  requests: { path: string; messageId: string; authorization: string | null; body: string }[];
  /** Message ids accepted, each once however often it came. */
  accepted: Set<string>;
  /** Requests taken and not answered yet (`/slow`). */
  inFlight(): number;
  /** Whether `/switch` answers 503 (down) or takes messages (up, the start). */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

/** A self-signed certificate and key for `localhost`. */
export function selfSignedCertificate(): { cert: string; key: string } {
  const dir = mkdtempSync(join(tmpdir(), 'vigilo-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
      ],
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

const NOW = '2026-11-27T10:00:00+00:00';

/** The acknowledgement a regulator answers for `messageId`: CA, or CR with its error sentences. */
export const ackFor = (messageId: string, rejected?: string) =>
  buildAcknowledgement({
    batchNumber: `ACK-${messageId}`,
    batchSender: 'ZZFDA',
    batchReceiver: 'VIGILO',
    transmissionTime: NOW,
    icsrBatchNumber: messageId,
    icsrBatchTransmissionTime: NOW,
    code: rejected ? 'AE' : 'AA',
    ...(rejected ? { batchError: 'Some reports were rejected.' } : {}),
    reports: [
      {
        icsrMessageNumber: messageId,
        localReportNumber: `FDA-${messageId.slice(-8)}`,
        receiver: 'VIGILO',
        sender: 'CDER',
        creationTime: NOW,
        code: rejected ? 'CR' : 'CA',
        ...(rejected ? { detail: rejected } : {}),
      },
    ],
  });

export async function startTestReceiver(): Promise<TestReceiver> {
  const { cert, key } = selfSignedCertificate();
  const requests: TestReceiver['requests'] = [];
  const accepted = new Set<string>();
  let held = 0;
  let down = false;
  const server: Server = createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const messageId = String(req.headers['x-message-id'] ?? '');
      requests.push({
        path,
        messageId,
        authorization: req.headers.authorization ?? null,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (path.startsWith('/silent')) return; // never answers: the sender's time-out decides
      if (path.startsWith('/down') || (path.startsWith('/switch') && down))
        return res.writeHead(503).end('Service unavailable');
      if (path.startsWith('/refuse')) return res.writeHead(400).end('Not an E2B message we take');
      accepted.add(messageId);
      const rejected = path.startsWith('/reject')
        ? 'Patient age is missing; Drug role is missing'
        : undefined;
      const answer = () =>
        res.writeHead(200, { 'content-type': 'application/xml' }).end(ackFor(messageId, rejected));
      if (!path.startsWith('/slow')) return answer();
      // Taken (counted above) but answered later: a sender that dies now never hears the answer.
      held++;
      res.on('error', () => {});
      setTimeout(() => {
        held--;
        if (!res.destroyed) answer();
      }, 300);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    certificate: cert,
    requests,
    accepted,
    inFlight: () => held,
    setDown: (value) => {
      down = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The test receiver of a file: started before the file's tests (`beforeAll`) and closed after
 * them. Called before `useTestApp()`, it closes after the app, so no delivery still running
 * when the app closes meets a closed receiver. The handle reads the started receiver: use it
 * inside a hook or a test.
 */
export function useTestReceiver(): TestReceiver {
  let started: TestReceiver | undefined;
  beforeAll(async () => {
    started = await startTestReceiver();
  });
  afterAll(() => started?.close());
  const receiver = () => {
    if (!started)
      throw new Error('useTestReceiver: the receiver starts in beforeAll; read it inside a hook or a test');
    return started;
  };
  return {
    get url() {
      return receiver().url;
    },
    get certificate() {
      return receiver().certificate;
    },
    get requests() {
      return receiver().requests;
    },
    get accepted() {
      return receiver().accepted;
    },
    inFlight: () => receiver().inFlight(),
    setDown: (down) => receiver().setDown(down),
    close: () => receiver().close(),
  };
}
