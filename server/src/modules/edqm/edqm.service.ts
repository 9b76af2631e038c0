import type { EdqmImportResult, EdqmLookupQuery, EdqmSearchQuery, EdqmTerm } from '@vigilo/contract';
import { type Actor, requireAccess, type Target } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import { type Db, withTransaction } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { type LineError, parseExport } from './edqm.parse.ts';
import { edqmPolicy } from './edqm.policy.ts';
import { searchTerms, termsByCode, toTerm, upsertTerms } from './edqm.repository.ts';

/**
 * Installation-wide data (decision 0145): the access check is made against the caller's own
 * organisation(s), so every member passes the read rule and only a system administrator the
 * import rule.
 */
const ownTarget = (actor: Actor): Target => ({
  platformId: actor.platformId,
  organisationIds: actor.organisationId
    ? [actor.organisationId]
    : actor.memberships.flatMap((m) => (m.organisationId ? [m.organisationId] : [])),
});

/** GET /v1/edqm: the type-ahead (with `query`) or the list (without), `limit` at a time. */
export async function findTerms(db: Db, actor: Actor, query: EdqmSearchQuery): Promise<EdqmTerm[]> {
  requireAccess(actor, edqmPolicy.read, ownTarget(actor), 'EDQM');
  const rows = await searchTerms(
    db,
    { query: query.query, class: query.class, includeDeprecated: query.includeDeprecated ?? true },
    query.limit ?? 50,
    query.offset ?? 0,
  );
  return rows.map(toTerm);
}

/** GET /v1/edqm/lookup: the terms of the codes asked, in their order; unknown codes are left out. */
export async function lookupTerms(db: Db, actor: Actor, query: EdqmLookupQuery): Promise<EdqmTerm[]> {
  requireAccess(actor, edqmPolicy.read, ownTarget(actor), 'EDQM');
  const codes = [
    ...new Set(
      query.code
        .split(',')
        .map((c) => c.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (codes.length > 100)
    throw new AppError('VALIDATION_FAILED', 'Ask for at most 100 codes at once', {
      fields: [
        { field: 'querystring/code', message: 'names more than 100 codes', reason: 'tooMany', limit: 100 },
      ],
    });
  const byCode = new Map((await termsByCode(db, codes)).map((r) => [r.code, toTerm(r)]));
  return codes.flatMap((c) => byCode.get(c) ?? []);
}

const lineErrors = (errors: LineError[], format: string) =>
  new AppError(
    'VALIDATION_FAILED',
    `The ${format === 'json' ? 'JSON' : 'CSV'} export has ${errors.length === 50 ? 'at least 50' : errors.length} error(s); nothing was imported. First: ${errors[0]!.line ? `line ${errors[0]!.line}: ` : ''}${errors[0]!.message}`,
    {
      fields: errors.map((e) => ({
        field: 'body/file',
        message: e.line ? `line ${e.line}: ${e.message}` : e.message,
        reason: 'invalid',
      })),
      lines: errors,
    },
  );

/**
 * POST /v1/edqm/import: an EDQM export checked whole (line-numbered errors, nothing kept when
 * any), then written in one transaction: new codes added, known ones updated (status
 * included, so a term EDQM deprecated shows as deprecated), codes the file does not name
 * kept as they are.
 */
export async function importTerms(
  db: Db,
  actor: Actor,
  text: string,
  requestId: string,
): Promise<EdqmImportResult> {
  requireAccess(actor, edqmPolicy.import, ownTarget(actor), 'EDQM');
  const parsed = parseExport(text);
  if (parsed.errors.length > 0) throw lineErrors(parsed.errors, parsed.format);
  if (parsed.terms.length === 0)
    throw new AppError('VALIDATION_FAILED', 'The export holds no dose form (PDF) or route (ROA) term', {
      fields: [{ field: 'body/file', message: 'holds no PDF or ROA term', reason: 'required' }],
    });
  const counts = {
    PDF: parsed.terms.filter((t) => t.class === 'PDF').length,
    ROA: parsed.terms.filter((t) => t.class === 'ROA').length,
  };
  return withTransaction(db, async (tx) => {
    const written = await upsertTerms(tx, parsed.terms);
    const result: EdqmImportResult = { format: parsed.format, skipped: parsed.skipped, ...written, counts };
    await audit(tx, {
      action: 'edqm.imported',
      entityType: 'edqm',
      entityId: null,
      actorUserId: actor.userId,
      after: result,
      requestId,
    });
    return result;
  });
}
