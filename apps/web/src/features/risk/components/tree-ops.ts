import type { RoutingNode } from '@kassa/domain';
import type { DraftRule } from './rule-row.tsx';

export type Branch = 'then' | 'else';
export type TreePath = Branch[];
/** The tree while it is edited: conditions may be incomplete. */
export type DraftNode = string | { if: DraftRule[]; then: DraftNode; else: DraftNode } | null;

export const keyOf = (path: TreePath) => (path.length === 0 ? 'root' : path.join('.'));

export const nodeAt = (tree: DraftNode, path: TreePath): DraftNode =>
  path.reduce<DraftNode>((node, branch) => (node !== null && typeof node === 'object' ? node[branch] : null), tree);

/** The tree with the node at `path` replaced (immutably). */
export const replaceAt = (tree: DraftNode, path: TreePath, next: DraftNode): DraftNode => {
  if (path.length === 0) return next;
  if (tree === null || typeof tree !== 'object') return tree;
  const [head, ...rest] = path;
  return { ...tree, [head]: replaceAt(tree[head], rest, next) };
};

export const emptyRule = (): DraftRule => ({ name: '', operator: '', value: '' });

/** Adding a condition to an empty branch creates its `if` list with empty then and else (§4). */
export const branchWithCondition = (rule: DraftRule = emptyRule()): DraftNode => ({
  if: [rule],
  then: null,
  else: null,
});

/** A new routing's tree: the root's first condition prefilled with amount != (§4). */
export const newRoutingTree = (): DraftNode => branchWithCondition({ name: 'amount', operator: '!=', value: '' });

/** The keys of the node at `path` and every node below it (to forget their done state on removal). */
export const keysUnder = (tree: DraftNode, path: TreePath): string[] => {
  const node = nodeAt(tree, path);
  if (node === null || typeof node !== 'object') return [keyOf(path)];
  return [keyOf(path), ...keysUnder(tree, [...path, 'then']), ...keysUnder(tree, [...path, 'else'])];
};

/** The keys of every branch of a saved tree: an opened routing shows its conditions as done. */
export const branchKeys = (node: DraftNode, path: TreePath = []): string[] =>
  node !== null && typeof node === 'object'
    ? [keyOf(path), ...branchKeys(node.then, [...path, 'then']), ...branchKeys(node.else, [...path, 'else'])]
    : [];

/** The draft as the server's model (the shapes are the same once every field is filled). */
export const asRoutingNode = (node: DraftNode): RoutingNode => node as RoutingNode;

/**
 * The key of the tree node a refusal's path names: `body.details.then.else` is that endpoint,
 * `body.details.then.if.0.value` a condition of the node at `then`; null for a path outside the tree.
 */
export const treeKeyOfPath = (path: string): string | null => {
  const [root, ...parts] = path.replace(/^body\./, '').split('.');
  if (root !== 'details') return null;
  const end = parts.findIndex((part) => part !== 'then' && part !== 'else');
  return keyOf((end < 0 ? parts : parts.slice(0, end)) as TreePath);
};
