import { describe, expect, it } from 'vitest';
import { createTenant, http, type TestTenant, useTestApp } from './index.ts';
import { signedIn } from './sessions.ts';

/**
 * Optimistic concurrency (issue #7 item 6, decision 0049): every editable resource answers
 * its version and an ETag; a PUT with a stale If-Match is refused with 412 and changes
 * nothing; the refusal shows the resource as it is now.
 */

const app = useTestApp();

type Versioned = { id: string; version: number; name?: string; application?: string };

interface Resource {
  name: string;
  /** Creates one (in a tenant of its own) and answers the token of who may edit it and its path. */
  make(): Promise<{ token: string; path: string; tenant: TestTenant }>;
  /** A change that renames it to `label`, and how to read the name back. */
  rename(label: string): Record<string, unknown>;
  label(body: Versioned): string | undefined;
}

const resources: Resource[] = [
  {
    name: 'organisation',
    async make() {
      const tenant = await createTenant(app.db);
      const { token } = await signedIn(app, tenant, 'organisation_admin');
      return { token, tenant, path: `/v1/organisation/${tenant.organisationIds[0]}` };
    },
    rename: (label) => ({ name: label }),
    label: (body) => body.name,
  },
  {
    name: 'platform',
    async make() {
      const tenant = await createTenant(app.db);
      const { token } = await signedIn(app, tenant, 'platform_admin');
      return { token, tenant, path: `/v1/platforms/${tenant.platformId}` };
    },
    rename: (label) => ({ name: label }),
    label: (body) => body.name,
  },
  {
    name: 'user group',
    async make() {
      const tenant = await createTenant(app.db);
      const { token } = await signedIn(app, tenant, 'organisation_admin');
      const made = await http<Versioned>(app.url, 'POST', '/v1/user-groups', {
        token,
        body: { name: 'Vaccines' },
      });
      return { token, tenant, path: `/v1/user-groups/${made.body.id}` };
    },
    rename: (label) => ({ name: label }),
    label: (body) => body.name,
  },
  {
    name: 'application',
    async make() {
      const tenant = await createTenant(app.db);
      const { token } = await signedIn(app, tenant, 'organisation_admin');
      const made = await http<Versioned>(app.url, 'POST', '/v1/applications', {
        token,
        body: { application: 'Pharmacy system' },
      });
      expect(made.body.version).toBe(1);
      expect(made.headers.get('etag')).toBe('"1"');
      return { token, tenant, path: `/v1/applications/${made.body.id}` };
    },
    rename: (label) => ({ application: label }),
    label: (body) => body.application,
  },
];

const put = (token: string, path: string, body: unknown, ifMatch?: string) =>
  http<Versioned & { code?: string; meta?: { currentVersion?: number; current?: Versioned } }>(
    app.url,
    'PUT',
    path,
    { token, body, headers: ifMatch === undefined ? {} : { 'if-match': ifMatch } },
  );

describe.each(resources)('$name', (resource) => {
  it('answers version and ETag; a stale If-Match is 412 with the current state and changes nothing', async () => {
    const { token, path } = await resource.make();
    const first = await put(token, path, resource.rename('First'), '"1"');
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    expect(first.headers.get('etag')).toBe('"2"');

    // Someone who opened version 1 saves after that.
    const stale = await put(token, path, resource.rename('Second'), '"1"');
    expect(stale.status).toBe(412);
    expect(stale.body.code).toBe('PRECONDITION_FAILED');
    expect(stale.body.meta?.currentVersion).toBe(2);
    expect(resource.label(stale.body.meta!.current!)).toBe('First');

    // Weak ETags and no If-Match at all are accepted (the specification's client sends none).
    const weak = await put(token, path, resource.rename('Third'), 'W/"2"');
    expect(weak.status).toBe(200);
    const blind = await put(token, path, resource.rename('Fourth'));
    expect(blind.status).toBe(200);
    expect(blind.body.version).toBe(4);

    // A malformed If-Match is a 400 and changes nothing either.
    const bad = await put(token, path, resource.rename('Fifth'), 'version-4');
    expect(bad.status).toBe(400);
    const last = await put(token, path, resource.rename('Fourth'), '"4"');
    expect(last.status).toBe(200);
    // Nothing really changed: the version stays.
    expect(last.body.version).toBe(4);
  });

  it('lets exactly one of two parallel writes of the same version through', async () => {
    const { token, path } = await resource.make();
    const answers = await Promise.all(
      ['Left', 'Right', 'Centre'].map((label) => put(token, path, resource.rename(label), '"1"')),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 412, 412]);
  });

  it("answers 404, not 412, for another tenant's resource, whatever If-Match says", async () => {
    const { path } = await resource.make();
    const stranger = await signedIn(app, await createTenant(app.db), 'platform_admin');
    expect((await put(stranger.token, path, resource.rename('Taken'), '"99"')).status).toBe(404);
  });
});
