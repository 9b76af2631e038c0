import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTenant,
  createUser,
  http,
  startTestApp,
  type TestApp,
  type TestTenant,
} from '../../../test/index.ts';

// Issue #6 item 10: asking for a reset link takes the same time whether the account exists
// or not. No worker runs in this file: only the request's own work is measured.
let quiet: TestApp;
let tenant: TestTenant;

beforeAll(async () => {
  quiet = await startTestApp();
  tenant = await createTenant(quiet.db);
});
afterAll(() => quiet?.close());

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe('the time a reset request takes', () => {
  it('is the same for an existing account and an unknown address (medians within 1.5×)', async () => {
    const user = await createUser(quiet.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await http(quiet.url, 'POST', '/v1/reset-password', {
        body: { email, platformId: tenant.platformId },
      });
      expect(res.status).toBe(204);
      return performance.now() - started;
    };
    const unknown = () => `nobody-${crypto.randomUUID()}@example.org`;
    for (let i = 0; i < 5; i++) await Promise.all([timed(user.email), timed(unknown())]);
    const known: number[] = [];
    const missing: number[] = [];
    // Alternating, so a slow moment of the machine falls on both sides.
    for (let i = 0; i < 60; i++) {
      if (i % 2) {
        known.push(await timed(user.email));
        missing.push(await timed(unknown()));
      } else {
        missing.push(await timed(unknown()));
        known.push(await timed(user.email));
      }
    }
    const [a, b] = [median(known), median(missing)];
    console.info(`reset request medians: existing ${a.toFixed(2)} ms, unknown ${b.toFixed(2)} ms`);
    expect(Math.max(a, b) / Math.min(a, b)).toBeLessThan(1.5);
  }, 60_000);
});
