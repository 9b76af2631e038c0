import type { DownloadUrl } from '@vigilo/contract';
import yazl from 'yazl';
import { type Actor, requireAccess } from '../../platform/access.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { rowTarget, scopeFor, systemScope } from '../../platform/scope.ts';
import type { UrlSigner } from '../../platform/signed-urls.ts';
import { filePolicy } from './files.policy.ts';
import { findFiles } from './files.repository.ts';
import type { FilesContext } from './files.service.ts';

/** Where bulk downloads are served (outside /v1: the signed link is the permission, as for storage URLs). */
export const ZIP_PATH = '/downloads/files.zip';

/**
 * POST /v1/files/bulk-download-url: a short-lived signed link to a zip of the files. Every id
 * must be a file the caller may download (one that is not: 404, no link); the ids are
 * signed into the link, so it cannot be widened to other files. Files adding up to more than
 * `maxBytes` (STORAGE_ZIP_MAX_BYTES) are refused with 413 ZIP_TOO_LARGE (decision 0091).
 */
export async function bulkDownloadUrl(
  ctx: FilesContext,
  signer: UrlSigner,
  actor: Actor,
  ids: readonly string[],
  maxBytes: number,
): Promise<DownloadUrl> {
  const rows = await findFiles(ctx.db, scopeFor(actor), ids);
  const stored = rows.filter((row) => row.status === 'stored');
  if (stored.length !== ids.length) throw notFound('File');
  for (const row of stored) requireAccess(actor, filePolicy.download, rowTarget(row), 'File');
  // Sizes are known once stored and never change: the cap is checked here, before any link.
  const total = stored.reduce((sum, row) => sum + Number(row.size ?? 0), 0);
  if (total > maxBytes)
    throw new AppError(
      'ZIP_TOO_LARGE',
      `These files add up to ${total} bytes; a zip holds at most ${maxBytes}: choose fewer files`,
      {
        fields: [
          {
            field: 'body/ids',
            message: `add up to more than ${maxBytes} bytes`,
            reason: 'tooLarge',
            limit: maxBytes,
          },
        ],
      },
    );
  const ttl = ctx.storage.urlTtls.download;
  return {
    url: `${ctx.origin}${signer.sign(ZIP_PATH, { ids: ids.join(',') }, ttl)}`,
    expiresAt: new Date(Date.now() + ttl * 1000).toISOString(),
  };
}

/** Names unique inside the archive: a second `scan.pdf` becomes `scan (2).pdf`. */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name.toLowerCase()) ?? 0) + 1;
    seen.set(name.toLowerCase(), count);
    if (count === 1) return name;
    const dot = name.lastIndexOf('.');
    return dot > 0 ? `${name.slice(0, dot)} (${count}).${name.slice(dot + 1)}` : `${name} (${count})`;
  });
}

/** The zip a verified link names: each file read from storage only when the archive reaches it. */
export async function zipOf(ctx: FilesContext, ids: readonly string[]) {
  // The signature proved the caller's right when the link was made; files deleted since are left out.
  const rows = (await findFiles(ctx.db, systemScope, ids)).filter((row) => row.status === 'stored');
  if (rows.length === 0) throw notFound('File');
  const zip = new yazl.ZipFile();
  const names = uniqueNames(rows.map((row) => row.name));
  rows.forEach((row, i) => {
    zip.addReadStreamLazy(names[i]!, (done) => {
      ctx.storage.read(row.storage_key).then(
        (stream) => done(null, stream),
        (error: unknown) => done(error, undefined as never),
      );
    });
  });
  zip.end();
  return zip.outputStream;
}
