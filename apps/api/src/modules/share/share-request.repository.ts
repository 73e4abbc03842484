import { sql, type Queryable } from '../../plugins/db/index.ts';

export type StoredField = { name: string; description: string | null; value: string | null };

export type LockedShareRequest = { status: string; fields: StoredField[]; processor_id: string | null };

/** A processor (not a processor settlement) with this id; undefined when there is none. */
export const findProcessor = async (tx: Queryable, id: string) =>
  (await tx.query(sql`select id from processor where id = ${id} and type = 'processor'`))[0];

/** The processor's stored details, locked until the transaction ends. */
export const lockProcessorDetails = async (
  tx: Queryable,
  id: string,
): Promise<{ details: StoredField[] } | undefined> =>
  (await tx.query<{ details: StoredField[] }>(sql`select details from processor where id = ${id} for update`))[0];

export const updateProcessorDetails = (tx: Queryable, id: string, details: StoredField[]) =>
  tx.query(sql`update processor set details = ${JSON.stringify(details)}::jsonb, updated_at = now() where id = ${id}`);

export const markShareRequestShared = (tx: Queryable, id: string, fields: StoredField[], sharedBy: string | null) =>
  tx.query(sql`update share_request set fields = ${JSON.stringify(fields)}::jsonb, status = 'shared', shared_by = ${sharedBy},
      shared_at = now(), updated_at = now() where id = ${id}`);

export const markShareRequestRevoked = (tx: Queryable, id: string, fields: StoredField[]) =>
  tx.query(
    sql`update share_request set fields = ${JSON.stringify(fields)}::jsonb, status = 'revoked', revoked_at = now(), updated_at = now() where id = ${id}`,
  );

export const markShareRequestCancelled = (tx: Queryable, id: string) =>
  tx.query(sql`update share_request set status = 'cancelled', updated_at = now() where id = ${id}`);
