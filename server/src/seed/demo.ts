import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RoleName } from '@vigilo/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { seedDrugList } from '../modules/drugs/drugs.service.ts';
import { installStandardForms } from '../modules/forms/forms.install.ts';
import {
  insertCatalogueItem,
  insertContact,
  insertLocations,
  insertOrganisation,
  insertPlatform,
} from '../modules/organisations/organisations.repository.ts';
import { insertMembership, insertUser } from '../modules/users/users.repository.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { systemScope } from '../platform/scope.ts';
import { seedDemoDictionary } from './demo-dictionary.ts';

/** The password of every demo account (development only; listed in the README). */
export const DEMO_PASSWORD = 'vigilo-demo-2026';
export const DEMO_DOMAIN = 'localhost';
/**
 * The demo regulator's id, fixed so that the README can give the public form's address
 * (`/report?organisation=<id>`, decision 0120). Demo platforms seeded before keep theirs; the
 * address is also logged at every start.
 */
export const DEMO_REGULATOR_ID = 'd3e0c0de-0000-4000-8000-000000000001';

/** One demo user per role; `organisation` is the index into the organisations below, or null for platform-wide. */
export const demoUsers: {
  email: string;
  firstName: string;
  lastName: string;
  role: RoleName;
  organisation: 0 | 1 | null;
}[] = [
  {
    email: 'reporter@demo.vigilo.test',
    firstName: 'Rita',
    lastName: 'Reporter',
    role: 'reporter',
    organisation: 0,
  },
  {
    email: 'staff@demo.vigilo.test',
    firstName: 'Sam',
    lastName: 'Staff',
    role: 'organisation_staff',
    organisation: 0,
  },
  {
    email: 'orgadmin@demo.vigilo.test',
    firstName: 'Olga',
    lastName: 'Admin',
    role: 'organisation_admin',
    organisation: 0,
  },
  {
    email: 'assessor@demo.vigilo.test',
    firstName: 'Ade',
    lastName: 'Assessor',
    role: 'assessor',
    organisation: 0,
  },
  {
    email: 'hospital@demo.vigilo.test',
    firstName: 'Hana',
    lastName: 'Hospital',
    role: 'organisation_staff',
    organisation: 1,
  },
  {
    email: 'platformadmin@demo.vigilo.test',
    firstName: 'Pat',
    lastName: 'Platform',
    role: 'platform_admin',
    organisation: null,
  },
  {
    email: 'sysadmin@demo.vigilo.test',
    firstName: 'Sys',
    lastName: 'Admin',
    role: 'system_admin',
    organisation: null,
  },
];

/** Seeds the demo platform once (found by its domain); does nothing when it exists. */
export async function seedDemo(db: Db, log: FastifyBaseLogger): Promise<void> {
  const existing = await db
    .selectFrom('platforms')
    .select('id')
    .where('domain', '=', DEMO_DOMAIN)
    .executeTakeFirst();
  // The standard forms and the public form's setting arrive on a demo platform seeded before
  // they existed too.
  if (existing) {
    await allowAnonymousReports(db, existing.id);
    await installStandardForms(db, existing.id);
    await seedDemoDrugs(db, existing.id);
    await seedRegulatorDictionary(db, existing.id);
    return logPublicForm(db, existing.id, log);
  }
  const platform = await insertPlatform(db, systemScope, {
    name: 'Vigilo Demo',
    domain: DEMO_DOMAIN,
    mfaMethods: ['totp', 'sms'],
  });
  const organisations = [
    await insertOrganisation(db, systemScope, {
      platformId: platform.id,
      id: DEMO_REGULATOR_ID,
      name: 'National Pharmacovigilance Centre',
      kind: 'regulator',
      country: 'GB',
    }),
    await insertOrganisation(db, systemScope, {
      platformId: platform.id,
      name: "St Mary's Hospital",
      kind: 'hospital',
      country: 'GB',
    }),
  ];
  // Visitors may ask for an account at the regulator from the public request page.
  await db
    .updateTable('organisations')
    .set({ accepts_account_requests: true })
    .where('id', '=', organisations[0]!.id)
    .execute();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const u of demoUsers) {
    const organisationId = u.organisation === null ? null : organisations[u.organisation]!.id;
    const user = await insertUser(db, systemScope, {
      platformId: platform.id,
      email: u.email,
      passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      defaultOrganisationId: organisationId,
    });
    await insertMembership(db, systemScope, {
      platformId: platform.id,
      userId: user.id,
      organisationId,
      role: u.role,
    });
  }
  await allowAnonymousReports(db, platform.id);
  await seedDemoOrganisationDetails(db, platform.id, organisations[0]!.id);
  await installStandardForms(db, platform.id);
  await seedDemoDrugs(db, platform.id);
  await seedRegulatorDictionary(db, platform.id);
  log.info({ users: demoUsers.length }, 'demo platform seeded');
  await logPublicForm(db, platform.id, log);
}

/**
 * The invented product list (src/seed/drugs-synthetic) for the regulator, so drug coding and
 * IDAPS have something to show; also on a demo seeded before drug lists existed.
 */
async function seedDemoDrugs(db: Db, platformId: string): Promise<void> {
  const regulator = await db
    .selectFrom('organisations')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('name', '=', 'National Pharmacovigilance Centre')
    .executeTakeFirst();
  if (!regulator) return;
  const dir = join(import.meta.dirname, 'drugs-synthetic');
  await seedDrugList(
    db,
    { platformId, organisationId: regulator.id },
    { csv: await readFile(join(dir, 'drugs.csv')), meta: await readFile(join(dir, 'drugs-meta.json')) },
  );
}

/** The routes dictionary and its arrangement for the regulator; also on a demo seeded before them. */
async function seedRegulatorDictionary(db: Db, platformId: string): Promise<void> {
  const regulator = await db
    .selectFrom('organisations')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('name', '=', 'National Pharmacovigilance Centre')
    .executeTakeFirst();
  if (regulator) await seedDemoDictionary(db, { platformId, organisationId: regulator.id });
}

/** Says where a member of the public starts a report on the demo (signed out). */
async function logPublicForm(db: Db, platformId: string, log: FastifyBaseLogger): Promise<void> {
  const regulator = await db
    .selectFrom('organisations')
    .select('id')
    .where('platform_id', '=', platformId)
    .where('name', '=', 'National Pharmacovigilance Centre')
    .executeTakeFirst();
  if (regulator) log.info({ path: `/report?organisation=${regulator.id}` }, 'demo public report form');
}

/**
 * The demo takes reports from members of the public without an account (decision 0078's
 * `anonymousReports`), so the public form works signed out. Set only while the platform has
 * never said either way: a platform administrator's "off" stays off across restarts.
 */
export async function allowAnonymousReports(db: Db, platformId: string): Promise<void> {
  await db
    .updateTable('platforms')
    .set({
      server_configuration: sql`coalesce(server_configuration, '{}'::jsonb) || '{"anonymousReports": true}'::jsonb`,
    })
    .where('id', '=', platformId)
    .where(sql<boolean>`not coalesce(server_configuration, '{}'::jsonb) ? 'anonymousReports'`)
    .execute();
}

/** Contacts, locations, reference lists and a user group for the demo regulator. */
async function seedDemoOrganisationDetails(
  db: Db,
  platformId: string,
  organisationId: string,
): Promise<void> {
  const org = { platformId, organisationId };
  await insertContact(db, systemScope, org, {
    name: 'Pharmacovigilance desk',
    title: 'Case intake',
    email: 'pv-desk@demo.vigilo.test',
    phone: '+44 20 7946 0000',
  });
  const locations = await insertLocations(
    db,
    systemScope,
    org,
    [
      { name: 'London', code: 'LDN' },
      { name: 'Manchester', code: 'MAN' },
      { name: 'Edinburgh', code: 'EDI' },
    ],
    'manual',
  );
  const lists = [
    ['receivers', 'EudraVigilance (EMA)', 'EV'],
    ['receivers', 'WHO VigiBase', 'WHO'],
    ['sources', 'Public website', 'web'],
    ['sources', 'Healthcare professional app', 'app'],
    ['hospitals', "St Mary's Hospital", 'SMH'],
    ['profession_groups', 'Healthcare professional', 'hcp'],
    ['profession_groups', 'Consumer or patient', 'consumer'],
    ['professions', 'Physician', 'physician'],
    ['professions', 'Pharmacist', 'pharmacist'],
    ['professions', 'Nurse', 'nurse'],
  ] as const;
  for (const [table, name, code] of lists)
    await insertCatalogueItem(db, systemScope, table, { ...org, name, code });
  await insertCatalogueItem(db, systemScope, 'themes', {
    platformId,
    organisationId: null,
    name: 'Vigilo blue',
    code: 'default',
    data: { primaryColor: '#1d70b8' },
  });
  await insertCatalogueItem(db, systemScope, 'sources', {
    platformId,
    organisationId: null,
    name: 'Public website',
    code: 'web',
  });
  const group = await db
    .insertInto('user_groups')
    .values({
      platform_id: platformId,
      organisation_id: organisationId,
      name: 'Vaccine safety team',
      description: 'Sees reports of adverse events following immunisation in London',
      report_types: ['aefi'],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_group_locations')
    .values({ group_id: group.id, location_id: locations[0]!.id })
    .execute();
}
