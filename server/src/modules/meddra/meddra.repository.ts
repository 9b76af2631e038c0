import type { MeddraLevel, MeddraPath, MeddraTerm, MeddraVersion } from '@vigilo/contract';
import { sql } from 'kysely';
import type { MeddraStatus } from '../../db/tables/reference-data.ts';
import type { Db } from '../../platform/db.ts';
import type { LineError, Release } from './meddra.parse.ts';

// MedDRA releases are installation-wide reference data (decision 0111): no tenant owns a
// row here, so these functions take no scope (listed in test/patterns.test.ts).

const versionColumns = [
  'id',
  'version',
  'language',
  'status',
  'progress',
  'counts',
  'errors',
  'created_at',
  'finished_at',
] as const;

type VersionRow = {
  id: string;
  version: string;
  language: string;
  status: MeddraStatus;
  progress: number;
  counts: Record<string, number>;
  errors: LineError[];
  created_at: Date;
  finished_at: Date | null;
};

export const toVersion = (row: VersionRow, defaultId: string | null): MeddraVersion => ({
  id: row.id,
  version: row.version,
  language: row.language,
  status: row.status,
  progress: row.progress,
  counts: row.counts,
  errors: row.errors,
  isDefault: row.id === defaultId,
  createdAt: row.created_at.toISOString(),
  finishedAt: row.finished_at?.toISOString() ?? null,
});

export async function listVersions(db: Db): Promise<VersionRow[]> {
  return db
    .selectFrom('meddra_versions')
    .select(versionColumns)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
}

export async function findVersion(db: Db, id: string): Promise<VersionRow | undefined> {
  return db.selectFrom('meddra_versions').select(versionColumns).where('id', '=', id).executeTakeFirst();
}

/** The release searched when none is named: the most recently finished ready one. */
export async function defaultVersion(db: Db): Promise<VersionRow | undefined> {
  return db
    .selectFrom('meddra_versions')
    .select(versionColumns)
    .where('status', '=', 'ready')
    .orderBy('finished_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertVersion(
  db: Db,
  values: { version: string; language: string; createdBy: string | null },
): Promise<{ id: string }> {
  return db
    .insertInto('meddra_versions')
    .values({ version: values.version, language: values.language, created_by: values.createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function insertImportFiles(db: Db, versionId: string, files: ReadonlyMap<string, Buffer>) {
  for (const [name, content] of files)
    await db.insertInto('meddra_import_files').values({ version_id: versionId, name, content }).execute();
}

export async function readImportFiles(db: Db, versionId: string): Promise<Map<string, Buffer>> {
  const rows = await db
    .selectFrom('meddra_import_files')
    .select(['name', 'content'])
    .where('version_id', '=', versionId)
    .execute();
  return new Map(rows.map((r) => [r.name, r.content]));
}

export async function setVersionState(
  db: Db,
  id: string,
  state: {
    status: MeddraStatus;
    progress: number;
    counts?: Record<string, number>;
    errors?: LineError[];
    finished?: boolean;
  },
): Promise<void> {
  await db
    .updateTable('meddra_versions')
    .set({
      status: state.status,
      progress: state.progress,
      ...(state.counts ? { counts: JSON.stringify(state.counts) } : {}),
      ...(state.errors ? { errors: JSON.stringify(state.errors) } : {}),
      ...(state.finished ? { finished_at: sql`now()` } : {}),
    })
    .where('id', '=', id)
    .execute();
  if (state.finished) await db.deleteFrom('meddra_import_files').where('version_id', '=', id).execute();
}

type TermInsert = {
  level: MeddraLevel;
  code: number;
  name: string;
  pt_code: number | null;
  current: boolean;
  abbrev: string | null;
};

/** The release's terms and paths as rows, in batches; `step` is called after each batch. */
export async function insertRelease(
  db: Db,
  versionId: string,
  release: Release,
  step: (done: number, total: number) => Promise<void>,
): Promise<void> {
  const terms: TermInsert[] = [
    ...release.socs.map((t) => ({
      level: 'soc' as const,
      code: t.code,
      name: t.name,
      pt_code: null,
      current: true,
      abbrev: t.abbrev,
    })),
    ...release.hlgts.map((t) => ({
      level: 'hlgt' as const,
      code: t.code,
      name: t.name,
      pt_code: null,
      current: true,
      abbrev: null,
    })),
    ...release.hlts.map((t) => ({
      level: 'hlt' as const,
      code: t.code,
      name: t.name,
      pt_code: null,
      current: true,
      abbrev: null,
    })),
    ...release.pts.map((t) => ({
      level: 'pt' as const,
      code: t.code,
      name: t.name,
      pt_code: null,
      current: true,
      abbrev: null,
    })),
    ...release.llts.map((t) => ({
      level: 'llt' as const,
      code: t.code,
      name: t.name,
      pt_code: t.ptCode,
      current: t.current,
      abbrev: null,
    })),
  ];
  const BATCH = 5000;
  const total = terms.length + release.paths.length;
  let done = 0;
  for (let i = 0; i < terms.length; i += BATCH) {
    const batch = terms.slice(i, i + BATCH);
    await sql`INSERT INTO meddra_terms (version_id, level, code, name, pt_code, current, abbrev)
      SELECT ${versionId}::uuid, * FROM unnest(${batch.map((t) => t.level)}::text[], ${batch.map((t) => t.code)}::int[],
        ${batch.map((t) => t.name)}::text[], ${batch.map((t) => t.pt_code)}::int[], ${batch.map((t) => t.current)}::bool[],
        ${batch.map((t) => t.abbrev)}::text[])`.execute(db);
    done += batch.length;
    await step(done, total);
  }
  for (let i = 0; i < release.paths.length; i += BATCH) {
    const batch = release.paths.slice(i, i + BATCH);
    await sql`INSERT INTO meddra_paths (version_id, pt_code, hlt_code, hlgt_code, soc_code, is_primary)
      SELECT ${versionId}::uuid, * FROM unnest(${batch.map((p) => p.pt)}::int[], ${batch.map((p) => p.hlt)}::int[],
        ${batch.map((p) => p.hlgt)}::int[], ${batch.map((p) => p.soc)}::int[], ${batch.map((p) => p.primary)}::bool[])`.execute(
      db,
    );
    done += batch.length;
    await step(done, total);
  }
  // The word table the type-ahead reads (migration 202611241820, decision 0112).
  await sql`INSERT INTO meddra_llt_words (version_id, word, code, pos, current, rank)
    SELECT l.version_id, w.word, l.code, w.pos, l.current, l.rank
    FROM (SELECT version_id, code, current, folded,
            row_number() OVER (ORDER BY length(name), name, code)::int AS rank
          FROM meddra_terms WHERE version_id = ${versionId} AND level = 'llt') l,
      regexp_split_to_table(l.folded, '\\W+') WITH ORDINALITY AS w(word, pos)
    WHERE w.word <> ''`.execute(db);
  // The prefix table (migration 202611272600, decision 0163): each word under its first 1–4 letters.
  await sql`INSERT INTO meddra_llt_prefixes (version_id, prefix, word, code, first, current, rank)
    SELECT w.version_id, left(w.word, n), w.word, w.code, w.pos = 1, w.current, w.rank
    FROM meddra_llt_words w, generate_series(1, least(4, length(w.word))) n
    WHERE w.version_id = ${versionId}`.execute(db);
  await sql`INSERT INTO meddra_words (version_id, word)
    SELECT DISTINCT version_id, word FROM meddra_llt_words WHERE version_id = ${versionId}`.execute(db);
}

/**
 * Planner statistics for the tables an import filled (migration 202611241810): without them
 * the search scans a whole release. Run after the import's transaction has committed.
 */
export async function analyzeReleases(db: Db): Promise<void> {
  await sql`SELECT meddra_analyze()`.execute(db);
}

// ─── search ─────────────────────────────────────────────────────────────────

/**
 * The words starting with the folded typed word, as a range of the C-collated index (a range
 * stays an index range in the generic plan of a prepared statement; a LIKE with a parameter
 * would not).
 */
const wordRange = (column: string, word: string) =>
  sql`${sql.ref(column)} >= fold_text(${word}) AND ${sql.ref(column)} < fold_text(${word}) || chr(1114111)`;

/**
 * LLTs where every word starts a word of the name (accents and case folded), best first:
 * current ones, the whole name equal to the query, the name starting with the first word,
 * then the release's rank (shorter names, alphabetical, code). The first typed word reads the
 * prefix table (decision 0163) under its first four letters, in that order, and stops after
 * the rows it needs; the other typed words are semi-joins on the word table (decision 0112).
 * A name with two words matching the first typed word comes twice: the first time counts.
 * The `coalesce` wrappers are for the planner: the word range estimated apart from the
 * prefix made it expect one row and rescan the other words' index for each row read; wrapped,
 * it walks the prefix index in order, the other words a hash built once, and stops early.
 */
export async function searchLltsByPrefix(
  db: Db,
  versionId: string,
  words: readonly string[],
  whole: string,
  includeNonCurrent: boolean,
  limit: number,
): Promise<number[]> {
  const [first, ...others] = words;
  if (!first) return [];
  for (let take = limit * 2 + 10; ; take *= 4) {
    const { rows } = await sql<{
      code: number;
      current: boolean;
      exact: boolean;
      first: boolean;
      rank: string;
    }>`
      (SELECT e.code, e.current, true AS exact, true AS first,
         row_number() OVER (ORDER BY length(e.name), e.name, e.code) AS rank
       FROM meddra_terms e
       WHERE e.version_id = ${versionId} AND e.level = 'llt' AND e.folded = fold_text(${whole})
         ${includeNonCurrent ? sql`` : sql`AND e.current`})
      UNION ALL
      (SELECT p.code, p.current, false, p.first, p.rank
       FROM meddra_llt_prefixes p
       WHERE p.version_id = ${versionId} AND p.prefix = left(fold_text(${first}), 4)
         AND coalesce(${wordRange('p.word', first)}, false)
         ${includeNonCurrent ? sql`` : sql`AND p.current`}
         ${sql.join(
           others.map(
             (o) => sql`AND coalesce(p.code IN (SELECT o.code FROM meddra_llt_words o
               WHERE o.version_id = ${versionId} AND ${wordRange('o.word', o)}), false)`,
           ),
           sql` `,
         )}
       ORDER BY p.current DESC, p.first DESC, p.rank
       LIMIT ${take})`.execute(db);
    const found = rows.filter((r) => !r.exact);
    const key = (r: (typeof rows)[number]) => [
      Number(!r.current),
      Number(!r.exact),
      Number(!r.first),
      Number(r.rank),
    ];
    const ordered = [...rows].sort((x, y) => {
      const a = key(x);
      const b = key(y);
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
      return 0;
    });
    const codes = [...new Set(ordered.map((r) => r.code))];
    // Enough distinct LLTs, or every matching row read.
    if (codes.length >= limit || found.length < take) return codes.slice(0, limit);
  }
}

/** The release's vocabulary: every distinct folded word of its LLT names. */
export async function vocabulary(db: Db, versionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('meddra_words')
    .select('word')
    .where('version_id', '=', versionId)
    .execute();
  return rows.map((r) => r.word);
}

/**
 * LLTs with, for each group, one of its words (the words a typed word matches with one
 * typo), best first: current ones, then the release's rank.
 */
export async function searchLltsByWords(
  db: Db,
  versionId: string,
  groups: readonly string[][],
  includeNonCurrent: boolean,
  limit: number,
): Promise<number[]> {
  const [first, ...others] = groups;
  if (!first) return [];
  const { rows } = await sql<{ code: number }>`
    SELECT w.code FROM meddra_llt_words w
    WHERE w.version_id = ${versionId} AND w.word = any(${first}::text[])
      ${includeNonCurrent ? sql`` : sql`AND w.current`}
      ${sql.join(
        others.map(
          (o) => sql`AND w.code IN (SELECT o.code FROM meddra_llt_words o
            WHERE o.version_id = ${versionId} AND o.word = any(${o}::text[]))`,
        ),
        sql` `,
      )}
    GROUP BY w.code
    ORDER BY bool_and(w.current) DESC, min(w.rank)
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.code);
}

// ─── paths ──────────────────────────────────────────────────────────────────

type PathRow = {
  llt_code: number | null;
  llt_name: string | null;
  llt_current: boolean | null;
  pt_code: number | null;
  pt_name: string | null;
  hlt_code: number | null;
  hlt_name: string | null;
  hlgt_code: number | null;
  hlgt_name: string | null;
  soc_code: number;
  soc_name: string;
  soc_abbrev: string | null;
  is_primary: boolean;
};

const toPath = (versionId: string, version: string, r: PathRow): MeddraPath => ({
  versionId,
  version,
  llt: r.llt_code === null ? null : { code: r.llt_code, name: r.llt_name!, current: r.llt_current! },
  pt: r.pt_code === null ? null : { code: r.pt_code, name: r.pt_name! },
  hlt: r.hlt_code === null ? null : { code: r.hlt_code, name: r.hlt_name! },
  hlgt: r.hlgt_code === null ? null : { code: r.hlgt_code, name: r.hlgt_name! },
  soc: { code: r.soc_code, name: r.soc_name, abbrev: r.soc_abbrev ?? '' },
  primary: r.is_primary,
});

const term = (alias: string, level: MeddraLevel, code: string) =>
  sql`JOIN meddra_terms ${sql.raw(alias)} ON ${sql.raw(alias)}.version_id = mp.version_id
      AND ${sql.raw(alias)}.level = ${level} AND ${sql.raw(alias)}.code = ${sql.raw(code)}`;

/** The paths of LLTs (their PT's primary path only, or every path), primary first. */
export async function pathsOfLlts(
  db: Db,
  version: { id: string; version: string },
  codes: readonly number[],
  primaryOnly: boolean,
): Promise<MeddraPath[]> {
  if (codes.length === 0) return [];
  const { rows } = await sql<PathRow>`
    SELECT l.code AS llt_code, l.name AS llt_name, l.current AS llt_current,
      p.code AS pt_code, p.name AS pt_name, h.code AS hlt_code, h.name AS hlt_name,
      g.code AS hlgt_code, g.name AS hlgt_name, s.code AS soc_code, s.name AS soc_name,
      s.abbrev AS soc_abbrev, mp.is_primary
    FROM meddra_terms l
    JOIN meddra_paths mp ON mp.version_id = l.version_id AND mp.pt_code = l.pt_code
    ${term('p', 'pt', 'mp.pt_code')} ${term('h', 'hlt', 'mp.hlt_code')}
    ${term('g', 'hlgt', 'mp.hlgt_code')} ${term('s', 'soc', 'mp.soc_code')}
    WHERE l.version_id = ${version.id} AND l.level = 'llt' AND l.code = any(${[...codes]}::int[])
      ${primaryOnly ? sql`AND mp.is_primary` : sql``}
    ORDER BY array_position(${[...codes]}::int[], l.code), mp.is_primary DESC, s.name, g.name, h.name`.execute(
    db,
  );
  return rows.map((r) => toPath(version.id, version.version, r));
}

/** The level a code has in a release (LLT when a PT's code is also its LLT's), or undefined. */
export async function levelsOfCode(db: Db, versionId: string, code: number): Promise<MeddraLevel[]> {
  const rows = await db
    .selectFrom('meddra_terms')
    .select('level')
    .where('version_id', '=', versionId)
    .where('code', '=', code)
    .execute();
  return rows.map((r) => r.level);
}

/** The paths above an HLT, HLGT or SOC (distinct; levels below it null). */
export async function pathsAbove(
  db: Db,
  version: { id: string; version: string },
  level: 'hlt' | 'hlgt' | 'soc',
  code: number,
): Promise<MeddraPath[]> {
  const hlt = level === 'hlt';
  const hlgt = level !== 'soc';
  const { rows } = await sql<PathRow>`
    SELECT DISTINCT NULL::int AS llt_code, NULL AS llt_name, NULL::bool AS llt_current,
      NULL::int AS pt_code, NULL AS pt_name,
      ${hlt ? sql`h.code` : sql`NULL::int`} AS hlt_code, ${hlt ? sql`h.name` : sql`NULL`} AS hlt_name,
      ${hlgt ? sql`g.code` : sql`NULL::int`} AS hlgt_code, ${hlgt ? sql`g.name` : sql`NULL`} AS hlgt_name,
      s.code AS soc_code, s.name AS soc_name, s.abbrev AS soc_abbrev, true AS is_primary
    FROM meddra_paths mp
    ${term('h', 'hlt', 'mp.hlt_code')} ${term('g', 'hlgt', 'mp.hlgt_code')} ${term('s', 'soc', 'mp.soc_code')}
    WHERE mp.version_id = ${version.id} AND ${sql.ref(`mp.${level}_code`)} = ${code}
    ORDER BY soc_name, hlgt_name`.execute(db);
  return rows.map((r) => toPath(version.id, version.version, r));
}

/** Browse: the SOCs, or the terms one level below a code. */
export async function childTerms(
  db: Db,
  versionId: string,
  parent: { level: MeddraLevel; code: number } | null,
): Promise<MeddraTerm[]> {
  const below: Record<MeddraLevel, MeddraLevel | null> = {
    soc: 'hlgt',
    hlgt: 'hlt',
    hlt: 'pt',
    pt: 'llt',
    llt: null,
  };
  const child = parent ? below[parent.level] : 'soc';
  if (!child) return [];
  let q = db
    .selectFrom('meddra_terms as t')
    .select(['t.level', 't.code', 't.name', 't.current'])
    .where('t.version_id', '=', versionId)
    .where('t.level', '=', child);
  if (parent?.level === 'pt') q = q.where('t.pt_code', '=', parent.code);
  else if (parent) {
    const column = `${child}_code` as 'hlgt_code' | 'hlt_code' | 'pt_code';
    const parentColumn = `${parent.level}_code` as 'soc_code' | 'hlgt_code' | 'hlt_code';
    q = q.where('t.code', 'in', (eb) =>
      eb
        .selectFrom('meddra_paths as mp')
        .select(`mp.${column}` as 'mp.pt_code')
        .where('mp.version_id', '=', versionId)
        .where(`mp.${parentColumn}` as 'mp.soc_code', '=', parent.code),
    );
  }
  const rows = await q.orderBy('t.name').orderBy('t.code').execute();
  return rows.map((r) => ({ level: r.level, code: r.code, name: r.name, current: r.current }));
}

/**
 * The PT names of coded terms (`version`, LLT or PT `code`), in order, null where no ready
 * release knows the code: the release the term names, else the newest ready one
 * (`meddra_pt_name`, migration 202612020100, which the backfill of stored cases shares).
 */
export async function ptNames(
  db: Db,
  terms: readonly { version: string; code: string }[],
): Promise<(string | null)[]> {
  if (terms.length === 0) return [];
  const { rows } = await sql<{ name: string | null }>`
    SELECT meddra_pt_name(t.version, t.code) AS name
      FROM unnest(${terms.map((t) => t.version)}::text[], ${terms.map((t) => t.code)}::text[])
        WITH ORDINALITY AS t(version, code, n)
     ORDER BY t.n`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * The LLT and PT names of coded terms (`version`, LLT or PT `code`), in order, null where no
 * ready release knows the code: from the release the term names, else the newest ready one
 * (as `meddra_pt_name` chooses), with the version the names come from.
 */
export async function termNames(
  db: Db,
  terms: readonly { version: string; code: string }[],
): Promise<({ llt: string | null; pt: string | null; version: string } | null)[]> {
  if (terms.length === 0) return [];
  const { rows } = await sql<{ llt: string | null; pt: string | null; version: string | null }>`
    SELECT m.llt, m.pt, rel.version
      FROM unnest(${terms.map((t) => t.version)}::text[], ${terms.map((t) => t.code)}::text[])
        WITH ORDINALITY AS t(version, code, n)
      LEFT JOIN LATERAL (
        SELECT v.id, v.version FROM meddra_versions v WHERE v.status = 'ready'
         ORDER BY v.version = t.version DESC, v.finished_at DESC NULLS LAST, v.id LIMIT 1) rel ON true
      LEFT JOIN LATERAL (
        SELECT CASE WHEN x.level = 'llt' THEN x.name END AS llt, p.name AS pt
          FROM meddra_terms x
          JOIN meddra_terms p ON p.version_id = rel.id AND p.level = 'pt' AND p.code = coalesce(x.pt_code, x.code)
         WHERE x.version_id = rel.id AND x.level IN ('llt', 'pt')
           AND t.code ~ '^[0-9]{1,9}$' AND x.code = t.code::integer
         ORDER BY x.level = 'llt' DESC LIMIT 1) m ON true
     ORDER BY t.n`.execute(db);
  return rows.map((r) =>
    r.version && (r.llt || r.pt) ? { llt: r.llt, pt: r.pt, version: r.version } : null,
  );
}
