import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Report } from '@vigilo/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { adrCase, createTenant, http, signedIn, type TestTenant, useTestApp } from '../../../test/index.ts';
import { importedRelease } from '../../../test/meddra.ts';

/**
 * GET /v1/report/{id}/cioms names the reactions by their MedDRA terms, looked up in the
 * case's release (decision 0233). The names are the synthetic release's
 * (test/fixtures/meddra-synthetic, version 90.0), read from its files by hand.
 */
let home: TestTenant;

const app = useTestApp();

beforeAll(async () => {
  home = await createTenant(app.db);
  const sysadmin = await signedIn(app, home, 'system_admin');
  await importedRelease(app, sysadmin.token);
});

const dir = mkdtempSync(join(tmpdir(), 'cioms-'));
async function formText(token: string, id: string): Promise<string> {
  const res = await fetch(`${app.url}/v1/report/${id}/cioms`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const file = join(dir, `${id}.pdf`);
  writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  // Lines a box wrapped read as one, for the sentences below.
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\n/g, ' ');
}

describe('GET /v1/report/{id}/cioms', () => {
  it('writes each reaction as its LLT and PT names and its outcome in words', async () => {
    const { token } = await signedIn(app, home, 'organisation_staff');
    const report = adrCase();
    const reactions = report.E.reactions as Record<string, unknown>[];
    reactions[0]!.term = { version: '90.0', code: '90400003' };
    reactions.push({
      id: crypto.randomUUID(),
      nativeTerm: 'Κεφαλαλγία',
      term: { version: '90.0', code: '90300001' },
      outcome: '3',
    });
    const sent = await http<Report>(app.url, 'POST', '/v1/report', { token, body: { report } });
    expect(sent.status).toBe(201);
    const text = await formText(token, sent.body.id);
    expect(text).toContain('LLT: Itchy red skin patch; PT: Pruritic érythema (MedDRA 90.0)');
    expect(text).toContain('outcome: recovered/resolved');
    expect(text).toContain(
      'Κεφαλαλγία, PT: Cephalalgia tensive (MedDRA 90.0), outcome: not recovered/not resolved/ongoing',
    );
    expect(text).not.toContain('90400003');
  });

  it('shows the code where no release knows it', async () => {
    const { token } = await signedIn(app, home, 'organisation_staff');
    const report = adrCase();
    (report.E.reactions as Record<string, unknown>[])[0]!.term = { version: '90.0', code: '99999999' };
    const sent = await http<Report>(app.url, 'POST', '/v1/report', { token, body: { report } });
    expect(await formText(token, sent.body.id)).toContain('MedDRA 90.0 code 99999999');
  });
});
