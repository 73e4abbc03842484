/** Default page size of every list (spec "Shared request conventions"). */
export const DEFAULT_PAGE_SIZE = 25;
/** Hard cap for `_limit`, also when `_limit=null` asks for "no page limit". */
export const MAX_PAGE_SIZE = 2000;
export const DEFAULT_SORT = '-created_at';
