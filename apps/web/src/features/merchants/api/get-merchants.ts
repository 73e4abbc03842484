import { listScreens, type TMerchantRow } from '@kassa/domain';
import { countOptions, listOptions } from '@/lib/entity-api.ts';

export type MerchantRow = TMerchantRow;

/** `GET /v1/psp/merchant`: merchants with their 30-day revenue. */
export const merchantsQueryOptions = listOptions<MerchantRow>(listScreens.merchants.path);
/** `GET /v1/psp/merchant/count` with the list's filters. */
export const merchantsCountQueryOptions = countOptions('psp/merchant');
