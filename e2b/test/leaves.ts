import { XmlDocument, type XmlElement, XmlText } from 'libxml2-wasm';

/**
 * The leaves of an XML message (every attribute value and every text), read
 * by libxml2 through XPath, independently of the library's own reader and mapping tables, and
 * compared between two messages by normalised path (issue 26's round trip).
 *
 * Normalised path: element names with a position among same-named siblings. The order of
 * repeated elements that have structure (observations, components, ids, telecoms) is not data
 * in E2B, so those siblings are paired across the two messages by the leaves they share; the
 * order of repeated text elements is data (given name before middle name, first street line
 * before the second, a device's brand name before its common name), so they keep theirs.
 * White space around child elements, and text that is only white space, is layout; other text
 * is compared exactly. An element that holds no value (no attribute but the structural ones
 * HL7 fixes by the element's place, no text, no descendant with a value) is layout too.
 */
interface Tree {
  name: string;
  attrs: [string, string][];
  text: string;
  kids: Tree[];
}

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';
const XML = 'http://www.w3.org/XML/1998/namespace';

/** An attribute left out of the comparison, told by its name and its element's attributes. */
export type Skip = (attr: string, attrs: ReadonlyMap<string, string>) => boolean;

function readElement(el: XmlElement, skip: Skip): Tree {
  const all = new Map(
    el.attrs.map((a) => {
      const prefix = a.namespaceUri === XSI ? 'xsi:' : a.namespaceUri === XML ? 'xml:' : '';
      return [prefix + a.name, a.value] as const;
    }),
  );
  const attrs = [...all].filter(([k]) => !skip(k, all));
  const kids = (el.find('*') as XmlElement[]).map((k) => readElement(k, skip)).filter(holdsValue);
  const texts = el.find('text()').map((t) => (t instanceof XmlText ? t.content : ''));
  const joined = texts.join('');
  const text =
    kids.length === 0
      ? joined.trim() === ''
        ? ''
        : joined
      : texts
          .map((t) => t.trim())
          .filter(Boolean)
          .join(' ');
  return { name: el.name, attrs, text, kids };
}

/** Attributes HL7 fixes by an element's place in the schema: alone, they say nothing. */
const STRUCTURAL = new Set(['classCode', 'moodCode', 'determinerCode', 'typeCode', 'xsi:type', 'operator']);
const holdsValue = (t: Tree): boolean =>
  t.text !== '' || t.kids.length > 0 || t.attrs.some(([k]) => !STRUCTURAL.has(k));

export function readTree(xml: string | Uint8Array, skip: Skip = () => false): Tree {
  const doc = typeof xml === 'string' ? XmlDocument.fromString(xml) : XmlDocument.fromBuffer(xml);
  try {
    const root = readElement(doc.root, skip);
    return root;
  } finally {
    doc.dispose();
  }
}

/** The leaves of a subtree without positions, for pairing siblings by what they hold. */
function loose(t: Tree, path = t.name, out: string[] = []): string[] {
  for (const [k, v] of t.attrs) out.push(`${path}/@${k}=${v}`);
  if (t.text !== '') out.push(`${path}/text()=${t.text}`);
  for (const k of t.kids) loose(k, `${path}/${k.name}`, out);
  return out;
}

const shared = (a: string[], b: string[]) => {
  const counts = new Map<string, number>();
  for (const x of a) counts.set(x, (counts.get(x) ?? 0) + 1);
  let n = 0;
  for (const x of b) {
    const c = counts.get(x) ?? 0;
    if (c > 0) {
      n++;
      counts.set(x, c - 1);
    }
  }
  return n;
};

const isTextElement = (t: Tree) => t.kids.length === 0 && t.text !== '';

/** Pairs of same-named siblings [a, b], either side missing when it has no partner. */
function pair(as: Tree[], bs: Tree[]): [Tree | undefined, Tree | undefined][] {
  if (as.some(isTextElement) || bs.some(isTextElement)) {
    return Array.from({ length: Math.max(as.length, bs.length) }, (_, i) => [as[i], bs[i]]);
  }
  const la = as.map((t) => loose(t));
  const lb = bs.map((t) => loose(t));
  const scores: [number, number, number][] = [];
  for (let i = 0; i < as.length; i++)
    for (let j = 0; j < bs.length; j++) scores.push([shared(la[i]!, lb[j]!), i, j]);
  // Most shared leaves first; on a tie, keep the documents' own order.
  scores.sort((x, y) => y[0] - x[0] || x[1] - y[1] || x[2] - y[2]);
  const partnerOf = new Map<number, number>();
  const taken = new Set<number>();
  for (const [score, i, j] of scores) {
    if (score === 0 || partnerOf.has(i) || taken.has(j)) continue;
    partnerOf.set(i, j);
    taken.add(j);
  }
  // What shares nothing is paired in order (a value that changed), the rest stands alone.
  const spare = bs.map((_, j) => j).filter((j) => !taken.has(j));
  const out: [Tree | undefined, Tree | undefined][] = as.map((a, i) => {
    const j = partnerOf.get(i) ?? spare.shift();
    return [a, j === undefined ? undefined : bs[j]];
  });
  for (const j of spare) out.push([undefined, bs[j]]);
  return out;
}

function collect(t: Tree, path: string, out: Map<string, string>): void {
  for (const [k, v] of t.attrs) out.set(`${path}/@${k}`, v);
  if (t.text !== '') out.set(`${path}/text()`, t.text);
}

function walk(
  a: Tree | undefined,
  b: Tree | undefined,
  path: string,
  outA: Map<string, string>,
  outB: Map<string, string>,
): void {
  if (a) collect(a, path, outA);
  if (b) collect(b, path, outB);
  const names = [...new Set([...(a?.kids ?? []), ...(b?.kids ?? [])].map((k) => k.name))];
  for (const name of names) {
    const pairs = pair(
      a?.kids.filter((k) => k.name === name) ?? [],
      b?.kids.filter((k) => k.name === name) ?? [],
    );
    pairs.forEach(([x, y], i) => {
      walk(x, y, `${path}/${name}[${i + 1}]`, outA, outB);
    });
  }
}

export interface LeafChanges {
  /** In the first message, not in the second: `path = value`. */
  lost: string[];
  /** In both, with another value: `path: before → after`. */
  changed: string[];
  /** In the second message only. */
  added: string[];
  /** How many leaves the first message holds. */
  count: number;
}

/** Leaves of `before` lost or changed in `after`, and leaves `after` adds; `skip` leaves attributes out of both. */
export function compareLeaves(
  before: string | Uint8Array,
  after: string | Uint8Array,
  skip?: Skip,
): LeafChanges {
  const a = readTree(before, skip);
  const b = readTree(after, skip);
  const x = new Map<string, string>();
  const y = new Map<string, string>();
  walk(a, a.name === b.name ? b : undefined, `/${a.name}`, x, y);
  const out: LeafChanges = { lost: [], changed: [], added: [], count: x.size };
  for (const [p, v] of x) {
    const w = y.get(p);
    if (w === undefined) out.lost.push(`${p} = ${v}`);
    else if (w !== v) out.changed.push(`${p}: ${v} → ${w}`);
  }
  for (const [p, v] of y) if (!x.has(p)) out.added.push(`${p} = ${v}`);
  return out;
}
