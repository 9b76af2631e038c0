import type { ApiError } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createUser, http, login, type TestTenant, useTestApp } from '../../../test/index.ts';

/**
 * The password rules at their edges (decision 0010): at least 12 characters, counted as
 * characters a person types (code points, not UTF-16 units), and never the email address.
 */
let tenant: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  tenant = await createTenant(app.db);
});

describe('the password rules', () => {
  it('11 characters are refused, 12 accepted; characters are counted, not UTF-16 units', async () => {
    const account = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const { token } = await login(app.url, account);
    let current = account.password;
    const change = async (password: string) => {
      const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me/change-password', {
        token,
        body: { currentPassword: current, password },
      });
      if (res.status === 204) current = password;
      const fields = (res.body?.meta as { fields?: { field: string }[] } | undefined)?.fields;
      return { status: res.status, field: fields?.[0]?.field, message: res.body?.message };
    };
    const refused = {
      status: 400,
      field: 'body/password',
      message: 'The password must have at least 12 characters',
    };
    expect(await change('a'.repeat(11))).toEqual(refused);
    // Eleven locks are 22 UTF-16 units but 11 characters.
    expect(await change('🔒'.repeat(11))).toEqual(refused);
    expect(await change('b'.repeat(12))).toEqual({ status: 204, field: undefined, message: undefined });
    expect(await change('🔒'.repeat(12))).toEqual({ status: 204, field: undefined, message: undefined });
    // The new password is the one that signs in.
    expect((await login(app.url, { ...account, password: '🔒'.repeat(12) })).id).toBe(account.id);
  });

  it('the email address is refused as the password, whatever its case and spaces', async () => {
    const account = await createUser(app.db, {
      platformId: tenant.platformId,
      organisationId: tenant.organisationIds[0],
      role: 'reporter',
    });
    const { token } = await login(app.url, account);
    for (const password of [account.email, ` ${account.email.toUpperCase()} `]) {
      const res = await http<ApiError>(app.url, 'PUT', '/v1/users/@me/change-password', {
        token,
        body: { currentPassword: account.password, password },
      });
      expect({ status: res.status, message: res.body.message }).toEqual({
        status: 400,
        message: 'The password must not be your email address',
      });
    }
  });
});
