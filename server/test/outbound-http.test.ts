import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  addressRefusal,
  checkOutboundUrl,
  createOutboundFetch,
  OutboundRefusedError,
} from '../src/platform/outbound-http.ts';
import { smsVerificationFor } from '../src/platform/sms.ts';

describe('which addresses the server may reach', () => {
  // Written by hand from RFC 1918, 6598, 3927, 4193, 4291, 5737, 6052, 3056 and 4380.
  const refused = [
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '100.127.255.254',
    '169.254.169.254',
    '169.254.0.1',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '240.0.0.1',
    '192.0.2.1',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:8.8.8.8',
    '::ffff:0:127.0.0.1',
    '::ffff:0:8.8.8.8',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    '2001:db8::1',
  ];
  const reachable = [
    '8.8.8.8',
    '1.1.1.1',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.255.255',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '2001:4860:4860::8888',
  ];

  it.each(refused)('refuses %s', (address) => {
    expect(addressRefusal(address)).not.toBeNull();
  });
  it.each(reachable)('allows %s', (address) => {
    expect(addressRefusal(address)).toBeNull();
  });

  it('names the kind of address it refuses', () => {
    expect(addressRefusal('127.0.0.1')).toBe('a loopback address');
    expect(addressRefusal('10.1.2.3')).toBe('a private address');
    expect(addressRefusal('100.64.1.1')).toBe('a shared (CGNAT) address');
    expect(addressRefusal('169.254.169.254')).toBe('a link-local (cloud metadata) address');
    expect(addressRefusal('fd00::1')).toBe('a unique-local address');
  });

  it('refuses an IPv6 form of a refused IPv4 address as that address (issue 28 item 8)', () => {
    // IPv4-mapped, IPv4-translated (RFC 2765) and NAT64 (RFC 6052) forms, written by hand.
    for (const address of [
      '::ffff:0:127.0.0.1',
      '::ffff:0:7f00:1',
      '0:0:0:0:ffff:0:7f00:1',
      '::ffff:127.0.0.1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
    ])
      expect([address, addressRefusal(address)]).toEqual([address, 'a loopback address']);
    expect(addressRefusal('::ffff:0:169.254.169.254')).toBe('a link-local (cloud metadata) address');
    expect(addressRefusal('::ffff:0:10.0.0.1')).toBe('a private address');
    expect(addressRefusal('64:ff9b::192.168.0.1')).toBe('a private address');
    // A public address in these forms stays refused by the form's own range.
    expect(addressRefusal('::ffff:0:8.8.8.8')).toBe('an IPv4-translated IPv6 address');
    expect(addressRefusal('64:ff9b::8.8.8.8')).toBe('a NAT64 address');
    expect(addressRefusal('::1')).toBe('a loopback address');
    expect(() => checkOutboundUrl('http://[::ffff:0:127.0.0.1]/', [])).toThrow(
      new OutboundRefusedError('The address ::ffff:0:7f00:1 is a loopback address'),
    );
    expect(() => checkOutboundUrl('http://127.0.0.1/', [])).toThrow(
      new OutboundRefusedError('The address 127.0.0.1 is a loopback address'),
    );
  });

  const refusedUrls = [
    'http://127.0.0.1/',
    'http://127.0.0.1:5432/',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://0/',
    'http:2130706433',
    'http://134744072/',
    'http://%31%32%37.0.0.1/',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:0:127.0.0.1]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[fd00::1]:8080/',
    'http://[fe80::1]/',
    'http://user:pass@example.com/',
    'https://token@example.com/',
    'ftp://example.com/',
    'file:///etc/passwd',
    'gopher://example.com/',
    'not a url',
  ];
  it.each(refusedUrls)('refuses the URL %s before sending anything', (url) => {
    expect(() => checkOutboundUrl(url, [])).toThrow(OutboundRefusedError);
  });

  it('accepts public names and addresses, and allow-listed internal hosts', () => {
    expect(checkOutboundUrl('https://login.example.com/realms/x', []).hostname).toBe('login.example.com');
    expect(checkOutboundUrl('https://8.8.8.8/', []).hostname).toBe('8.8.8.8');
    expect(checkOutboundUrl('http://[2606:4700::1111]/', []).hostname).toBe('[2606:4700::1111]');
    expect(checkOutboundUrl('http://127.0.0.1:9000/', ['127.0.0.1']).port).toBe('9000');
    expect(checkOutboundUrl('http://[::1]/', ['::1']).hostname).toBe('[::1]');
    // The allow-list names the host as written; numeric forms and neighbours stay refused.
    expect(() => checkOutboundUrl('http://2130706433/', ['127.0.0.1'])).toThrow(OutboundRefusedError);
    expect(() => checkOutboundUrl('http://127.0.0.2/', ['127.0.0.1'])).toThrow(OutboundRefusedError);
  });
});

describe('the guarded fetch over HTTP', () => {
  let server: Server;
  let base: string;
  let port: number;
  const seen: string[] = [];
  const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
    '/hello': (_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end('{"hello":"world"}');
    },
    '/to-localhost': (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${port}/hello` }).end();
    },
    '/to-metadata': (_req, res) => {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    },
    '/to-hello': (_req, res) => {
      res.writeHead(303, { location: '/hello' }).end();
    },
    '/loop': (_req, res) => {
      res.writeHead(302, { location: '/loop' }).end();
    },
    '/huge': (_req, res) => {
      res.end(Buffer.alloc(64 * 1024, 'x'));
    },
    '/slow': () => {
      // Never answers: the time-out must end the exchange.
    },
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const route = routes[req.url ?? ''];
      if (route) route(req, res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const allowLoopback = createOutboundFetch({ allowedHosts: ['127.0.0.1'], timeoutMs: 2000 });

  it('reaches an allow-listed host and answers a normal Response', async () => {
    seen.length = 0;
    const res = await allowLoopback(`${base}/hello`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ hello: 'world' });
    expect(seen).toEqual(['GET /hello']);
  });

  it('sends nothing to loopback, by address or by a name that resolves to it, without the allow-list', async () => {
    seen.length = 0;
    const guarded = createOutboundFetch({ allowedHosts: [] });
    await expect(guarded(`${base}/hello`)).rejects.toThrow(OutboundRefusedError);
    await expect(guarded(`http://localhost:${port}/hello`)).rejects.toThrow(/resolves to/);
    expect(seen).toEqual([]);
  });

  it('checks every redirect again: an allowed host cannot send it to a private one', async () => {
    seen.length = 0;
    await expect(allowLoopback(`${base}/to-localhost`)).rejects.toThrow(OutboundRefusedError);
    await expect(allowLoopback(`${base}/to-metadata`)).rejects.toThrow(/169\.254\.169\.254/);
    expect(seen).toEqual(['GET /to-localhost', 'GET /to-metadata']);
  });

  it('follows allowed redirects (a POST answered 303 becomes a GET), up to a limit', async () => {
    seen.length = 0;
    const res = await allowLoopback(`${base}/to-hello`, { method: 'POST', body: 'a=1' });
    expect(await res.json()).toEqual({ hello: 'world' });
    expect(seen).toEqual(['POST /to-hello', 'GET /hello']);
    await expect(allowLoopback(`${base}/loop`)).rejects.toThrow(/redirects/);
    const manual = await allowLoopback(`${base}/to-hello`, { redirect: 'manual' });
    expect(manual.status).toBe(303);
  });

  it('bounds the answer size and the time taken', async () => {
    const small = createOutboundFetch({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 1000 });
    await expect(small(`${base}/huge`)).rejects.toThrow(/larger than the limit/);
    const quick = createOutboundFetch({ allowedHosts: ['127.0.0.1'], timeoutMs: 300 });
    const started = Date.now();
    await expect(quick(`${base}/slow`)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('carries the Twilio Verify calls too: a loopback service is not reached unless allowed', async () => {
    seen.length = 0;
    const settings = {
      NODE_ENV: 'test',
      JWT_SECRET: inject('jwtSecret'),
      TWILIO_VERIFY_URL: base,
      TWILIO_VERIFY_SID: 'AC1',
      TWILIO_VERIFY_TOKEN: 't',
      TWILIO_VERIFY_SERVICE: 'VA1',
    };
    const sms = smsVerificationFor(loadConfig(settings));
    await expect(sms.check(null as never, { to: '+447700900123', code: '123456' })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(seen).toEqual([]);
    const allowed = smsVerificationFor(loadConfig({ ...settings, OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' }));
    // The fake answers 404 to the check: "no pending verification", so false.
    expect(await allowed.check(null as never, { to: '+447700900123', code: '123456' })).toBe(false);
    expect(seen).toEqual(['POST /v2/Services/VA1/VerificationCheck']);
  });
});
