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
