import { HttpError } from '../../lib/http-error.ts';
import type { OwnedRow } from '../../query/repository.ts';

/** A customer used with a profile must belong to the same merchant (matters for provider users, who see all). */
export const assertSameMerchant = (profile: OwnedRow, customer: OwnedRow, path: string) => {
  if (customer.merchant_id !== profile.merchant_id) {
    throw new HttpError(404, 'not_found', 'Customer not found for this payment profile', [
      { path, message: 'Not found' },
    ]);
  }
};
