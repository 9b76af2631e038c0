import { sql } from 'kysely';
import type { Db } from '../../src/platform/db.ts';

/**
 * Everything a tenant owns, as one digest per table: the number of rows and an md5 of the
 * rows themselves (every column, `version` among them), so a write that changes a count, a
 * version or any field shows. Only the tenant's own rows are read: test files run at once
 * on one database, and other files' rows move all the time.
 */
export type Snapshot = Record<string, string>;

export type Owner = { organisationId: string } | { platformId: string };

let tables: Promise<{ name: string; platform: boolean; organisation: boolean }[]> | undefined;

function tenantTables(db: Db) {
  tables ??= sql<{ name: string; platform: boolean; organisation: boolean }>`
    select c.table_name as name,
           bool_or(c.column_name = 'platform_id') as platform,
           bool_or(c.column_name = 'organisation_id') as organisation
    from information_schema.columns c
    join information_schema.tables t
      on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public'
    group by c.table_name
    having bool_or(c.column_name in ('platform_id', 'organisation_id'))
    order by c.table_name`
    .execute(db)
    .then((r) => r.rows);
  return tables;
}

const digest = (from: string, where: string) =>
  `select count(*)::text || ':' || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${from} x where ${where}`;

export async function snapshot(db: Db, owner: Owner): Promise<Snapshot> {
  const parts: [string, string][] = [];
  const byOrganisation = 'organisationId' in owner;
  const id = byOrganisation ? owner.organisationId : owner.platformId;
  // Ids are uuids made by the test; quoted as literals so the whole snapshot is one statement.
  if (!/^[0-9a-f-]{36}$/.test(id)) throw new Error(`not an id: ${id}`);
  const orgs = byOrganisation ? `('${id}')` : `(select id from organisations where platform_id = '${id}')`;
  for (const t of await tenantTables(db)) {
    if (byOrganisation && !t.organisation) continue;
    const where = t.organisation ? `x.organisation_id in ${orgs}` : `x.platform_id = '${id}'`;
    parts.push([t.name, digest(`"${t.name}"`, where)]);
  }
  // Rows with no tenant column of their own, through their parent.
  const members = `(select user_id from memberships where organisation_id in ${orgs})`;
  parts.push(['organisations', digest('organisations', `x.id in ${orgs}`)]);
  parts.push(['users (members)', digest('users', `x.id in ${members}`)]);
  parts.push([
    'user_group_users',
    digest('user_group_users', `x.group_id in (select id from user_groups where organisation_id in ${orgs})`),
  ]);
  parts.push([
    'user_group_locations',
    digest(
      'user_group_locations',
      `x.group_id in (select id from user_groups where organisation_id in ${orgs})`,
    ),
  ]);
  parts.push([
    'submission_deliveries',
    digest(
      'submission_deliveries',
      `x.submission_report_id in (select id from submission_reports where organisation_id in ${orgs})`,
    ),
  ]);
  if (!byOrganisation) parts.push(['platforms', digest('platforms', `x.id = '${id}'`)]);
  const query = parts.map(([name, q]) => `select '${name}' as name, (${q}) as digest`).join(' union all ');
  const result = await sql<{ name: string; digest: string }>`${sql.raw(query)}`.execute(db);
  return Object.fromEntries(result.rows.map((r) => [r.name, r.digest]));
}

/** The tables whose digest differs, for the failure message. */
export function changed(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after).filter((k) => before[k] !== after[k]);
}
