import { z } from 'zod';
import { processorsOf, type RoutingNode } from './tree.ts';

/**
 * Why payments a routing sends to one of its processors would fail (risk-config.md §5, §8
 * `unroutable` per processor), as the payments engine decides: the processor is unknown,
 * switched off, of another payment product, or not one of the processors of a payment profile
 * that uses this routing (named).
 */
export const UNROUTABLE_REASONS = ['unknown', 'inactive', 'wrong_product', 'not_in_profile'] as const;
export type UnroutableReason = (typeof UNROUTABLE_REASONS)[number];

export const ZUnroutable = z.object({
  processor: z.string(),
  reason: z.enum(UNROUTABLE_REASONS),
  /** The payment profile that uses the routing without this processor (`not_in_profile`). */
  payment_profile: z.string().nullable(),
});
export type TUnroutable = z.infer<typeof ZUnroutable>;

type ProcessorFacts = { id: string; active: boolean; payment_product: string | null };
type ProfileFacts = {
  id: string;
  processors: readonly string[];
  routing: Record<string, string> | null;
  intelligent_routing: boolean;
};

/**
 * The unroutable endpoints of a (draft) routing, the browser's twin of the server's `unroutable`
 * column (apps/api routing entity): what the editor shows before the routing is saved.
 */
export const unroutableOf = (
  routing: { id?: string | null; payment_product: string; details: RoutingNode },
  processors: readonly ProcessorFacts[],
  profiles: readonly ProfileFacts[],
): TUnroutable[] => {
  const out: TUnroutable[] = [];
  const using = profiles.filter(
    (p) => routing.id && p.intelligent_routing && p.routing?.[routing.payment_product] === routing.id,
  );
  for (const id of processorsOf(routing.details)) {
    const processor = processors.find((p) => p.id === id);
    if (!processor) out.push({ processor: id, reason: 'unknown', payment_profile: null });
    else {
      if (!processor.active) out.push({ processor: id, reason: 'inactive', payment_profile: null });
      if (processor.payment_product !== routing.payment_product)
        out.push({ processor: id, reason: 'wrong_product', payment_profile: null });
    }
    for (const profile of using)
      if (!profile.processors.includes(id))
        out.push({ processor: id, reason: 'not_in_profile', payment_profile: profile.id });
  }
  return out;
};
