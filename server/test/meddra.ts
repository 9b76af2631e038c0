import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yazl from 'yazl';
import { runMeddraImport } from '../src/modules/meddra/meddra.service.ts';
import type { TestApp } from './app.ts';
import { http } from './http.ts';

/** The hand-written synthetic release (test/fixtures/meddra-synthetic): invented terms, official format. */
export const SYNTHETIC_DIR = join(import.meta.dirname, 'fixtures', 'meddra-synthetic');

const letters = () => Array.from({ length: 10 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/**
 * The synthetic release's files, with a language of its own (tests share one database and a
 * release is unique by version and language), and any file replaced by `changes`.
 */
export function syntheticRelease(changes: Record<string, string> = {}, language = `Synthetic ${letters()}`) {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(SYNTHETIC_DIR).filter((f) => f.endsWith('.asc')))
    files.set(name, readFileSync(join(SYNTHETIC_DIR, name)));
  files.set('meddra_release.asc', Buffer.from(`90.0$${language}$$\n`, 'latin1'));
  for (const [name, text] of Object.entries(changes)) files.set(name, Buffer.from(text, 'latin1'));
  return { files, language };
}

/** The files as multipart parts, one per file. */
export function releaseForm(files: Map<string, Buffer>): FormData {
  const form = new FormData();
  for (const [name, bytes] of files) form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return form;
}

/** The files in a zip under MedAscii/, as the distribution has them, as one multipart part. */
export async function releaseZipForm(files: Map<string, Buffer>): Promise<FormData> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('read me'), 'readme.txt');
  for (const [name, bytes] of files) zip.addBuffer(bytes, `MedAscii/${name}`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.concat(chunks))], { type: 'application/zip' }),
    'MedDRA_90_0.zip',
  );
  return form;
}

/** Uploads the synthetic release as `token` (a system administrator) and runs its import job here. */
export async function importedRelease(
  app: TestApp,
  token: string,
): Promise<{ id: string; language: string }> {
  const { files, language } = syntheticRelease();
  const res = await http<{ id: string }>(app.url, 'POST', '/v1/meddras/versions', {
    token,
    form: releaseForm(files),
  });
  if (res.status !== 202) throw new Error(`upload release: ${res.status} ${JSON.stringify(res.body)}`);
  await runMeddraImport(app.db, { versionId: res.body.id, requestId: 'test', actorUserId: null });
  return { id: res.body.id, language };
}
