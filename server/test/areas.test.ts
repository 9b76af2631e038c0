import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { areas } from '../src/areas.ts';
import { migrations } from '../src/db/migrations/index.ts';
import { createDb } from '../src/platform/db.ts';

/**
 * One registration per area (issue #7 item 7): a module's routes, policies and unique
 * rules are reached only through its descriptor in src/areas.ts. These checks fail when
 * a part is added and not registered.
 */
const modulesDir = join(import.meta.dirname, '..', 'src', 'modules');
const folders = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const exportsOf = async (file: string): Promise<Record<string, unknown>> => import(join(modulesDir, file));

describe('every area is registered once', () => {
  it('has one descriptor per module folder, listed in src/areas.ts', async () => {
    expect(folders.length).toBeGreaterThan(10);
    expect(new Set(areas.map((a) => a.name)).size).toBe(areas.length);
    for (const folder of folders) {
      const found = Object.values(await exportsOf(`${folder}/${folder}.area.ts`));
      expect(found.length, folder).toBe(1);
      expect(areas, folder).toContain(found[0]);
      expect((found[0] as { name: string }).name).toBe(folder);
    }
    expect(areas.length).toBe(folders.length);
  });

  it("registers each module's routes function and every policy table it defines", async () => {
    const registeredPolicies = areas.flatMap((a) => Object.values(a.policies ?? {}));
    for (const folder of folders) {
      const area = areas.find((a) => a.name === folder)!;
      const files = readdirSync(join(modulesDir, folder));
      if (files.includes(`${folder}.routes.ts`)) {
        const routes = Object.values(await exportsOf(`${folder}/${folder}.routes.ts`)).filter(
          (value) => typeof value === 'function',
        );
        expect(routes, folder).toContain(area.routes);
      }
      for (const file of files.filter((f) => f.endsWith('.policy.ts'))) {
        const tables = Object.entries(await exportsOf(`${folder}/${file}`)).filter(([name]) =>
          name.endsWith('Policy'),
        );
        expect(tables.length, file).toBeGreaterThan(0);
        for (const [name, table] of tables) expect(registeredPolicies, `${file}: ${name}`).toContain(table);
      }
    }
  });

  it('runs every file of the migrations folder, in name order, each with an up step', () => {
    const files = readdirSync(join(import.meta.dirname, '..', 'src', 'db', 'migrations'))
      .filter((f) => f !== 'index.ts')
      .sort();
    // A file that does not follow the name rule would be skipped without a word: refuse it.
    for (const file of files) expect(file, 'migration file name').toMatch(/^\d{12}_[a-z0-9_]+\.ts$/);
    expect(Object.keys(migrations)).toEqual(files.map((f) => f.replace(/\.ts$/, '')));
    expect(files.length).toBeGreaterThanOrEqual(14);
    for (const [name, migration] of Object.entries(migrations))
      expect(typeof migration.up, name).toBe('function');
  });

  it('gives every job a name of its own', () => {
    const names = areas
      .flatMap(
        (a) =>
          a.jobs?.({
            db: null as never,
            mailer: null as never,
            config: null as never,
            jobs: null as never,
          }) ?? [],
      )
      .map((j) => j.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('every unique rule a request can break answers 409', () => {
  const db = createDb(inject('databaseUrl'), 1);
  afterAll(() => db.destroy());

  /** Unique indexes no request can break, and why. Written by hand: adding one is a decision. */
  const unreachable: Record<string, string> = {
    access_tokens_token_hash_key: 'random token hashes',
    refresh_tokens_token_hash_key: 'random token hashes',
    remembered_devices_token_hash_key: 'random token hashes',
    organisation_invites_token_hash_key: 'random token hashes',
    email_links_token_hash_key: 'random token hashes',
    report_assignment_tokens_token_hash_key: 'random token hashes',
    mfa_recovery_codes_user_id_code_hash_key: 'random codes, a new set replaces the old in one transaction',
    applications_platform_id_id_key: 'composite foreign-key target of a primary key',
    form_schemas_platform_id_id_key: 'composite foreign-key target of a primary key',
    form_schemas_key:
      'no route creates a schema or changes its key; the standard forms skip keys a platform has',
    form_views_key: 'no route creates a view or changes its key; the standard forms skip keys a platform has',
    form_versions_number: 'publishing locks the view row before it reads the next number (races.test.ts)',
    form_versions_platform_id_id_key: 'composite foreign-key target of a primary key',
    form_views_platform_id_id_key: 'composite foreign-key target of a primary key',
    locations_organisation_id_id_key: 'composite foreign-key target of a primary key',
    organisations_platform_id_id_key: 'composite foreign-key target of a primary key',
    user_groups_organisation_id_id_key: 'composite foreign-key target of a primary key',
    workspaces_platform_id_id_key: 'composite foreign-key target of a primary key',
    receivers_org_id: 'composite foreign-key target of a primary key',
    submission_reports_once:
      "a new submission's own rows, one per receiver; `resources` must be unique items (400 before any insert)",
    submission_reports_message:
      'the message id is made from the new submission report id, so it is new by construction (decision 0171)',
    reports_platform_reference:
      'a reference number is drawn again on a collision (ON CONFLICT DO NOTHING), never answered',
    memberships_unique:
      'every membership insert is ON CONFLICT DO NOTHING: granting a held role changes nothing',
    applications_one_default: 'creating and re-defaulting lock the organisation row first (races.test.ts)',
    report_shares_once:
      'sharing a case again is an upsert (ON CONFLICT DO UPDATE), never answered (races.test.ts)',
    drugs_code:
      'a list upload writes products ON CONFLICT (organisation, code) DO UPDATE, one upload of an organisation at a time (advisory lock); a code twice in one file is a line error',
    submission_responses_as2_once:
      'an AS2 message is kept once per receiver and Message-ID, one message of a receiver and id at a time (advisory lock); a repeat answers its MDN (decision 0196, submissions.as2-inbound.test.ts)',
    sender_profiles_organisation_id_key:
      "an organisation's sender profile is written ON CONFLICT (organisation) DO UPDATE: the last save wins, as If-Match allows (decision 0242)",
    audit_chain_position:
      "a link's position is written by the database at commit, under its chain's advisory lock, never from a request (decision 0328, audit-chain.test.ts)",
    receivers_organisation_default:
      "choosing an organisation's default receiver clears the previous one first, one choice of an organisation at a time (advisory lock): the last one wins (decision 0200, e2b.receiver.test.ts)",
    person_keys_subject_key:
      "a person's key is made ON CONFLICT (subject) DO NOTHING and then read: two first uses at once share one key (decision 0331, platform/personal-data.ts)",
  };

  it('has a conflict entry, naming a field, for every other unique index of the schema', async () => {
    const { rows } = await sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_index i
      JOIN pg_class c ON c.oid = i.indexrelid
      JOIN pg_class t ON t.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      WHERE i.indisunique AND NOT i.indisprimary AND n.nspname = 'public'`.execute(db);
    const declared = Object.assign({}, ...areas.map((a) => a.conflicts ?? {}));
    const missing = rows.map((r) => r.name).filter((name) => !(name in unreachable) && !(name in declared));
    expect(missing).toEqual([]);
    for (const name of Object.keys(declared)) expect(rows.map((r) => r.name)).toContain(name);
  });
});
