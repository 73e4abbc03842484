import { describe, expect, it } from 'vitest';
import {
  branchKeys,
  branchWithCondition,
  keysUnder,
  newRoutingTree,
  nodeAt,
  replaceAt,
  type DraftNode,
} from './tree-ops.ts';

describe('routing tree editing (§4)', () => {
  it('a new tree is prefilled with amount != at the root', () => {
    expect(newRoutingTree()).toEqual({ if: [{ name: 'amount', operator: '!=', value: '' }], then: null, else: null });
  });
  it('replaces a node deep in the tree without touching the rest', () => {
    const tree = replaceAt(newRoutingTree(), ['else'], branchWithCondition());
    const next = replaceAt(tree, ['else', 'then'], 'prc_1');
    expect(nodeAt(next, ['else', 'then'])).toBe('prc_1');
    expect(nodeAt(tree, ['else', 'then'])).toBeNull();
    expect(replaceAt(next, [], null)).toBeNull();
  });
  it('knows the keys of a subtree and of every saved branch', () => {
    const tree: DraftNode = { if: [], then: 'a', else: { if: [], then: 'b', else: 'c' } };
    expect(keysUnder(tree, ['else'])).toEqual(['else', 'else.then', 'else.else']);
    expect(branchKeys(tree)).toEqual(['root', 'else']);
  });
});
