import { CaseDocument } from './case-document.ts';
import { PARTIAL_DATE_PATTERN } from './case-document-fields.ts';
import type { FormField } from './forms.ts';

/**
 * Binds a form field to the case document (decision 0040): reads, from the document's own
 * schema, the field's E2B(R3) data element id, how it is answered and which null flavours
 * E2B allows there. A path the document does not have is refused (undefined).
 */
type Node = Record<string, unknown> & {
  anyOf?: Node[];
  properties?: Record<string, Node>;
  items?: Node;
  type?: string;
  const?: unknown;
  e2b?: string;
};

const isNullFlavourBranch = (n: Node) => n.type === 'object' && n.properties?.nullFlavor !== undefined;
const flavoursOf = (n: Node): string[] =>
  (n.properties?.nullFlavor?.anyOf ?? [n.properties?.nullFlavor ?? {}]).map((b) => String(b.const));

/** The e2b id of a node, or of its first descendant that has one (without its `a`/`b` suffix). */
function e2bOf(n: Node): string | undefined {
  if (typeof n.e2b === 'string') return n.e2b;
  for (const branch of n.anyOf ?? []) {
    const id = e2bOf(branch);
    if (id) return id;
  }
  for (const child of Object.values(n.properties ?? {})) {
    const id = typeof child.e2b === 'string' ? child.e2b : undefined;
    if (id) return id.replace(/[ab]$/, '');
  }
  return undefined;
}

function describe(n: Node): Omit<FormField, 'path' | 'required' | 'e2b'> & { e2b?: string } {
  const branches = n.anyOf ?? [n];
  const flavourBranch = branches.find(isNullFlavourBranch);
  const nullFlavours = flavourBranch && branches.length > 1 ? flavoursOf(flavourBranch) : [];
  const values = branches.filter((b) => !isNullFlavourBranch(b));
  const e2b = e2bOf(n);
  const base = { nullFlavours, ...(e2b ? { e2b } : {}) };
  const single = values.length === 1 ? values[0]! : undefined;
  if (single?.anyOf?.every((b) => typeof b.const === 'string'))
    return { ...base, kind: 'code', options: single.anyOf.map((b) => String(b.const)) };
  if (values.length > 0 && values.every((b) => typeof b.const === 'string'))
    return { ...base, kind: 'code', options: values.map((b) => String(b.const)) };
  if (!single) return { ...base, kind: 'group' };
  if (single.type === 'boolean' || single.const === true) return { ...base, kind: 'boolean' };
  if (single.type === 'array') return { ...base, kind: 'list' };
  if (single.type === 'string') {
    const pattern = typeof single.pattern === 'string' ? single.pattern : undefined;
    const maxLength = typeof single.maxLength === 'number' ? single.maxLength : undefined;
    if (pattern === PARTIAL_DATE_PATTERN) return { ...base, kind: 'date', pattern };
    return { ...base, kind: 'text', ...(pattern ? { pattern } : {}), ...(maxLength ? { maxLength } : {}) };
  }
  const props = Object.keys(single.properties ?? {});
  if (props.includes('base64')) return { ...base, kind: 'attachment' };
  if (props.includes('value') && props.includes('unit')) return { ...base, kind: 'quantity' };
  if (props.includes('code')) return { ...base, kind: 'coded' };
  return { ...base, kind: 'group' };
}

/** The schema node at `path` (`E.reactions[].outcome`), or undefined. */
function nodeAt(path: string): Node | undefined {
  let node: Node | undefined = CaseDocument as unknown as Node;
  for (const part of path.split('.')) {
    const repeated = part.endsWith('[]');
    const name = repeated ? part.slice(0, -2) : part;
    const object: Node | undefined = node?.properties
      ? node
      : node?.anyOf?.find((b) => b.properties && !isNullFlavourBranch(b));
    node = object?.properties && Object.hasOwn(object.properties, name) ? object.properties[name] : undefined;
    if (repeated) node = node?.type === 'array' ? node.items : undefined;
    if (!node) return undefined;
  }
  return node;
}

/** The field at `path`, bound to the case document; undefined when the document has no such field. */
export function resolveFormField(path: string, required = false): FormField | undefined {
  const node = nodeAt(path);
  if (!node) return undefined;
  const { e2b, ...rest } = describe(node);
  return { path, e2b: e2b ?? path, required, ...rest };
}

/** The object branch of a node (a group, or a group that may also be a null flavour). */
const objectOf = (node: Node): Node | undefined =>
  node.properties ? node : node.anyOf?.find((b) => b.properties && !isNullFlavourBranch(b));

/**
 * Every path `resolveFormField` answers (`E.reactions`, `E.reactions[]`, `E.reactions[].outcome`...),
 * walked as `nodeAt` walks: the table of form-fields.json is written from them (decision 0311).
 */
export function formFieldPaths(node: Node = CaseDocument as unknown as Node, prefix = ''): string[] {
  const paths: string[] = [];
  for (const [name, child] of Object.entries(objectOf(node)?.properties ?? {})) {
    const path = `${prefix}${name}`;
    paths.push(path);
    paths.push(...formFieldPaths(child, `${path}.`));
    if (child.type === 'array' && child.items) {
      paths.push(`${path}[]`);
      paths.push(...formFieldPaths(child.items, `${path}[].`));
    }
  }
  return paths;
}

/** What `resolveFormField` says of every path, without the path and `required` (form-fields.json). */
export function formFieldTable(): Record<string, Omit<FormField, 'path' | 'required'>> {
  return Object.fromEntries(
    formFieldPaths().map((path) => {
      const { path: _, required: __, ...field } = resolveFormField(path)!;
      return [path, field];
    }),
  );
}
