import { sql, type Queryable } from '../../plugins/db/index.ts';

export type StoredDetail = { name: string; description: string | null; value: string };

export const findProcessorDetails = async (
  db: Queryable,
  id: string,
): Promise<{ details: StoredDetail[] } | undefined> =>
  (await db.query<{ details: StoredDetail[] }>(sql`select details from processor where id = ${id}`))[0];

export type LockedProcessor = {
  type: string;
  details: StoredDetail[];
  payment_product: string | null;
  processor_settlement_type: string | null;
};

/** Routings whose tree sends payments to this processor but that route another product than `product`. */
export const routingsOfOtherProduct = (tx: Queryable, processorId: string, product: string | null) =>
  tx.query<{ id: string; name: string; payment_product: string }>(
    sql`select id, name, payment_product from routing
      where ${processorId} = any(processors) and payment_product is distinct from ${product} order by name, id`,
  );
