import type {
  MeddraBrowseQuery,
  MeddraLookupQuery,
  MeddraPath,
  MeddraSearchQuery,
  MeddraTerm,
  MeddraVersion,
} from '@vigilo/contract';
import { type Actor, requireAccess, type Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, setLocalStatementTimeout, withTransaction } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { decodeAsc, type LineError, parseRelease } from './meddra.parse.ts';
import { meddraPolicy } from './meddra.policy.ts';
import {
  analyzeReleases,
  childTerms,
  defaultVersion,
  findVersion,
  insertImportFiles,
  insertRelease,
  insertVersion,
  levelsOfCode,
  listVersions,
  pathsAbove,
  pathsOfLlts,
  ptNames,
  readImportFiles,
  searchLltsByPrefix,
  searchLltsByWords,
  setVersionState,
  termNames,
  toVersion,
  vocabulary,
} from './meddra.repository.ts';

export const MEDDRA_IMPORT_JOB = 'meddra.import';
export interface MeddraImportJob {
  versionId: string;
  requestId: string;
  actorUserId: string | null;
}

/**
 * Installation-wide data (decision 0111): the access check is made against the caller's own
 * organisation(s), so every member passes a read rule and only a system administrator the
 * import rule.
 */
const ownTarget = (actor: Actor): Target => ({
  platformId: actor.platformId,
  organisationIds: actor.organisationId
    ? [actor.organisationId]
    : actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])),
});

const decodeAll = (files: ReadonlyMap<string, Buffer>) =>
  new Map([...files].map(([name, bytes]) => [name, decodeAsc(bytes)]));

const lineErrors = (errors: LineError[]) =>
  new AppError(
    'VALIDATION_FAILED',
    `The release has ${errors.length === 50 ? 'at least 50' : errors.length} error(s); nothing was imported. First: ${errors[0]!.file}${errors[0]!.line ? ` line ${errors[0]!.line}` : ''}: ${errors[0]!.message}`,
    {
      fields: errors.map((e) => ({
        field: `body/${e.file}`,
        message: e.line ? `line ${e.line}: ${e.message}` : e.message,
        reason: 'invalid',
      })),
      lines: errors,
    },
  );

/**
 * POST /v1/meddras/versions: checks the whole release (line-numbered errors, nothing kept
 * when any), records the version as queued with its files, and enqueues the import job in
 * the same transaction. Answers the version; GET /v1/meddras/versions follows its progress.
 */
export async function uploadRelease(
  db: Db,
  jobs: Jobs,
  actor: Actor,
  files: Map<string, Buffer>,
  requestId: string,
): Promise<MeddraVersion> {
  requireAccess(actor, meddraPolicy.import, ownTarget(actor), 'MedDRA');
  const { release, errors } = parseRelease(decodeAll(files));
  if (!release) throw lineErrors(errors);
  return withTransaction(db, async (tx) => {
    const { id } = await insertVersion(tx, {
      version: release.version,
      language: release.language,
      createdBy: actor.userId,
    });
    await insertImportFiles(tx, id, files);
    await jobs.send<MeddraImportJob>(
      MEDDRA_IMPORT_JOB,
      { versionId: id, requestId, actorUserId: actor.userId },
      { db: tx },
    );
    const created = toVersion((await findVersion(tx, id))!, null);
    await audit(tx, {
      action: 'meddra_version.uploaded',
      entityType: 'meddra_version',
      entityId: id,
      actorUserId: actor.userId,
      after: { version: release.version, language: release.language, status: 'queued' },
      requestId,
    });
    return created;
  });
}

/**
 * The statement limit of an import's own transactions (issue 29): a release's word and prefix
 * tables are filled by statements that took minutes on a loaded machine, where the request
 * limit (DB_STATEMENT_TIMEOUT, 30 s) ended the first attempt. An hour still ends a stuck one.
 */
export const IMPORT_STATEMENT_TIMEOUT_MS = 60 * 60 * 1000;

/** `work` in a transaction with the import's own statement limit, not a request's. */
const importTransaction = <T>(db: Db, work: (tx: Db) => Promise<T>) =>
  withTransaction(db, async (tx) => {
    await setLocalStatementTimeout(tx, IMPORT_STATEMENT_TIMEOUT_MS);
    return work(tx);
  });

/**
 * The import job: the staged files parsed again and written in one transaction (a failed
 * import leaves no term behind); progress is written beside it, outside the transaction,
 * so the versions list shows it while the job runs. Its reads and writes of the release run
 * under the import's own statement limit (importTransaction).
 */
export async function runMeddraImport(db: Db, job: MeddraImportJob): Promise<void> {
  const version = await findVersion(db, job.versionId);
  if (!version || version.status === 'ready') return;
  const staged = await importTransaction(db, (tx) => readImportFiles(tx, job.versionId));
  const { release, errors } = parseRelease(decodeAll(staged));
  if (!release) {
    await setVersionState(db, job.versionId, { status: 'failed', progress: 0, errors, finished: true });
    return;
  }
  await setVersionState(db, job.versionId, { status: 'importing', progress: 1 });
  let reported = 1;
  try {
    await importTransaction(db, async (tx) => {
      await insertRelease(tx, job.versionId, release, async (done, total) => {
        const progress = Math.min(99, Math.floor((done / total) * 100));
        if (progress >= reported + 5) {
          reported = progress;
          await setVersionState(db, job.versionId, { status: 'importing', progress });
        }
      });
      const counts = {
        soc: release.socs.length,
        hlgt: release.hlgts.length,
        hlt: release.hlts.length,
        pt: release.pts.length,
        llt: release.llts.length,
        nonCurrentLlt: release.llts.filter((l) => !l.current).length,
        paths: release.paths.length,
      };
      await setVersionState(tx, job.versionId, { status: 'ready', progress: 100, counts, finished: true });
      await audit(tx, {
        action: 'meddra_version.imported',
        entityType: 'meddra_version',
        entityId: job.versionId,
        actorUserId: job.actorUserId,
        after: { status: 'ready', counts },
        requestId: job.requestId,
      });
    });
  } catch (error) {
    await setVersionState(db, job.versionId, {
      status: 'failed',
      progress: 0,
      errors: [
        { file: '', line: 0, message: `The import stopped: ${(error as Error).message.slice(0, 200)}` },
      ],
    });
    throw error;
  }
  // Statistics for the rows just committed, so the search plans for their real number.
  await importTransaction(db, (tx) => analyzeReleases(tx));
}

export async function versions(db: Db, actor: Actor): Promise<MeddraVersion[]> {
  requireAccess(actor, meddraPolicy.read, ownTarget(actor), 'MedDRA');
  const [rows, def] = await Promise.all([listVersions(db), defaultVersion(db)]);
  return rows.map((r) => toVersion(r, def?.id ?? null));
}

/** The release asked for (ready), or the default; 404 when there is none. */
async function releaseFor(db: Db, versionId: string | undefined) {
  const found = versionId ? await findVersion(db, versionId) : await defaultVersion(db);
  if (found?.status !== 'ready') throw notFound('MedDRA version');
  return found;
}

/** Lowercase without accents, as fold_text() does for the common cases (for the typo check). */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Optimal string alignment distance (an edit or a swap of neighbours counts 1), stopping past 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]! <= 1;
}

/** A typed word matches a word of a name when it starts it, give or take one typo. */
const typoPrefix = (typed: string, nameWords: string[]) =>
  nameWords.some(
    (w) =>
      w.startsWith(typed) ||
      (typed.length >= 4 && [-1, 0, 1].some((k) => withinOneEdit(typed, w.slice(0, typed.length + k)))),
  );

/**
 * The words of a vocabulary a typed word starts, give or take one typo. One edit leaves
 * either the first half of the typed word or what follows its middle letter untouched, so
 * a word that neither starts with the one nor contains the other is skipped unchecked.
 */
function nearWords(typed: string, known: readonly string[]): string[] {
  const half = Math.floor(typed.length / 2);
  const head = typed.slice(0, half);
  const tail = typed.slice(half + 1);
  return known.filter((w) => (w.startsWith(head) || w.includes(tail)) && typoPrefix(typed, [w]));
}

/** Vocabularies of ready releases (they never change), read once per process. */
const vocabularies = new Map<string, Promise<string[]>>();
function vocabularyOf(db: Db, versionId: string): Promise<string[]> {
  const cached = vocabularies.get(versionId);
  if (cached) return cached;
  const known = vocabulary(db, versionId);
  known.catch(() => vocabularies.delete(versionId));
  vocabularies.set(versionId, known);
  return known;
}

const wordsOf = (text: string) => text.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0);

/**
 * GET /v1/meddras/search: an 8-digit code answers its paths at any level; words find LLTs
 * whose words they start (any order, accents and case ignored), current ones first, then
 * (when none is found) LLTs matching with one typo. Each hit with its PT's
 * primary path up to the SOC.
 */
export async function search(db: Db, actor: Actor, query: MeddraSearchQuery): Promise<MeddraPath[]> {
  requireAccess(actor, meddraPolicy.read, ownTarget(actor), 'MedDRA');
  const release = await releaseFor(db, query.versionId);
  const limit = query.limit ?? 20;
  const includeNonCurrent = query.includeNonCurrent ?? true;
  const text = query.query.trim();
  if (/^\d{8}$/.test(text)) return (await lookupPaths(db, release, Number(text))).slice(0, limit);
  const words = wordsOf(text).slice(0, 8);
  if (words.length === 0) return [];
  // No transaction: a ready release never changes, and BEGIN/COMMIT were two of the
  // type-ahead's five round trips (decision 0163).
  const codes = await searchLltsByPrefix(db, release.id, words, words.join(' '), includeNonCurrent, limit);
  // The typo pass only when nothing starts with the words: each typed word's candidates
  // are the words of the release's vocabulary within one edit of it (decision 0112).
  if (codes.length === 0 && words.every((w) => w.length >= 4)) {
    const known = await vocabularyOf(db, release.id);
    const groups: string[][] = [];
    for (const word of words) {
      const near = nearWords(fold(word), known);
      if (near.length === 0) return [];
      groups.push(near);
    }
    codes.push(...(await searchLltsByWords(db, release.id, groups, includeNonCurrent, limit)));
  }
  return pathsOfLlts(db, release, codes, true);
}

async function lookupPaths(db: Db, release: { id: string; version: string }, code: number) {
  const levels = await levelsOfCode(db, release.id, code);
  if (levels.includes('llt')) return pathsOfLlts(db, release, [code], false);
  for (const level of ['hlt', 'hlgt', 'soc'] as const)
    if (levels.includes(level)) return pathsAbove(db, release, level, code);
  return [];
}

/** GET /v1/meddras/lookup: the paths of one code at any level (a PT's through its own LLT), primary first. */
export async function lookup(db: Db, actor: Actor, query: MeddraLookupQuery): Promise<MeddraPath[]> {
  requireAccess(actor, meddraPolicy.read, ownTarget(actor), 'MedDRA');
  const release = await releaseFor(db, query.versionId);
  const paths = await lookupPaths(db, release, query.code);
  if (paths.length === 0) throw notFound('MedDRA code');
  return paths;
}

/** GET /v1/meddras: browse, from the SOCs down (SOC → HLGT → HLT → PT → LLT). */
export async function browse(db: Db, actor: Actor, query: MeddraBrowseQuery): Promise<MeddraTerm[]> {
  requireAccess(actor, meddraPolicy.read, ownTarget(actor), 'MedDRA');
  const release = await releaseFor(db, query.versionId);
  if (query.parentCode === undefined) return childTerms(db, release.id, null);
  const levels = await levelsOfCode(db, release.id, query.parentCode);
  const level = query.level ?? (['soc', 'hlgt', 'hlt', 'pt'] as const).find((l) => levels.includes(l));
  if (!level || !levels.includes(level)) throw notFound('MedDRA code');
  return childTerms(db, release.id, { level, code: query.parentCode });
}

/**
 * The PT name of each coded term, for other areas writing what they show of a case (the
 * worklist's reaction column, decision 0285): null where no ready release knows the code.
 * No access check: the caller writes a case it already checked, and the names are public
 * reference data to every caseworker.
 */
export async function preferredTermNames(
  db: Db,
  terms: readonly { version: string; code: string }[],
): Promise<(string | null)[]> {
  return ptNames(db, terms);
}

/**
 * The LLT and PT names of each coded term, for forms that print a case (CIOMS I, decision
 * 0233): null where no ready release knows the code. No access check, as `preferredTermNames`.
 */
export async function meddraTermNames(
  db: Db,
  terms: readonly { version: string; code: string }[],
): Promise<({ llt: string | null; pt: string | null; version: string } | null)[]> {
  return termNames(db, terms);
}
