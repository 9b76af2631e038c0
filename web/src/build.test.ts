import { join } from 'node:path';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';

// Issue #6 item 10: the production build ships no source maps (the server refuses `*.map`
// as well, server/test/platform.test.ts). This runs the real build from web/vite.config.ts,
// in memory.
describe('the production build', () => {
  it('emits no source map and points to none', async () => {
    const root = join(import.meta.dirname, '..');
    const output = await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'silent',
      build: { write: false },
    });
    const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
    const files = results.flatMap((result) => result.output);
    expect(files.some((file) => file.fileName.endsWith('.js'))).toBe(true);
    expect(files.filter((file) => file.fileName.endsWith('.map')).map((file) => file.fileName)).toEqual([]);
    const pointing = files.filter(
      (file) => file.type === 'chunk' && (file.map !== null || file.code.includes('sourceMappingURL')),
    );
    expect(pointing.map((file) => file.fileName)).toEqual([]);
  }, 120_000);
});
