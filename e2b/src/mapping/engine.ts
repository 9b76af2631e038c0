import { fragment, type XNode } from '../xml/tree.ts';
import type { EachSpec, ElSpec, Spec } from './dsl.ts';

/** Something in the XML that has no place in the case document, kept verbatim. */
export interface Unmapped {
  /** XPath of the element, attribute or text, with 1-based positions. */
  xpath: string;
  /** The element as XML, the attribute's value, or the text. */
  content: string;
  line: number;
}

// ---- paths in the case document ---------------------------------------------------------

function get(ctx: unknown, path: string): unknown {
  if (path === '.') return ctx;
  let cur = ctx;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

function set(ctx: Record<string, unknown>, path: string, value: unknown): void {
  if (path === '.') {
    ctx['.'] = value;
    return;
  }
  const parts = path.split('.');
  let cur = ctx;
  for (const part of parts.slice(0, -1)) {
    if (typeof cur[part] !== 'object' || cur[part] === null) cur[part] = {};
    cur = cur[part] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

// ---- import ------------------------------------------------------------------------------

/** Attributes that only repeat what a code already says: not data, never reported. */
const E2B_CODE_LISTS = '2.16.840.1.113883.3.989.';
const PRESENTATION_ATTRS = new Set(['displayName', 'xsi:schemaLocation']);

/**
 * What the reader needs of a spec, worked out once per spec rather than once per element
 * (issue 26 item 11: on a 2 MB message the reader met each spec thousands of times).
 */
interface Plan {
  /** The fixed attributes (`attrs` and `key`, key last) as entries. */
  fixed: [string, string][];
  /** The key attributes as entries. */
  key: [string, string][];
  /** Fixed to an ICH or FDA code list: its `codeSystemVersion` is not case data. */
  e2bCodeList: boolean;
  /** The children that identify the element. */
  keyChildren: ElSpec[];
  /** The child specs by element name, in the spec's order. */
  byName: Map<string, Spec[]>;
}
const plans = new WeakMap<ElSpec, Plan>();
function planOf(spec: ElSpec): Plan {
  let plan = plans.get(spec);
  if (plan) return plan;
  const fixed = { ...spec.attrs, ...spec.key };
  const byName = new Map<string, Spec[]>();
  for (const child of spec.children) {
    const name = child.kind === 'each' ? child.item.name : child.name;
    const list = byName.get(name);
    if (list) list.push(child);
    else byName.set(name, [child]);
  }
  plan = {
    fixed: Object.entries(fixed),
    key: Object.entries(spec.key),
    e2bCodeList: fixed.codeSystem?.startsWith(E2B_CODE_LISTS) ?? false,
    keyChildren: spec.children.filter((c): c is ElSpec => c.kind === 'el' && c.isKey),
    byName,
  };
  plans.set(spec, plan);
  return plan;
}

export class Reader {
  // Sets and maps rather than weak ones: a reader lives for one message, and these are faster.
  private readonly consumed = new Set<XNode>();
  private readonly usedAttrs = new Map<XNode, Set<string>>();
  private readonly usedText = new Set<XNode>();

  matches(spec: ElSpec, node: XNode): boolean {
    if (node.name !== spec.name) return false;
    const plan = planOf(spec);
    for (const [k, v] of plan.key) if (node.attrs[k] !== v) return false;
    if (spec.keyTest && !spec.keyTest(node)) return false;
    for (const child of plan.keyChildren) {
      if (!node.children.some((c) => this.matches(child, c))) return false;
    }
    return true;
  }

  private useAttr(node: XNode, name: string): void {
    let used = this.usedAttrs.get(node);
    if (!used) {
      used = new Set();
      this.usedAttrs.set(node, used);
    }
    used.add(name);
  }

  private useAttrs(node: XNode, names: Iterable<string>): void {
    for (const n of names) this.useAttr(node, n);
  }

  /** Reads `node` (which matches `spec`) into `ctx`. */
  read(spec: ElSpec, node: XNode, ctx: Record<string, unknown>): void {
    this.consumed.add(node);
    const plan = planOf(spec);
    for (const [k, v] of plan.fixed) if (node.attrs[k] === v) this.useAttr(node, k);
    // The version of an ICH or FDA code list (not of MedDRA or EDQM) is not case data.
    if (plan.e2bCodeList) this.useAttr(node, 'codeSystemVersion');
    for (const bind of spec.binds) {
      const got = bind.read(node);
      if (got) {
        set(ctx, bind.path, got.value);
        this.useAttrs(node, got.attrs);
        if (got.text) this.usedText.add(node);
        for (const child of got.children ?? []) {
          this.consumed.add(child.node);
          this.useAttrs(child.node, child.attrs);
        }
      } else if (node.attrs.nullFlavor !== undefined && spec.binds.length === 1) {
        set(ctx, bind.path, { nullFlavor: node.attrs.nullFlavor });
        this.useAttr(node, 'nullFlavor');
      }
    }
    let used: Set<Spec> | undefined;
    for (const child of node.children) {
      const candidates = plan.byName.get(child.name);
      if (!candidates) continue;
      const target = candidates.find(
        (s) => (s.kind === 'each' || !used?.has(s)) && this.matches(s.kind === 'each' ? s.item : s, child),
      );
      if (!target) continue;
      if (target.kind === 'each') this.readItem(target, child, ctx);
      else {
        used ??= new Set();
        used.add(target);
        this.read(target, child, ctx);
      }
    }
  }

  private readItem(spec: EachSpec, node: XNode, ctx: Record<string, unknown>): void {
    const item: Record<string, unknown> = {};
    this.read(spec.item, node, item);
    const value = '.' in item ? item['.'] : item;
    if (value === undefined || (typeof value === 'object' && Object.keys(value as object).length === 0))
      return;
    let list = get(ctx, spec.path) as unknown[] | undefined;
    if (!Array.isArray(list)) {
      list = [];
      set(ctx, spec.path, list);
    }
    if (spec.mergeOn) {
      const key = (value as Record<string, unknown>)[spec.mergeOn];
      const same = list.find((x) => (x as Record<string, unknown>)[spec.mergeOn!] === key);
      if (same) {
        Object.assign(same as object, value);
        return;
      }
    }
    list.push(value);
  }

  /** Everything below `node` that no spec consumed, reported once at its highest point. */
  unmapped(node: XNode, xpath: string, out: Unmapped[] = []): Unmapped[] {
    if (!this.consumed.has(node)) {
      out.push({ xpath, content: fragment(node), line: node.line });
      return out;
    }
    const used = this.usedAttrs.get(node);
    for (const k in node.attrs) {
      const v = node.attrs[k]!;
      if (!used?.has(k) && !PRESENTATION_ATTRS.has(k))
        out.push({ xpath: `${xpath}/@${k}`, content: v, line: node.line });
    }
    if (node.text.trim() !== '' && !this.usedText.has(node)) {
      out.push({ xpath: `${xpath}/text()`, content: node.text, line: node.line });
    }
    if (node.children.length === 0) return out;
    const seen = new Map<string, number>();
    for (const child of node.children) {
      const n = (seen.get(child.name) ?? 0) + 1;
      seen.set(child.name, n);
      this.unmapped(child, `${xpath}/${child.name}[${n}]`, out);
    }
    return out;
  }
}
