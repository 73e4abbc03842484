import { sql, type Sql } from '../plugins/db/index.ts';
import type { Tenancy } from './entity.ts';

/**
 * What a request may see. Worked out once per request from the signed-in user (or API key)
 * and applied by the query layer to every query, so no route can forget it.
 */
export type Scope =
  | { kind: 'all' }
  | { kind: 'merchant'; merchantId: string; orgPath: string }
  | { kind: 'orgs'; orgIds: string[]; orgPath: string };

/** The SQL condition that keeps rows of other tenants out. */
export const scopeCondition = (scope: Scope, tenancy: Tenancy): Sql | null => {
  if (scope.kind === 'all' || tenancy === 'shared') return null;
  if (tenancy === 'organisation') return sql`e.path like ${`${scope.orgPath}%`}`;
  if (tenancy === 'member') return sql`e.organisation_id in (select o.id from organisation o where o.path like ${`${scope.orgPath}%`})`;
  return scope.kind === 'merchant'
    ? sql`e.merchant_id = ${scope.merchantId}`
    : sql`e.organisation_id = any(${scope.orgIds})`;
};
