import type { UploadLink } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';
import { redactUrl } from '../src/platform/log-redaction.ts';
import { adrCase, cachedSessions, createTenant, http, useTestApp } from './index.ts';

/**
 * Issue 28 item 7: the request log keeps which route was called, never the secret a URL
 * carries (a signed link's `sig`, an assignment link's token, an SSO callback's code and state).
 */

const lines: string[] = [];
const app = useTestApp({ LOG_LEVEL: 'info' }, undefined, {
  write: (line: string) => void lines.push(line),
});
const sessionFor = cachedSessions(() => app);

/** The `req.url` of every "incoming request" line whose path starts with `path`. */
const loggedUrls = (path: string) =>
  lines
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
    .filter((entry) => entry.msg === 'incoming request' && entry.req?.url?.startsWith(path))
    .map((entry) => entry.req!.url!);

describe('the request log', () => {
  it('keeps no secret of a signed file link, an assignment link or the SSO callback', async () => {
    const tenant = await createTenant(app.db);
    const reporter = (await sessionFor(tenant, 'reporter')).token;
    const staff = (await sessionFor(tenant, 'organisation_staff')).token;

    const link = await http<UploadLink>(app.url, 'POST', '/v1/files/upload-link', {
      token: reporter,
      body: { folderName: 'uploads', type: 'photo', fileName: 'a.png', contentType: 'image/png' },
    });
    expect(link.status).toBe(200);
    const signed = new URL(link.body.url);
    const sig = signed.searchParams.get('sig')!;
    expect(sig.length).toBeGreaterThan(20);
    await fetch(signed, { method: 'GET' });

    const report = await http<{ id: string }>(app.url, 'POST', '/v1/report', {
      token: reporter,
      body: { report: adrCase(), organisationId: tenant.organisationIds[0] },
    });
    const made = await http<{ token: string }>(
      app.url,
      'POST',
      `/v1/report/${report.body.id}/assignment-token`,
      {
        token: staff,
      },
    );
    expect(made.status).toBe(201);
    const assignment = made.body.token;
    await http(app.url, 'GET', `/v1/report/${report.body.id}/verify/${assignment}`, { token: staff });
    await http(app.url, 'PUT', `/v1/report/${report.body.id}/assign/${assignment}`, { token: staff });

    const code = 'provider-code-5f0c2a9e81d4';
    const state = 'sso-state-7c1b9e3d20aa';
    await fetch(`${app.url}/v1/sso/callback?code=${code}&state=${state}&session_state=kept`, {
      redirect: 'manual',
    });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const text = lines.join('\n');
    for (const secret of [sig, assignment, code, state]) expect(text).not.toContain(secret);

    // The lines still say what was called.
    const [storage] = loggedUrls(signed.pathname);
    expect(storage).toBe(`${signed.pathname}${signed.search.replace(`sig=${sig}`, 'sig=[redacted]')}`);
    expect(storage).toMatch(/&sig=\[redacted\]$|\?sig=\[redacted\]&/);
    expect(loggedUrls(`/v1/report/${report.body.id}/`)).toEqual([
      `/v1/report/${report.body.id}/assignment-token`,
      `/v1/report/${report.body.id}/verify/[redacted]`,
      `/v1/report/${report.body.id}/assign/[redacted]`,
    ]);
    expect(loggedUrls('/v1/sso/callback')).toEqual([
      '/v1/sso/callback?code=[redacted]&state=[redacted]&session_state=kept',
    ]);
  });

  it('redacts the secret query values however they are written, and nothing else', () => {
    expect(redactUrl('/verify-email?token=abc&lang=fr')).toBe('/verify-email?token=[redacted]&lang=fr');
    expect(redactUrl('/x?SIG=abc&%73ig=def&sig')).toBe('/x?SIG=[redacted]&%73ig=[redacted]&sig=[redacted]');
    expect(redactUrl('/v1/report/42/assign/tok?x=1')).toBe('/v1/report/42/assign/[redacted]?x=1');
    expect(redactUrl('/v1/report/42/assignment-token')).toBe('/v1/report/42/assignment-token');
    expect(redactUrl('/v1/reports?page=2&code=E12')).toBe('/v1/reports?page=2&code=[redacted]');
    expect(redactUrl('/plain')).toBe('/plain');
  });
});
