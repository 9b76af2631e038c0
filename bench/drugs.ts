import { performance } from 'node:perf_hooks';
import { search, uploadList } from '../server/src/modules/drugs/drugs.service.ts';
import type { Actor } from '../server/src/platform/access.ts';
import { createDb } from '../server/src/platform/db.ts';
import type { Jobs } from '../server/src/platform/jobs.ts';
import { createTenant, createUser } from '../server/test/factories.ts';
import { scratchDatabase } from '../server/test/spawn.ts';

/**
 * `BENCH_ONLY=drugs npm run bench` (or `npx tsx bench/drugs.ts`): a product list of
 * BENCH_DRUGS_PRODUCTS invented products (100,000 by default, the most one list holds)
 * uploaded through the upload service (parse, check, replace in one transaction), then
 * uploaded again with every tenth product renamed, then type-ahead searches answered by the
 * search service in-process, p50/p95. No target was set for drugs (decision 0142); the
 * figures say what a large national list costs.
 */
const PRODUCTS = Number(process.env.BENCH_DRUGS_PRODUCTS ?? 100_000);
const QUERIES = Number(process.env.BENCH_DRUGS_QUERIES ?? 300);
const database = await scratchDatabase(
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  'vigilo-bench-drugs',
);
const db = createDb(database.url, 4);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => `${n.toFixed(2)} ms`;

// 40 syllables, two or three to a name: some 66,000 possible names, a 3-letter prefix
// matching a few thousand products (a common start such as "par" in a real list). Drawn from
// a fixed-seed generator, so the second upload sees the same list.
const syllables =
  'cal mor dex olan zel pra vir tar nex quin lor vas tin fe bri lex sed rhi no xa pam cet sul fa met for min ami dol tra cin ox ib pro fen ket lan zo pril'.split(
    ' ',
  );
let seed = 42;
const next = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
const word = (n: number) => Array.from({ length: n }, () => pick(syllables)).join('');
const capital = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const forms = [
  'tablets',
  'film-coated tablets',
  'capsules',
  'oral solution',
  'solution for injection',
  'cream',
];

function list(rename = (_: number, name: string) => name) {
  seed = 42;
  const substances = Array.from({ length: 2_000 }, () => capital(word(3)));
  const lines = ['code,name,substances,strength,doseForm,authorisationNumber,holder,country'];
  for (let i = 0; i < PRODUCTS; i++) {
    const strength = `${(i % 50) * 5 + 5} mg`;
    const form = forms[i % forms.length]!;
    const name = rename(i, `${capital(word(2 + (i % 2)))} ${strength} ${form}`);
    const actives = [
      substances[i % substances.length],
      ...(i % 7 === 0 ? [substances[(i * 3) % substances.length]] : []),
    ];
    lines.push(
      [`B-${i}`, name, actives.join('|'), strength, form, `BN-${100000 + i}`, `Holder ${i % 300}`, 'GB'].join(
        ',',
      ),
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

const noJobs = { send: async () => null } as unknown as Jobs;

try {
  const tenant = await createTenant(db);
  const organisationId = tenant.organisationIds[0]!;
  const admin = await createUser(db, {
    platformId: tenant.platformId,
    organisationId,
    role: 'organisation_admin',
  });
  const actor = {
    userId: admin.id,
    platformId: tenant.platformId,
    organisationId,
    familyId: '',
    memberships: [{ role: 'organisation_admin', organisationId }],
  } as unknown as Actor;
  const first = list();
  const started = performance.now();
  const made = await uploadList(
    db,
    noJobs,
    actor,
    organisationId,
    { file: { name: 'big.csv', bytes: first } },
    'bench',
  );
  const firstMs = performance.now() - started;
  const peakRss = process.resourceUsage().maxRSS * 1024;
  const again = list((i, name) => (i % 10 === 0 ? `${name} (new pack)` : name));
  const t2 = performance.now();
  const second = await uploadList(
    db,
    noJobs,
    actor,
    organisationId,
    { file: { name: 'big.csv', bytes: again } },
    'bench',
  );
  const secondMs = performance.now() - t2;

  const names = (
    await db
      .selectFrom('drugs')
      .select(['name', 'substances'])
      .where('organisation_id', '=', organisationId)
      .limit(QUERIES)
      .execute()
  ).map((r, i) => (i % 3 === 2 ? r.substances[0]!.slice(0, 5) : r.name.split(' ')[0]!.slice(0, 3 + (i % 4))));
  for (const q of names.slice(0, 30)) await search(db, actor, { query: q });
  const times: number[] = [];
  let hits = 0;
  for (const q of names) {
    const t = performance.now();
    hits += (await search(db, actor, { query: q })).length;
    times.push(performance.now() - t);
  }
  console.log(
    `\nDrug product list, ${PRODUCTS.toLocaleString('en')} invented products (${(first.length / 1024 / 1024).toFixed(1)} MB of CSV)`,
  );
  console.log(
    `  first upload (parse, check, insert, one transaction): ${(firstMs / 1000).toFixed(1)} s, ${made.added} added`,
  );
  console.log(
    `  upload again, one in ten renamed: ${(secondMs / 1000).toFixed(1)} s (${second.updated} updated, ${second.added} added, ${second.removed} removed)`,
  );
  console.log(`  peak RSS of the uploading process: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
  console.log(
    `  search (service call), ${names.length} queries, ${(hits / names.length).toFixed(1)} hits each: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
  );
} finally {
  await db.destroy();
  await database.stop();
}
