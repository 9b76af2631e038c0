import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/**
 * Where the application's own clock is allowed, and why. Everything stored or compared with
 * stored times takes the database's clock (`dbNow()`, decision 0049): servers' clocks drift,
 * the database's is one. Written by hand: adding a place is a decision.
 */
const allowed: Record<string, string> = {
  'backup-cli.ts': "a backup folder's default name carries the time it was asked for",
  'modules/users/users.routes.ts': "the export file's name carries the day",
  'modules/mfa/mfa.service.ts': 'verifiedAt in the answer only, nothing stored',
  'platform/secrets.ts': "a new key's id carries the day it was made",
  'modules/files/exports.service.ts': "the export file's name carries the day",
  'modules/drugs/drugs.service.ts':
    "file names carry the day, and so does an unlabelled product list's version: a day, not a time",
  'modules/e2b/e2b.headers.ts':
    'the transmission time of an E2B message being written (N.1.5, N.2.r.4), never stored',
  'modules/e2b/e2b.service.ts':
    "the date of creation (C.1.2) of a message being written for export, validation or CIOMS: in the file, never stored (a distributed message takes it from the submission's stored time)",
  'modules/submissions/submissions.as2.ts':
    "the AS2 request's HTTP Date header: a time on the wire, never stored",
  'modules/submissions/submissions.smime.ts':
    "the CMS signingTime of an AS2 message: the sender's claim on the wire (RFC 5652), never stored or compared",
};

function files(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? files(join(folder, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
        ? [join(folder, entry.name)]
        : [],
  );
}

describe('one clock', () => {
  it('takes the time from the database wherever it is stored or compared', () => {
    const found = files(src)
      .filter((file) => /new Date\(\)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(found.sort()).toEqual(Object.keys(allowed).sort());
  });

  it('lets no source but its migration name the test clock `vigilo.now` (decision 0318)', () => {
    // Only a session that sets `vigilo.now` moves `vigilo_now()`: the application never does,
    // so no request can move a deadline. Tests set it from test/pinned-clock.ts.
    const found = files(src)
      .filter((file) => /vigilo\.now/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(found).toEqual(['db/migrations/202612041500_organisation_time_zone.ts']);
  });

  it('reads "today" from vigilo_now(), never from now() straight, in the queries that count days', () => {
    const found = files(src)
      .filter((file) => /(^|[^_\w])now\(\) at time zone/i.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(found).toEqual([]);
  });
});
