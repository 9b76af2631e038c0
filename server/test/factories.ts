import { randomUUID } from 'node:crypto';
import type { RoleName, Session } from '@vigilo/contract';
import { installStandardForms } from '../src/modules/forms/forms.install.ts';
import { insertOrganisation, insertPlatform } from '../src/modules/organisations/organisations.repository.ts';
import { insertMembership, insertUser } from '../src/modules/users/users.repository.ts';
import type { Db } from '../src/platform/db.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { systemScope } from '../src/platform/scope.ts';
import { http } from './http.ts';

export const TEST_PASSWORD = 'correct horse battery staple';
let passwordHash: Promise<string> | undefined;

const unique = () => randomUUID().slice(0, 8);

export interface TestTenant {
  platformId: string;
  organisationIds: [string, string];
}

/** A fresh platform with two organisations: every test makes its own, so tests never collide. */
export async function createTenant(db: Db): Promise<TestTenant> {
  const platform = await insertPlatform(db, systemScope, {
    name: `Test platform ${unique()}`,
    domain: `${unique()}.test.vigilo`,
  });
  const a = await insertOrganisation(db, systemScope, { platformId: platform.id, name: `Org A ${unique()}` });
  const b = await insertOrganisation(db, systemScope, { platformId: platform.id, name: `Org B ${unique()}` });
  return { platformId: platform.id, organisationIds: [a.id, b.id] };
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  platformId: string;
  organisationId: string | null;
}

/** A user with one role: in `organisationId`, or platform-wide when it is null. */
export async function createUser(
  db: Db,
  opts: { platformId: string; organisationId: string | null; role: RoleName; deactivated?: boolean },
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = `user-${unique()}@example.test`;
  const user = await insertUser(db, systemScope, {
    platformId: opts.platformId,
    email,
    passwordHash: await passwordHash,
    firstName: 'Test',
    lastName: opts.role,
    defaultOrganisationId: opts.organisationId,
  });
  await insertMembership(db, systemScope, { ...opts, userId: user.id });
  if (opts.deactivated)
    await db.updateTable('users').set({ deactivated_at: new Date() }).where('id', '=', user.id).execute();
  return {
    id: user.id,
    email,
    password: TEST_PASSWORD,
    platformId: opts.platformId,
    organisationId: opts.organisationId,
  };
}

/** Signs a user in through the API and returns the session. */
export async function login(base: string, user: TestUser, path = '/v1/login'): Promise<Session> {
  const res = await http<Session>(base, 'POST', path, {
    body: { email: user.email, password: user.password, platformId: user.platformId },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A tenant whose platform has the standard forms, published (as a platform created through the API has). */
export async function createTenantWithForms(db: Db): Promise<TestTenant> {
  const tenant = await createTenant(db);
  await installStandardForms(db, tenant.platformId);
  return tenant;
}
