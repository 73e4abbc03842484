import { HttpError, notFoundAt } from '../../lib/http-error.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';
import { scopeCondition } from '../../query/where.ts';
import type { Scope } from '../../query/scope.ts';

export type OwnedRow = {
  id: string;
  organisation_id: string;
  merchant_id: string | null;
  currency_code?: string;
  status?: string;
  country_code?: string | null;
};

const TABLES = { payment_profile: 'currency_code', customer: 'status, e.country_code' } as const;

/**
 * A payment profile or customer the caller may use, found by an id from a request body.
 * Another tenant's id answers 404 naming the field, exactly like an unknown id.
 */
export const findOwned = async (
  tx: Queryable,
  scope: Scope,
  table: keyof typeof TABLES,
  id: string,
  path: string,
): Promise<OwnedRow> => {
  const scoped = scopeCondition(scope, 'merchant');
  const [row] =
    await tx.query<OwnedRow>(sql`select e.id, e.organisation_id, e.merchant_id, ${sql.raw(`e.${TABLES[table]}`)}
    from ${sql.raw(table)} e where e.id = ${id} ${scoped ? sql`and ${scoped}` : sql.empty}`);
  if (!row) throw notFoundAt(path, table === 'customer' ? 'Customer' : 'Payment profile');
  return row;
};

/** A customer used with a profile must belong to the same merchant (matters for provider users, who see all). */
export const assertSameMerchant = (profile: OwnedRow, customer: OwnedRow, path: string) => {
  if (customer.merchant_id !== profile.merchant_id) {
    throw new HttpError(404, 'not_found', 'Customer not found for this payment profile', [
      { path, message: 'Not found' },
    ]);
  }
};
