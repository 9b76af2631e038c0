/**
 * An arrangement's items as a tree (decision 0110): the API keeps a flat list of
 * `{entryId, parentEntryId}` in which a parent comes before its children and siblings keep
 * list order. The editor works on a tree and sends the flat list back (preorder), so every
 * move below keeps the API's rules by construction.
 */

export interface Item {
  entryId: string;
  parentEntryId?: string | null;
}

export interface TreeNode {
  entryId: string;
  children: TreeNode[];
}

/** One visible row: the item, its depth (0 at the top) and where it sits among its siblings. */
export interface Row {
  entryId: string;
  parentEntryId: string | null;
  depth: number;
  index: number;
  siblings: number;
}

export function toTree(items: readonly Item[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  const roots: TreeNode[] = [];
  for (const item of items) nodes.set(item.entryId, { entryId: item.entryId, children: [] });
  for (const item of items) {
    const node = nodes.get(item.entryId)!;
    const parent = item.parentEntryId ? nodes.get(item.parentEntryId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The flat list the API takes: preorder, each item naming its parent. */
export function toItems(tree: readonly TreeNode[], parentEntryId: string | null = null): Item[] {
  return tree.flatMap((node) => [
    { entryId: node.entryId, parentEntryId },
    ...toItems(node.children, node.entryId),
  ]);
}

export function toRows(items: readonly Item[]): Row[] {
  const walk = (nodes: TreeNode[], parent: string | null, depth: number): Row[] =>
    nodes.flatMap((node, index) => [
      { entryId: node.entryId, parentEntryId: parent, depth, index, siblings: nodes.length },
      ...walk(node.children, node.entryId, depth + 1),
    ]);
  return walk(toTree(items), null, 0);
}

/** The sibling list that holds `id`, and its place in it. */
function locate(
  tree: TreeNode[],
  id: string,
): { list: TreeNode[]; index: number; parent: TreeNode | null } | null {
  const search = (list: TreeNode[], parent: TreeNode | null): ReturnType<typeof locate> => {
    for (const [index, node] of list.entries()) {
      if (node.entryId === id) return { list, index, parent };
      const found = search(node.children, node);
      if (found) return found;
    }
    return null;
  };
  return search(tree, null);
}

const contains = (node: TreeNode, id: string): boolean =>
  node.entryId === id || node.children.some((child) => contains(child, id));

/** Applies `change` to a copy of the tree; the items unchanged when it answers false. */
function edit(items: readonly Item[], change: (tree: TreeNode[]) => boolean): Item[] {
  const tree = toTree(items);
  return change(tree) ? toItems(tree) : [...items];
}

/** One place up among its siblings (its sub-items move with it). */
export function moveUp(items: readonly Item[], id: string): Item[] {
  return edit(items, (tree) => {
    const at = locate(tree, id);
    if (!at || at.index === 0) return false;
    const [node] = at.list.splice(at.index, 1);
    at.list.splice(at.index - 1, 0, node!);
    return true;
  });
}

export function moveDown(items: readonly Item[], id: string): Item[] {
  return edit(items, (tree) => {
    const at = locate(tree, id);
    if (!at || at.index >= at.list.length - 1) return false;
    const [node] = at.list.splice(at.index, 1);
    at.list.splice(at.index + 1, 0, node!);
    return true;
  });
}

/** Under the sibling above it, as its last sub-item. */
export function indent(items: readonly Item[], id: string): Item[] {
  return edit(items, (tree) => {
    const at = locate(tree, id);
    if (!at || at.index === 0) return false;
    const [node] = at.list.splice(at.index, 1);
    at.list[at.index - 1]!.children.push(node!);
    return true;
  });
}

/** Out of its parent, just after it. */
export function outdent(items: readonly Item[], id: string): Item[] {
  return edit(items, (tree) => {
    const at = locate(tree, id);
    if (!at?.parent) return false;
    const parentAt = locate(tree, at.parent.entryId)!;
    const [node] = at.list.splice(at.index, 1);
    parentAt.list.splice(parentAt.index + 1, 0, node!);
    return true;
  });
}

/** Dropped on another row: before or after it, as its sibling (never inside its own sub-items). */
export function moveNextTo(
  items: readonly Item[],
  id: string,
  targetId: string,
  side: 'before' | 'after',
): Item[] {
  return edit(items, (tree) => {
    if (id === targetId) return false;
    const at = locate(tree, id);
    if (!at || contains(at.list[at.index]!, targetId)) return false;
    const [node] = at.list.splice(at.index, 1);
    const target = locate(tree, targetId)!;
    target.list.splice(side === 'before' ? target.index : target.index + 1, 0, node!);
    return true;
  });
}

/** Out of the arrangement; its sub-items take its place. */
export function removeItem(items: readonly Item[], id: string): Item[] {
  return edit(items, (tree) => {
    const at = locate(tree, id);
    if (!at) return false;
    at.list.splice(at.index, 1, ...at.list[at.index]!.children);
    return true;
  });
}

/** At the end, at the top level. */
export function addItem(items: readonly Item[], entryId: string): Item[] {
  if (items.some((item) => item.entryId === entryId)) return [...items];
  return [
    ...items.map((i) => ({ entryId: i.entryId, parentEntryId: i.parentEntryId ?? null })),
    { entryId, parentEntryId: null },
  ];
}

/** Two lists are the same arrangement (what the save button compares with the stored one). */
export function sameItems(a: readonly Item[], b: readonly Item[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (item, i) =>
        item.entryId === b[i]!.entryId && (item.parentEntryId ?? null) === (b[i]!.parentEntryId ?? null),
    )
  );
}
