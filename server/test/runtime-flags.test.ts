import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';
import { NODE_FLAGS } from '../src/runtime-flags.ts';

const scripts = (file: string) =>
  (JSON.parse(readFileSync(join(repoRoot, file), 'utf8')) as { scripts: Record<string, string> }).scripts;

describe('the Node.js flags of server processes (decision 0126)', () => {
  it('are the young generation of Node 20, 16 MB per semi-space', () => {
    expect(NODE_FLAGS).toEqual(['--max-semi-space-size=16']);
  });

  it("are written out by every script that starts a server or a worker, and by CI's quick start", () => {
    const commands = [
      scripts('package.json').start,
      scripts('package.json').worker,
      scripts('server/package.json').start,
      scripts('server/package.json').worker,
      readFileSync(join(repoRoot, '.ci', 'run'), 'utf8').match(/node [^\n]*server\/src\/main\.ts/)?.[0],
    ];
    for (const command of commands) for (const flag of NODE_FLAGS) expect(command).toContain(` ${flag} `);
  });
});
