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

  it('are written out by every script that starts a server or a worker', () => {
    const commands = [
      scripts('package.json').start,
      scripts('package.json').worker,
      scripts('server/package.json').start,
      scripts('server/package.json').worker,
    ];
    for (const command of commands) for (const flag of NODE_FLAGS) expect(command).toContain(` ${flag} `);
  });

  it("reach CI's quick start, which starts the server as a newcomer does: with npm start, not a node command of its own", () => {
    const ci = readFileSync(join(repoRoot, '.ci', 'run'), 'utf8');
    expect(ci).toMatch(/\bnpm start\b/);
    expect(ci).not.toMatch(/node [^\n]*server\/src\/main\.ts/);
  });
});
