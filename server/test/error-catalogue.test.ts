import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCodes } from '@vigilo/contract';
import { describe, expect, it } from 'vitest';

/** Every file of server/src except tests, read as text. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the error catalogue', () => {
  it('holds only codes the server answers with (issue 7 item 12: no dead codes)', () => {
    const text = sources(join(import.meta.dirname, '..', 'src')).join('\n');
    const unused = Object.keys(errorCodes).filter((code) => !text.includes(`'${code}'`));
    expect(unused).toEqual([]);
  });
});
