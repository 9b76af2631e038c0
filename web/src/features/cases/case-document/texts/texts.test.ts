import { describe, expect, it } from 'vitest';
import { BLOCKS, labelKey, type Node } from '../blocks.ts';
import { caseDocumentTexts } from './use-case-document-texts.ts';

function keys(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** Every place the description names, as its words' key (`G/drugs/dosages/dose`). */
function places(nodes: readonly Node[], base: string): { key: string; node: Node }[] {
  return nodes.flatMap((node) => {
    const key = labelKey(`${base}.${node.key}`);
    const here = { key, node };
    return node.kind === 'field' ? [here] : [here, ...places(node.children, `${base}.${node.key}`)];
  });
}

describe('case document texts', () => {
  it('has every English text in French, and nothing French has that English lacks', async () => {
    const english = keys(await caseDocumentTexts.load('en'));
    const french = keys(await caseDocumentTexts.load('fr'));
    expect(english.length).toBeGreaterThan(250);
    expect(english.filter((key) => !french.includes(key))).toEqual([]);
    expect(french.filter((key) => !english.includes(key))).toEqual([]);
  });

  it('names every field, group and list of the blocks, and every item of a list', async () => {
    const doc = ((await caseDocumentTexts.load('en')) as { caseDoc: Record<string, Record<string, unknown>> })
      .caseDoc;
    const all = BLOCKS.flatMap((block) => places(block.children, block.id));
    expect(all.filter(({ key }) => typeof doc.labels![key] !== 'string').map((p) => p.key)).toEqual([]);
    expect(
      all
        .filter(({ key, node }) => node.kind === 'list' && typeof doc.items![key] !== 'string')
        .map((p) => p.key),
    ).toEqual([]);
  });
});
