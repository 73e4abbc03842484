/** One changed leaf between two versions: a dotted path with its value before and after. */
export type ChangeLine = {
  path: string;
  before: unknown;
  after: unknown;
  /** A secret field (a credential): it changes, and neither value is shown. */
  secret?: true;
};

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/**
 * A readable diff of two snapshots (routing or ruleset): every leaf that differs, by path
 * (`details.then.if.0.value`), so the version history can say what changed in words.
 */
export const diffSnapshots = (before: unknown, after: unknown, path = ''): ChangeLine[] => {
  if (isObject(before) && isObject(after) && Array.isArray(before) === Array.isArray(after)) {
    // Sorted, so the diff reads the same whatever order the database kept the keys in.
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
    return keys.flatMap((key) => diffSnapshots(before[key], after[key], path ? `${path}.${key}` : key));
  }
  return JSON.stringify(before) === JSON.stringify(after)
    ? []
    : [{ path, before: before ?? null, after: after ?? null }];
};
