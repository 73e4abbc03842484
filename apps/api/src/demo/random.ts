/**
 * A small seeded PRNG (sfc32) with the draws the demo generator needs. Math.random cannot be
 * seeded, and the demo world must be the same for the same seed.
 */
export type Rng = {
  (): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(table: Weighted<T>): T;
  normal(): number;
  logNormal(median: number, sigma: number): number;
  /** An independent stream, so adding draws in one area does not shift another. */
  fork(label: string): Rng;
};

/** Items with relative weights, prepared once for fast weighted picks. */
export type Weighted<T> = { items: readonly T[]; cumulative: Float64Array; total: number };

export const weights = <T>(entries: readonly (readonly [T, number])[]): Weighted<T> => {
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], index) => {
    total += weight;
    cumulative[index] = total;
  });
  return { items: entries.map(([item]) => item), cumulative, total };
};

const hash = (text: string): number => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
};

export const createRng = (seed: number, label = ''): Rng => {
  let a = 0x9e3779b9 ^ (seed >>> 0);
  let b = hash(label) ^ 0x243f6a88;
  let c = Math.floor(seed / 2 ** 32) ^ 0xb7e15162;
  let d = 1;
  const next = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 15; i++) next();
  let spare: number | undefined;
  const rng = next as Rng;
  rng.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  rng.chance = (p) => next() < p;
  rng.pick = (items) => items[Math.floor(next() * items.length)];
  rng.weighted = (table) => {
    const target = next() * table.total;
    let lo = 0;
    let hi = table.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (table.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return table.items[lo];
  };
  rng.normal = () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    // Box–Muller: two uniforms give two independent normals.
    const u = 1 - next();
    const v = next();
    const r = Math.sqrt(-2 * Math.log(u));
    spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  };
  rng.logNormal = (median, sigma) => median * Math.exp(sigma * rng.normal());
  rng.fork = (child) => createRng(seed, `${label}/${child}`);
  return rng;
};
