import { z } from 'zod';

/** Creating a settlement update (portal.md §5): processor settlement and last required; a run by default. */
export const ZSettlementUpdateCreate = z.object({
  processor_settlement: z.string().trim().min(1).max(64),
  last: z.iso.datetime({ offset: true }),
  update_last_run: z.boolean().default(true),
});
export type TSettlementUpdateCreate = z.infer<typeof ZSettlementUpdateCreate>;

/**
 * portal.md §4: polling ends when the settlement's last run is consistent with the update, that
 * is, the settlement ran at or after the moment the update was made.
 */
export const isLastRunConsistent = (createdAt: string | Date, lastRun: string | Date | null | undefined): boolean =>
  lastRun !== null && lastRun !== undefined && new Date(lastRun).getTime() >= new Date(createdAt).getTime();
