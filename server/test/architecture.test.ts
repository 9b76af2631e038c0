import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Area boundaries (issue 27, decision 0316), read from the source text: every `import ... from '...'`,
// `export ... from '...'` and `import('...')`, with whether it is type-only (erased at run time).

const src = join(import.meta.dirname, '../src');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sourceFiles(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [join(dir, e.name)]
        : [],
  );

const importPattern =
  /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The imports of one file: the specifier and whether only types come through it. */
export function importsOf(text: string): { from: string; typeOnly: boolean }[] {
  return [...text.matchAll(importPattern)].map((m) => ({
    from: m[3] ?? m[4] ?? '',
    typeOnly: Boolean(m[2]),
  }));
}

const files = sourceFiles(src).map((path) => ({
  name: relative(src, path),
  imports: importsOf(readFileSync(path, 'utf8')).map((i) => ({
    ...i,
    target: i.from.startsWith('.') ? relative(src, join(path, '..', i.from)) : i.from,
  })),
}));

const areaOf = (name: string) => (name.startsWith('modules/') ? name.split('/')[1] : undefined);

describe('area boundaries', () => {
  it('reads static, type-only and dynamic imports', () => {
    expect(
      importsOf(
        "import type { A } from '../a.ts';\nimport { b } from './b.ts';\nconst c = import('../c.ts');",
      ),
    ).toEqual([
      { from: '../a.ts', typeOnly: true },
      { from: './b.ts', typeOnly: false },
      { from: '../c.ts', typeOnly: false },
    ]);
  });

  it('no file under modules/ imports app.ts', () => {
    const bad = files.flatMap((f) =>
      f.name.startsWith('modules/') ? f.imports.filter((i) => i.target === 'app.ts').map(() => f.name) : [],
    );
    expect(bad).toEqual([]);
  });

  it("an area never imports another area's repository", () => {
    const found = files.flatMap((f) =>
      f.imports
        .filter((i) => i.target.endsWith('.repository.ts') && areaOf(i.target) && areaOf(f.name))
        .filter((i) => areaOf(i.target) !== areaOf(f.name))
        .map(
          (i) => `${f.name.slice('modules/'.length)} -> ${i.target.slice('modules/'.length, -'.ts'.length)}`,
        ),
    );
    // Every one has moved behind the owning area's service or <area>.shared.ts (decision 0316).
    expect(found).toEqual([]);
  });

  it('platform/ imports neither modules/ nor areas.ts at run time', () => {
    const bad = files.flatMap((f) =>
      f.name.startsWith('platform/')
        ? f.imports
            .filter((i) => !i.typeOnly && (i.target.startsWith('modules/') || i.target === 'areas.ts'))
            .map((i) => `${f.name} -> ${i.target}`)
        : [],
    );
    expect(bad).toEqual([]);
  });
});
