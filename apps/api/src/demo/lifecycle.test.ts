import { invalidStep, PAYMENT_PRODUCTS, type TransactionStatus } from '@kassa/domain';
import { expect, it } from 'vitest';
import { lifecycle } from './lifecycle.ts';
import { createRng } from './random.ts';

it('the demo world only writes histories the transaction lifecycle allows', () => {
  const rng = createRng(14, 'lifecycle');
  const now = Date.parse('2026-06-01T12:00:00Z');
  for (let i = 0; i < 5000; i++) {
    const product = rng.pick(PAYMENT_PRODUCTS);
    const life = lifecycle(rng, product, now - rng.int(0, 40 * 86_400) * 1000, now);
    const history = (JSON.parse(life.history) as { status: TransactionStatus }[]).map((step) => step.status);
    expect(invalidStep(history), `${product}: ${history.join(' → ')}`).toBeNull();
    expect(history.at(-1)).toBe(life.status);
  }
});
