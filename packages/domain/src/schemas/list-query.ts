import { z } from 'zod';

/** Default page size of every list (spec "Shared request conventions"). */
export const DEFAULT_PAGE_SIZE = 25;
/** Hard cap for `_limit`, also when `_limit=null` asks for "no page limit". */
export const MAX_PAGE_SIZE = 2000;
export const DEFAULT_SORT = '-created_at';

/** A list request's raw query: reserved keys plus filters in the spec's own names. */
export const ZListQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZCount = z.object({ count: z.number().int() });
