import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PASSWORD } from './journey.ts';
import { apiToken } from './submissions.ts';

const SYNTHETIC = join(import.meta.dirname, '..', 'server', 'test', 'fixtures', 'meddra-synthetic');

/**
 * The synthetic MedDRA release (server/test/fixtures/meddra-synthetic, invented terms) uploaded by
 * the demo's system administrator and imported by the server's worker, as an operator would.
 */
export async function installSyntheticRelease(baseUrl: string): Promise<void> {
  const token = await apiToken(baseUrl, 'sysadmin@demo.vigilo.test', DEMO_PASSWORD);
  const form = new FormData();
  for (const name of readdirSync(SYNTHETIC).filter((f) => f.endsWith('.asc')))
    form.append('file', new Blob([readFileSync(join(SYNTHETIC, name))]), name);
  const upload = await fetch(`${baseUrl}/v1/meddras/versions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  // 409: an earlier journey of this run installed it already.
  if (![202, 409].includes(upload.status)) throw new Error(`MedDRA upload answered ${upload.status}`);
  for (let i = 0; i < 600; i++) {
    const versions = (await (
      await fetch(`${baseUrl}/v1/meddras/versions`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { version: string; status: string }[];
    if (versions.some((v) => v.version === '90.0' && v.status === 'ready')) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the synthetic MedDRA release was not imported within 60 s');
}
