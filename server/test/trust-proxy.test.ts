import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTenant, http, startTestApp, type TestApp } from './index.ts';

/**
 * X-Forwarded-For is believed only from the proxies TRUST_PROXY names (decision 0024). The
 * per-address sign-in throttle shows which address the server used: failures sent with a
 * different forged X-Forwarded-For each must still add up on the one real address.
 */
const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));

const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(48),
  SECRETS_KEYS: inject('secretsKeys'),
  LOG_LEVEL: 'silent',
};

async function failuresFromForgedAddresses(env: Record<string, string>) {
  const app = await startTestApp({ LOGIN_MAX_FAILURES_ADDRESS: '3', ...env });
  apps.push(app);
  const tenant = await createTenant(app.db);
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const res = await http(app.url, 'POST', '/v1/login', {
      body: { email: `guess-${i}@example.test`, password: 'wrong', platformId: tenant.platformId },
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('is off by default, also in production: a forged X-Forwarded-For changes nothing', async () => {
    expect(loadConfig(PRODUCTION).trustProxy).toBe(false);
    expect(await failuresFromForgedAddresses(PRODUCTION)).toEqual([401, 401, 401, 429]);
  });

  it('with a hop count, the address the proxy forwards is the client address', async () => {
    expect(await failuresFromForgedAddresses({ TRUST_PROXY: '1' })).toEqual([401, 401, 401, 401]);
  });

  it('with addresses, only those proxies are believed', async () => {
    // The test client connects from 127.0.0.1, which is not the trusted proxy here.
    expect(await failuresFromForgedAddresses({ TRUST_PROXY: '10.0.0.1' })).toEqual([401, 401, 401, 429]);
    expect(await failuresFromForgedAddresses({ TRUST_PROXY: 'loopback' })).toEqual([401, 401, 401, 401]);
  });

  it('reads hop counts, addresses and ranges, and refuses "true" and nonsense', () => {
    const read = (value: string) =>
      loadConfig({ JWT_SECRET: inject('jwtSecret'), TRUST_PROXY: value }).trustProxy;
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('10.0.0.1, 10.1.0.0/16,::1,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    expect(() => read('true')).toThrow(/TRUST_PROXY/);
    expect(() => read('proxy.example.org')).toThrow(/TRUST_PROXY/);
    expect(() => read('10.0.0.1/16/2')).toThrow(/TRUST_PROXY/);
  });
});
