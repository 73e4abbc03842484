/**
 * A deterministic pseudo-random sequence for tests that generate data or queries, so a failure can
 * be replayed: the same seed gives the same numbers.
 */
export const seeded = (start: number) => {
  let seed = start;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  return { random, pick };
};
