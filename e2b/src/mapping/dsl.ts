import type { XNode } from '../xml/tree.ts';
import { isoToTs, tsToIso } from './dates.ts';

/**
 * One declarative description of the E2B(R3) message tree drives both export and import
 * (decision 0041): an element spec names the element, its fixed attributes, the attributes
 * that tell it apart from its siblings (`key`), and at most one binding of a case-document
 * field. Export walks the spec with the document; import walks it with the XML, so the two
 * directions cannot drift apart.
 */
/** An element without children that a binding writes inside its own (`<low value unit/>`). */
export interface LeafElement {
  name: string;
  attrs: Record<string, string>;
}

export interface Binding {
  /** E2B data element id(s), for findings and for the mapping table. */
  id: string;
  /** Further data elements the binding carries in the same element (F.r.3.3 beside F.r.3.2). */
  alsoIds?: string[];
  /** Dotted path from the current context (`.` is the context itself, for lists of strings). */
  path: string;
  write(value: unknown): { attrs?: Record<string, string>; text?: string; children?: LeafElement[] };
  /** Attributes written beside a null flavour, where the element must still say what it is. */
  writeNull?: () => Record<string, string>;
  /**
   * The value, plus the attribute names it used (and the child elements it read, with theirs);
   * undefined when the element holds none.
   */
  read(
    node: XNode,
  ):
    | { value: unknown; attrs: string[]; text: boolean; children?: { node: XNode; attrs: string[] }[] }
    | undefined;
}

export interface ElSpec {
  kind: 'el';
  name: string;
  /** Fixed attributes written on export and consumed on import. */
  attrs: Record<string, string>;
  /** Fixed attributes that identify the element among same-named siblings. */
  key: Record<string, string>;
  /** Extra identification by content (e.g. `telecom` whose value starts with `tel:`). */
  keyTest?: (node: XNode) => boolean;
  /** This element belongs to its parent's identification. */
  isKey: boolean;
  /** Export this alternative only when the context satisfies it. */
  when?: (ctx: unknown) => boolean;
  /**
   * The element is written whenever its parent is, even empty: the schema requires it, or (a
   * function of the context) a later sibling of the same name needs it to keep its place.
   */
  required?: boolean | ((ctx: unknown) => boolean);
  /** Fields carried by this element's attributes or text (usually one). */
  binds: Binding[];
  children: Spec[];
}

export interface EachSpec {
  kind: 'each';
  path: string;
  item: ElSpec;
  /** Items read from separate elements but describing the same thing merge on this field. */
  mergeOn?: string;
}

export type Spec = ElSpec | EachSpec;

type Child = Spec | undefined | false;

/** An element; `attrs` are fixed, `opts.key` identifies it. */
export function el(
  name: string,
  attrs: Record<string, string> = {},
  children: Child[] = [],
  opts: Partial<Pick<ElSpec, 'key' | 'keyTest' | 'isKey' | 'when' | 'required'>> & {
    bind?: Binding | Binding[];
  } = {},
): ElSpec {
  return {
    kind: 'el',
    name,
    attrs,
    key: opts.key ?? {},
    keyTest: opts.keyTest,
    isKey: opts.isKey ?? false,
    when: opts.when,
    required: opts.required,
    binds: opts.bind === undefined ? [] : Array.isArray(opts.bind) ? opts.bind : [opts.bind],
    children: children.filter((c): c is Spec => Boolean(c)),
  };
}

/** A key element: part of its parent's identification (e.g. an observation's `code`). */
export const keyEl = (name: string, key: Record<string, string>, children: Child[] = []) =>
  el(name, {}, children, { key, isKey: true });

/** A repeated element, one per item of the list at `path`. */
export const each = (path: string, item: ElSpec, mergeOn?: string): EachSpec => ({
  kind: 'each',
  path,
  item,
  mergeOn,
});

/** An element whose attributes or text carry one field. */
export const bound = (
  name: string,
  attrs: Record<string, string>,
  bind: Binding | Binding[],
  children: Child[] = [],
) => el(name, attrs, children, { bind });

// ---- bindings -------------------------------------------------------------------------

const has = (node: XNode, attr: string) => node.attrs[attr] !== undefined;

/** A string in one attribute (`extension`, `code`, `value`...). */
export const attrOf = (attr: string, path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => ({ attrs: { [attr]: String(v) } }),
  read: (n) => (has(n, attr) ? { value: n.attrs[attr], attrs: [attr], text: false } : undefined),
});

/** A partial date in the `value` attribute of a TS. */
export const tsOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => ({ attrs: { value: isoToTs(String(v)) } }),
  read: (n) => {
    const iso = n.attrs.value === undefined ? undefined : tsToIso(n.attrs.value);
    return iso === undefined ? undefined : { value: iso, attrs: ['value'], text: false };
  },
});

/** A boolean in the `value` attribute of a BL. */
export const blOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => ({ attrs: { value: v ? 'true' : 'false' } }),
  read: (n) =>
    n.attrs.value === 'true' || n.attrs.value === 'false'
      ? { value: n.attrs.value === 'true', attrs: ['value'], text: false }
      : undefined,
});

/**
 * A field that the element carries only as a null flavour (`<effectiveTime nullFlavor="ASKU"/>`):
 * the reader's null-flavour rule fills it, nothing else is read or written.
 */
export const nullOnly = (path: string, id: string): Binding => ({
  id,
  path,
  write: () => ({}),
  read: () => undefined,
});

/** The element's text. */
export const textOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => ({ text: String(v) }),
  read: (n) =>
    n.text !== '' && n.children.length === 0 ? { value: n.text, attrs: [], text: true } : undefined,
});

/** A value with a unit (`PQ`): `{value, unit}`. */
export const pqOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => {
    const q = v as { value: string; unit?: string };
    const attrs: Record<string, string> = { value: q.value };
    if (q.unit !== undefined) attrs.unit = q.unit;
    return { attrs };
  },
  read: (n) => {
    if (!has(n, 'value')) return undefined;
    const value: { value: string; unit?: string } = { value: n.attrs.value! };
    if (has(n, 'unit')) value.unit = n.attrs.unit;
    return { value, attrs: has(n, 'unit') ? ['value', 'unit'] : ['value'], text: false };
  },
});

type Qualifier = '<' | '<=' | '>' | '>=';
/** The result of a test, `{value, unit?, qualifier?}`. */
interface Result {
  value: string;
  unit?: string;
  qualifier?: Qualifier;
}
const quantityAt = (n: XNode) => {
  const q: { value: string; unit?: string } = { value: n.attrs.value! };
  if (n.attrs.unit !== undefined) q.unit = n.attrs.unit;
  return q;
};

/**
 * F.r.3.2–F.r.3.3 as ICH writes a test result in an `IVL_PQ`: `<center value unit/>` for "= 10
 * mg/dl", and a bounded side with the other side infinite for a qualified result: "> 10" is
 * `<low value="10" unit="mg/dl" inclusive="false"/><high nullFlavor="PINF"/>`, "≥ 10" the same
 * with `inclusive="true"`, "< 10" and "≤ 10" `<low nullFlavor="NINF"/><high value … inclusive/>`.
 * Any other shape (a range with two values, a width) is not F.r.3.2 and is left unmapped.
 */
export const ivlPqOf = (path: string, id: string, unitId: string): Binding => ({
  id,
  alsoIds: [unitId],
  path,
  write: (v) => {
    const r = v as Result;
    const q: Record<string, string> = { value: r.value };
    if (r.unit !== undefined) q.unit = r.unit;
    if (r.qualifier === undefined) return { children: [{ name: 'center', attrs: q }] };
    const inclusive = r.qualifier.endsWith('=') ? 'true' : 'false';
    const valued = { name: r.qualifier.startsWith('>') ? 'low' : 'high', attrs: { ...q, inclusive } };
    return r.qualifier.startsWith('>')
      ? { children: [valued, { name: 'high', attrs: { nullFlavor: 'PINF' } }] }
      : { children: [{ name: 'low', attrs: { nullFlavor: 'NINF' } }, valued] };
  },
  read: (n) => {
    const kids = n.children;
    const used = (node: XNode) => ({ node, attrs: Object.keys(node.attrs) });
    const plain = (node: XNode, allowed: string[]) =>
      node.children.length === 0 &&
      node.text.trim() === '' &&
      Object.keys(node.attrs).every((a) => allowed.includes(a));
    const [a, b] = kids;
    if (
      kids.length === 1 &&
      a!.name === 'center' &&
      a!.attrs.value !== undefined &&
      plain(a!, ['value', 'unit'])
    )
      return { value: quantityAt(a!), attrs: [], text: false, children: [used(a!)] };
    if (kids.length !== 2 || a!.name !== 'low' || b!.name !== 'high') return undefined;
    const side = (valued: XNode, infinite: XNode, nullFlavor: 'NINF' | 'PINF', above: boolean) => {
      if (valued.attrs.value === undefined || !plain(valued, ['value', 'unit', 'inclusive']))
        return undefined;
      if (infinite.attrs.nullFlavor !== nullFlavor || !plain(infinite, ['nullFlavor'])) return undefined;
      const inclusive = valued.attrs.inclusive;
      if (inclusive !== undefined && inclusive !== 'true' && inclusive !== 'false') return undefined;
      // HL7: a bound is inclusive unless it says otherwise.
      const qualifier: Qualifier = above
        ? inclusive === 'false'
          ? '>'
          : '>='
        : inclusive === 'false'
          ? '<'
          : '<=';
      return {
        value: { ...quantityAt(valued), qualifier },
        attrs: [],
        text: false,
        children: [used(a!), used(b!)],
      };
    };
    return side(a!, b!, 'PINF', true) ?? side(b!, a!, 'NINF', false);
  },
});

/** A MedDRA term (`CE` code + codeSystemVersion): `{version, code}`. */
export const meddraOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => {
    const t = v as { version: string; code: string };
    return { attrs: { code: t.code, codeSystemVersion: t.version } };
  },
  read: (n) =>
    has(n, 'code') && has(n, 'codeSystemVersion')
      ? {
          value: { version: n.attrs.codeSystemVersion, code: n.attrs.code },
          attrs: ['code', 'codeSystemVersion'],
          text: false,
        }
      : undefined,
});

/**
 * A term of a versioned terminology: `{code, version?, codeSystem?}`; `codeSystem` is kept
 * only when it differs from `defaultSystem` (written when the terminology has one).
 */
export const termOf = (path: string, id: string, defaultSystem?: string): Binding => ({
  id,
  path,
  write: (v) => {
    const t = v as { code: string; version?: string; codeSystem?: string };
    const attrs: Record<string, string> = { code: t.code };
    const system = t.codeSystem ?? defaultSystem;
    if (system !== undefined) attrs.codeSystem = system;
    if (t.version !== undefined) attrs.codeSystemVersion = t.version;
    return { attrs };
  },
  read: (n) => {
    if (!has(n, 'code')) return undefined;
    const value: Record<string, string> = { code: n.attrs.code! };
    const used = ['code'];
    if (has(n, 'codeSystemVersion')) {
      value.version = n.attrs.codeSystemVersion!;
      used.push('codeSystemVersion');
    }
    if (has(n, 'codeSystem')) {
      if (n.attrs.codeSystem !== defaultSystem) value.codeSystem = n.attrs.codeSystem!;
      used.push('codeSystem');
    }
    return { value, attrs: used, text: false };
  },
});

/** A telecom address (`tel:`, `fax:`, `mailto:` + the value). */
export const telecomOf = (scheme: string, path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => ({ attrs: { value: `${scheme}${String(v)}` } }),
  // A masked telephone and a masked e-mail are told apart by their scheme alone.
  writeNull: () => ({ value: scheme }),
  read: (n) => {
    if (n.attrs.value === scheme && n.attrs.nullFlavor !== undefined)
      return { value: { nullFlavor: n.attrs.nullFlavor }, attrs: ['value', 'nullFlavor'], text: false };
    return n.attrs.value?.startsWith(scheme)
      ? { value: n.attrs.value.slice(scheme.length), attrs: ['value'], text: false }
      : undefined;
  },
});

/** An encapsulated document (`ED`, base64): `{mediaType?, compression?, base64}`. */
export const edOf = (path: string, id: string): Binding => ({
  id,
  path,
  write: (v) => {
    const d = v as { mediaType?: string; compression?: string; base64: string };
    const attrs: Record<string, string> = {};
    if (d.mediaType !== undefined) attrs.mediaType = d.mediaType;
    attrs.representation = 'B64';
    if (d.compression !== undefined) attrs.compression = d.compression;
    return { attrs, text: d.base64 };
  },
  read: (n) => {
    if (n.attrs.representation !== 'B64') return undefined;
    // Whitespace around base64 is not data (it often wraps a `reference` child).
    const value: Record<string, string> = { base64: n.text.trim() };
    const used = ['representation'];
    for (const a of ['mediaType', 'compression'] as const) {
      if (has(n, a)) {
        value[a] = n.attrs[a]!;
        used.push(a);
      }
    }
    return { value, attrs: used, text: true };
  },
});
