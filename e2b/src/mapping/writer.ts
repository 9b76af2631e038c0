import { escapeAttr, escapeText, HL7_NS, XSI_NS } from '../xml/tree.ts';
import type { ElSpec } from './dsl.ts';

/**
 * Export: walks a spec with a context and writes XML text directly (no intermediate tree:
 * export is the hot path of submissions). An element with no data below it is left out;
 * elements with no bindings at all are written whenever their parent is, from a cache.
 */
const INDENT = Array.from({ length: 128 }, (_, i) => '\t'.repeat(i));
const SPECIAL_ATTR = /[&<>"\n\r\t]/;
const SPECIAL_TEXT = /[&<>\r]/;
/** Characters XML 1.0 cannot carry at all, not even as references. */
export const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
function legal(v: string): string {
  if (NOT_XML.test(v))
    throw new RangeError('a value holds a character XML cannot carry (a control character)');
  return v;
}
const attr = (v: string) => (SPECIAL_ATTR.test(v) ? escapeAttr(legal(v)) : legal(v));
const text = (v: string) => (SPECIAL_TEXT.test(v) ? escapeText(legal(v)) : legal(v));

const paths = new Map<string, string[]>();
function get(ctx: unknown, path: string): unknown {
  if (path === '.') return ctx;
  let parts = paths.get(path);
  if (!parts) {
    parts = path.split('.');
    paths.set(path, parts);
  }
  let cur = ctx;
  for (const part of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

const fixedAttrs = new WeakMap<ElSpec, string>();
function fixed(spec: ElSpec): string {
  let s = fixedAttrs.get(spec);
  if (s === undefined) {
    s = Object.entries({ ...spec.attrs, ...spec.key })
      .map(([k, v]) => ` ${k}="${attr(v)}"`)
      .join('');
    fixedAttrs.set(spec, s);
  }
  return s;
}

const statics = new WeakMap<ElSpec, boolean>();
/** A spec with no binding anywhere below it. */
export function isStatic(spec: ElSpec): boolean {
  let known = statics.get(spec);
  if (known === undefined) {
    known =
      spec.binds.length === 0 && !spec.when && spec.children.every((c) => c.kind === 'el' && isStatic(c));
    statics.set(spec, known);
  }
  return known;
}

const staticXml = new WeakMap<ElSpec, string[]>();
function staticAt(spec: ElSpec, depth: number): string {
  let byDepth = staticXml.get(spec);
  if (!byDepth) {
    byDepth = [];
    staticXml.set(spec, byDepth);
  }
  byDepth[depth] ??= writeElement(spec, undefined, depth, true)!;
  return byDepth[depth]!;
}

const isNull = (v: unknown): v is { nullFlavor: string } =>
  typeof v === 'object' && v !== null && 'nullFlavor' in v && Object.keys(v).length === 1;

/** The element for `ctx` at `depth`, or null when it holds no data (and `always` is false). */
export function writeElement(
  spec: ElSpec,
  ctx: unknown,
  depth: number,
  always = false,
  extraAttrs = '',
): string | null {
  if (spec.when && !spec.when(ctx)) return null;
  let attrs = extraAttrs + fixed(spec);
  let body: string | undefined;
  let leaves = '';
  let hasData = false;
  for (const bind of spec.binds) {
    const value = get(ctx, bind.path);
    if (value === undefined) continue;
    hasData = true;
    if (isNull(value)) {
      attrs += ` nullFlavor="${attr(value.nullFlavor)}"`;
      if (bind.writeNull)
        for (const [k, v] of Object.entries(bind.writeNull())) attrs += ` ${k}="${attr(v)}"`;
      continue;
    }
    const written = bind.write(value);
    if (written.attrs) for (const [k, v] of Object.entries(written.attrs)) attrs += ` ${k}="${attr(v)}"`;
    if (written.text !== undefined) body = written.text;
    for (const child of written.children ?? []) {
      let open = `${INDENT[depth + 1]}<${child.name}`;
      for (const [k, v] of Object.entries(child.attrs)) open += ` ${k}="${attr(v)}"`;
      leaves += `${open}/>\n`;
    }
  }
  let inner = leaves;
  for (const child of spec.children) {
    if (child.kind === 'each') {
      const items = get(ctx, child.path);
      if (!Array.isArray(items)) continue;
      for (const item of items) {
        const s = writeElement(child.item, item, depth + 1);
        if (s !== null) {
          inner += s;
          hasData = true;
        }
      }
    } else if (isStatic(child)) {
      inner += staticAt(child, depth + 1);
    } else {
      const s = writeElement(child, ctx, depth + 1);
      if (s !== null) {
        inner += s;
        hasData = true;
      } else if (child.required === true || (typeof child.required === 'function' && child.required(ctx))) {
        inner += writeElement(child, ctx, depth + 1, true) ?? '';
      }
    }
  }
  if (!hasData && !always) return null;
  const open = `${INDENT[depth]}<${spec.name}${attrs}`;
  if (inner === '' && body === undefined) return `${open}/>\n`;
  if (inner === '') return `${open}>${text(body!)}</${spec.name}>\n`;
  return `${open}>${body === undefined ? '' : text(body)}\n${inner}${INDENT[depth]}</${spec.name}>\n`;
}

/** A whole document whose root is `spec`, declaring the HL7 and xsi namespaces. */
export function writeDocument(spec: ElSpec, ctx: unknown): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${writeElement(spec, ctx, 0, true, ` xmlns="${HL7_NS}" xmlns:xsi="${XSI_NS}"`)}`;
}
