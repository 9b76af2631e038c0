import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const secret = 'a-secret-of-our-own-that-is-long-enough-0123456789';

describe('loadConfig', () => {
  it('has safe development defaults: loopback only, demo data only with the embedded database', () => {
    const config = loadConfig({ JWT_SECRET: secret });
    expect(config).toMatchObject({
      env: 'development',
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: null,
      seedDemo: true,
      embeddedPgPort: null,
      dbConnectTimeoutMs: 5_000,
      dbStatementTimeoutMs: 30_000,
    });
    const ownDatabase = loadConfig({ JWT_SECRET: secret, DATABASE_URL: 'postgres://db.example/vigilo' });
    expect(ownDatabase.seedDemo).toBe(false);
    expect(
      loadConfig({ JWT_SECRET: secret, DATABASE_URL: 'postgres://x/y', SEED_DEMO: 'true' }).seedDemo,
    ).toBe(true);
    expect(loadConfig({ JWT_SECRET: secret, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('has no secret of its own: without JWT_SECRET it refuses, in every environment', () => {
    for (const NODE_ENV of ['development', 'test', 'production']) {
      expect(() => loadConfig({ NODE_ENV })).toThrow(/JWT_SECRET must be set/);
    }
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/at least 32 characters/);
    const keys = `k1:${Buffer.alloc(32, 7).toString('base64')}`;
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SECRETS_KEYS: keys });
    expect(config.seedDemo).toBe(false);
  });

  it('needs SECRETS_KEYS in production, as kid:key pairs of 32-byte keys (decision 0057)', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/SECRETS_KEYS must be set in production/);
    expect(loadConfig({ JWT_SECRET: secret }).secretsKeys).toEqual([]);
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    const both = loadConfig({
      ...production,
      SECRETS_KEYS: `new:${a.toString('base64')}, old:${b.toString('base64url')}`,
    });
    expect(both.secretsKeys).toEqual([
      { id: 'new', key: a },
      { id: 'old', key: b },
    ]);
    expect(() => loadConfig({ ...production, SECRETS_KEYS: a.toString('base64') })).toThrow(/kid:key pairs/);
    expect(() =>
      loadConfig({ ...production, SECRETS_KEYS: `k:${Buffer.alloc(16).toString('base64')}` }),
    ).toThrow(/"k" must be 32 bytes/);
    expect(() =>
      loadConfig({ ...production, SECRETS_KEYS: `k:${a.toString('base64')},k:${b.toString('base64')}` }),
    ).toThrow(/names a kid twice/);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ JWT_SECRET: secret, PORT: 'eighty' })).toThrow(/PORT must be an integer/);
    expect(() => loadConfig({ JWT_SECRET: secret, SEED_DEMO: 'maybe' })).toThrow(
      /SEED_DEMO must be true or false/,
    );
    expect(() => loadConfig({ JWT_SECRET: secret, NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(() => loadConfig({ JWT_SECRET: secret, DB_CONNECT_TIMEOUT: '0' })).toThrow(/DB_CONNECT_TIMEOUT/);
  });

  it('keeps a delivery’s send time-out, claim lease and job expiry in that order (decision 0190)', () => {
    const defaults = loadConfig({ JWT_SECRET: secret });
    expect([
      defaults.submissionSendTimeoutSeconds,
      defaults.submissionDeliveryLeaseSeconds,
      defaults.submissionDeliveryExpirySeconds,
      defaults.jobsMaintenanceSeconds,
    ]).toEqual([30, 90, 120, 120]);
    expect(() =>
      loadConfig({
        JWT_SECRET: secret,
        SUBMISSION_SEND_TIMEOUT_SECONDS: '5',
        SUBMISSION_DELIVERY_LEASE_SECONDS: '5',
      }),
    ).toThrow(/SUBMISSION_SEND_TIMEOUT_SECONDS must be shorter than SUBMISSION_DELIVERY_LEASE_SECONDS/);
    expect(() => loadConfig({ JWT_SECRET: secret, SUBMISSION_DELIVERY_EXPIRY_SECONDS: '60' })).toThrow(
      /SUBMISSION_DELIVERY_LEASE_SECONDS must be shorter than SUBMISSION_DELIVERY_EXPIRY_SECONDS/,
    );
  });
});
