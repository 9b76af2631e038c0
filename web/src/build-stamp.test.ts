import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webSourceStamp } from '../build/stamp.ts';

// `npm start` rebuilds the web app only when this stamp changes (issue 28 item 8).
const root = await mkdtemp(join(tmpdir(), 'vigilo-stamp-'));
afterAll(() => rm(root, { recursive: true, force: true }));

async function put(path: string, content: string) {
  await mkdir(join(root, path, '..'), { recursive: true });
  await writeFile(join(root, path), content);
}

describe('the web sources stamp', () => {
  it('is the same while nothing changes and changes with any source, the lock file or the vite config', async () => {
    await put('package-lock.json', '{"lockfileVersion":3}');
    await put('web/vite.config.ts', 'export default {}');
    await put('web/index.html', '<div id="root"></div>');
    await put('web/src/main.tsx', 'render()');
    await put('contract/src/index.ts', 'export {}');
    const first = await webSourceStamp(root);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await webSourceStamp(root)).toBe(first);

    // Files the build does not read leave it as it is: tests, and anything outside the sources.
    await put('web/src/main.test.tsx', 'it()');
    await put('server/src/app.ts', 'server');
    await put('web/dist/index.html', 'built');
    expect(await webSourceStamp(root)).toBe(first);

    const seen = new Set([first]);
    const changed = async (what: string) => {
      const stamp = await webSourceStamp(root);
      expect(seen.has(stamp), what).toBe(false);
      seen.add(stamp);
    };
    await put('web/src/main.tsx', 'render(1)');
    await changed('a source edited');
    const edited = await webSourceStamp(root);
    await put('web/src/pages/new.tsx', 'x');
    await changed('a source added');
    await rename(join(root, 'web/src/pages/new.tsx'), join(root, 'web/src/pages/other.tsx'));
    await changed('a source renamed');
    await rm(join(root, 'web/src/pages/other.tsx'));
    // The same files as after the edit: the same stamp again.
    expect(await webSourceStamp(root)).toBe(edited);
    await rm(join(root, 'web/index.html'));
    await changed('a source removed');
    await put('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    await changed('the lock file');
    await put('web/vite.config.ts', 'export default { base: "/" }');
    await changed('the vite config');
    await put('contract/src/index.ts', 'export const x = 1');
    await changed('the contract the web app imports');
  });
});
