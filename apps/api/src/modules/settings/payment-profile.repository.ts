import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { Scope } from '../../query/scope.ts';
import { scopedAnd } from '../../query/where.ts';

export type Routing = { id: string; name: string; payment_product: string; processors: string[] };
export type Profile = {
  processors: string[];
  middleware: string[];
  intelligent_routing: boolean;
  routing: Record<string, string | null>;
};

const asList = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String)
    : String(value ?? '')
        .split(',')
        .filter(Boolean);

/** The routings (intelligent-routing screens) of the actor's tenancy; none while that table does not exist yet. */
export const listRoutings = async (db: Queryable, scope: Scope, ids?: string[]): Promise<Routing[]> => {
  const [table] = await db.query<{ name: string | null }>(sql`select to_regclass('routing')::text as name`);
  if (!table?.name) return [];
  const only = ids ? sql`and e.id = any(${ids})` : sql.empty;
  const rows = await db.query<Record<string, unknown>>(
    sql`select e.* from routing e where true ${only} ${scopedAnd(scope)} order by e.name`,
  );
  return rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    payment_product: String(row.payment_product),
    processors: asList(row.processors),
  }));
};

/** Those of `ids` that are processors (not processor settlements), with their payment product. */
export const findProcessors = (tx: Queryable, ids: string[]) =>
  tx.query<{ id: string; payment_product: string | null }>(
    sql`select id, payment_product from processor where id = any(${ids}) and type = 'processor'`,
  );

/** Those of `ids` that are middleware. */
export const findMiddleware = (tx: Queryable, ids: string[]) =>
  tx.query<{ id: string }>(sql`select id from middleware where id = any(${ids})`);

export type LockedPaymentProfile = Profile & { merchant_id: string; bank_account: string | null };
