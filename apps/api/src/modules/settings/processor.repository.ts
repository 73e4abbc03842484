import { sql, type Queryable } from '../../plugins/db/index.ts';

export type StoredDetail = { name: string; description: string | null; value: string };

/** The type of an organisation inside the subtree at `subtreePath`; undefined outside it. */
export const findOrganisationTypeInSubtree = async (
  tx: Queryable,
  subtreePath: string,
  id: string,
): Promise<{ type: string } | undefined> =>
  (
    await tx.query<{ type: string }>(
      sql`select type from organisation where id = ${id} and path like ${`${subtreePath}%`}`,
    )
  )[0];

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

/** The processor's fields an update checks, locked until the transaction ends. */
export const lockProcessor = async (tx: Queryable, id: string): Promise<LockedProcessor | undefined> =>
  (
    await tx.query<LockedProcessor>(
      sql`select type, details, payment_product, processor_settlement_type from processor where id = ${id} for update`,
    )
  )[0];

/** Locks a middleware row until the transaction ends; undefined when there is none. */
export const lockMiddleware = async (tx: Queryable, id: string): Promise<{ id: string } | undefined> =>
  (await tx.query<{ id: string }>(sql`select id from middleware where id = ${id} for update`))[0];

/** Routings whose tree sends payments to this processor but that route another product than `product`. */
export const routingsOfOtherProduct = (tx: Queryable, processorId: string, product: string | null) =>
  tx.query<{ id: string; name: string; payment_product: string }>(
    sql`select id, name, payment_product from routing
      where ${processorId} = any(processors) and payment_product is distinct from ${product} order by name, id`,
  );
