import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { areas } from './areas.ts';
import { navItems } from './navigation.ts';

const features = join(import.meta.dirname, '..', 'features');

/** The component a route renders: loading its chunk as the router would. */
async function componentOf(route: RouteObject): Promise<unknown> {
  const element =
    route.element ?? (typeof route.lazy === 'function' ? (await route.lazy()).element : undefined);
  return (element as ReactElement | undefined)?.type;
}

describe('web areas', () => {
  it('finds an area file in every feature folder', () => {
    const folders = readdirSync(features).sort();
    expect(folders.length).toBeGreaterThanOrEqual(9);
    expect(areas.map((a) => a.name).sort()).toEqual(folders);
  });

  it('routes every page component of every feature', async () => {
    const pageModules = import.meta.glob<Record<string, unknown>>(['../features/*/pages/*Page.tsx'], {
      eager: true,
    });
    const pages = Object.entries(pageModules).flatMap(([file, module]) =>
      Object.entries(module)
        .filter(([name]) => name.endsWith('Page'))
        .map(([name, component]) => ({ name: `${file}: ${name}`, component })),
    );
    expect(pages.length).toBeGreaterThanOrEqual(20);
    const routed = await Promise.all(areas.flatMap((a) => a.pages).map((p) => componentOf(p.route)));
    for (const page of pages) expect(routed, page.name).toContain(page.component);
  });

  it('gives every menu entry a page of its own', () => {
    const paths = areas.flatMap((a) =>
      a.pages.filter((p) => p.layout === 'app').map((p) => `/${p.route.path}`),
    );
    for (const item of navItems.filter((i) => !i.external)) expect(paths, item.path).toContain(item.path);
    // Two entries in one place would shuffle the menu between builds.
    expect(new Set(navItems.map((i) => i.order)).size).toBe(navItems.length);
  });
});
