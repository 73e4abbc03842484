import { z } from 'zod';

// The constants live apart from zod so the browser can use them without loading zod.
export { DEFAULT_PAGE_SIZE, DEFAULT_SORT, MAX_PAGE_SIZE } from '../list-defaults.ts';

/** A list request's raw query: reserved keys plus filters in the spec's own names. */
export const ZListQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
export type TListQuery = z.infer<typeof ZListQuery>;

export const ZCount = z.object({ count: z.number().int() });
