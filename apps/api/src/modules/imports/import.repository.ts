import type { TImportRejection, TMode, ZImportCustomerRow, ZImportTransactionRow } from '@kassa/domain';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

export type ImportRow = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  mode: TMode;
  kind: 'customers' | 'transactions';
  content: string | null;
  status: string;
};

export const findImportJob = async (db: Queryable, id: string): Promise<ImportRow | undefined> =>
  (
    await db.query<ImportRow>(
      sql`select id, organisation_id, merchant_id, mode, kind, content, status from import_job where id = ${id}`,
    )
  )[0];

export const markImportRunning = (db: Queryable, id: string) =>
  db.query(sql`update import_job set status = 'running' where id = ${id}`);

/** The import ends as failed with this reason; the file content is dropped. */
export const markImportFailed = (db: Queryable, id: string, error: string) =>
  db.query(
    sql`update import_job set status = 'failed', error = ${error}, content = null, finished_at = now() where id = ${id}`,
  );

/** The import ends as done with its counts and the rejected rows; the file content is dropped. */
export const markImportDone = (
  tx: Queryable,
  id: string,
  totalRows: number,
  imported: number,
  rejected: TImportRejection[],
) =>
  tx.query(sql`update import_job set status = 'done', total_rows = ${totalRows}, imported_rows = ${imported}, rejected_rows = ${rejected.length},
      report = ${JSON.stringify(rejected)}::jsonb, content = null, finished_at = now() where id = ${id}`);

/** The merchant the rows of an import are added to, and their mode (the import's: test mode, issue 38). */
export type ImportTarget = { organisationId: string; merchantId: string; mode: TMode };

/** True when the merchant already has a customer of the mode with this (lower-cased) e-mail address. */
export const hasCustomerWithEmail = async (db: Queryable, target: ImportTarget, email: string): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from customer where merchant_id = ${target.merchantId} and mode = ${target.mode} and lower(email_address) = ${email}`,
    )
  ).length > 0;

export const insertImportedCustomer = (db: Queryable, target: ImportTarget, c: z.infer<typeof ZImportCustomerRow>) =>
  db.query(sql`insert into customer (id, organisation_id, merchant_id, email_address, first_name, last_name, phone_number, street_address, house_number, postal_code, city, country_code, date_of_birth, mode)
      values (${newId('cus')}, ${target.organisationId}, ${target.merchantId}, ${c.email_address}, ${c.first_name}, ${c.last_name}, ${c.phone_number}, ${c.street_address}, ${c.house_number}, ${c.postal_code}, ${c.city}, ${c.country_code}, ${c.date_of_birth}, ${target.mode})`);

/** The merchant's payment profiles and their currencies, by id. */
export const profileCurrencies = async (db: Queryable, merchantId: string): Promise<Map<string, string>> =>
  new Map(
    (
      await db.query<{ id: string; currency_code: string }>(
        sql`select id, currency_code from payment_profile where merchant_id = ${merchantId}`,
      )
    ).map((p) => [p.id, p.currency_code]),
  );

/** True when the merchant already has a transaction of the mode with this reference. */
export const hasTransactionWithReference = async (
  db: Queryable,
  target: ImportTarget,
  reference: string,
): Promise<boolean> =>
  (
    await db.query(
      sql`select 1 from transaction where merchant_id = ${target.merchantId} and mode = ${target.mode} and merchant_reference = ${reference}`,
    )
  ).length > 0;

/** The merchant's customer of the mode with this e-mail address (compared case-insensitively), if any. */
export const findCustomerIdByEmail = async (
  db: Queryable,
  target: ImportTarget,
  email: string,
): Promise<string | undefined> =>
  (
    await db.query<{ id: string }>(
      sql`select id from customer where merchant_id = ${target.merchantId} and mode = ${target.mode} and lower(email_address) = ${email.toLowerCase()} limit 1`,
    )
  )[0]?.id;

/** Adds an imported transaction with the status it had, dated as it was created. */
export const insertImportedTransaction = (
  db: Queryable,
  target: ImportTarget,
  r: z.infer<typeof ZImportTransactionRow>,
  currency: string,
  customerId: string | null,
) => {
  const created = new Date(r.created_at);
  const history = JSON.stringify([{ status: r.status, at: created.toISOString(), reason: 'imported' }]);
  return db.query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, merchant_reference, amount, currency_code,
        payment_product_type, status, description, status_history, created_at, updated_at, mode)
      values (${newId('tx', created.getTime())}, ${target.organisationId}, ${target.merchantId}, ${r.payment_profile}, ${customerId}, ${r.merchant_reference},
        ${r.amount}, ${currency}, ${r.payment_product_type}, ${r.status}, ${r.description}, ${history}::jsonb, ${created}, ${created}, ${target.mode})`);
};
