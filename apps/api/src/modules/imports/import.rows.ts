import { ZImportCustomerRow, ZImportTransactionRow, type TImportRejection } from '@kassa/domain';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import { sql, type Queryable } from '../../plugins/db/index.ts';

type Target = { organisationId: string; merchantId: string };
type Outcome = { imported: number; rejected: TImportRejection[] };
type Row = Record<string, string>;

const firstIssue = (error: z.ZodError) => {
  const issue = error.issues[0];
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};

/** Customers: valid rows are added, a row whose e-mail address the merchant already has is rejected. */
export const importCustomers = async (tx: Queryable, target: Target, rows: Row[]): Promise<Outcome> => {
  const rejected: TImportRejection[] = [];
  let imported = 0;
  const seen = new Set<string>();
  for (const [index, raw] of rows.entries()) {
    const line = index + 2;
    const parsed = ZImportCustomerRow.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ line, reason: firstIssue(parsed.error) });
      continue;
    }
    const c = parsed.data;
    const email = c.email_address.toLowerCase();
    const [exists] = await tx.query(
      sql`select 1 from customer where merchant_id = ${target.merchantId} and lower(email_address) = ${email}`,
    );
    if (exists || seen.has(email)) {
      rejected.push({ line, reason: `a customer with e-mail ${c.email_address} already exists` });
      continue;
    }
    seen.add(email);
    await tx.query(sql`insert into customer (id, organisation_id, merchant_id, email_address, first_name, last_name, phone_number, street_address, house_number, postal_code, city, country_code, date_of_birth)
      values (${newId('cus')}, ${target.organisationId}, ${target.merchantId}, ${c.email_address}, ${c.first_name}, ${c.last_name}, ${c.phone_number}, ${c.street_address}, ${c.house_number}, ${c.postal_code}, ${c.city}, ${c.country_code}, ${c.date_of_birth})`);
    imported++;
  }
  return { imported, rejected };
};

/** Transactions: the profile must be the merchant's, a reference the merchant already has is rejected. */
export const importTransactions = async (tx: Queryable, target: Target, rows: Row[]): Promise<Outcome> => {
  const rejected: TImportRejection[] = [];
  let imported = 0;
  const profiles = new Map(
    (
      await tx.query<{ id: string; currency_code: string }>(
        sql`select id, currency_code from payment_profile where merchant_id = ${target.merchantId}`,
      )
    ).map((p) => [p.id, p.currency_code]),
  );
  const seen = new Set<string>();
  for (const [index, raw] of rows.entries()) {
    const line = index + 2;
    const parsed = ZImportTransactionRow.safeParse(raw);
    if (!parsed.success) {
      rejected.push({ line, reason: firstIssue(parsed.error) });
      continue;
    }
    const r = parsed.data;
    const currency = profiles.get(r.payment_profile);
    if (!currency) {
      rejected.push({
        line,
        reason: `payment_profile: ${r.payment_profile} is not a payment profile of this merchant`,
      });
      continue;
    }
    if (r.currency_code && r.currency_code !== currency) {
      rejected.push({ line, reason: `currency_code: the payment profile is in ${currency}` });
      continue;
    }
    const [exists] = await tx.query(
      sql`select 1 from transaction where merchant_id = ${target.merchantId} and merchant_reference = ${r.merchant_reference}`,
    );
    if (exists || seen.has(r.merchant_reference)) {
      rejected.push({ line, reason: `merchant_reference ${r.merchant_reference} already exists` });
      continue;
    }
    seen.add(r.merchant_reference);
    const [customer] = r.customer_email
      ? await tx.query<{ id: string }>(
          sql`select id from customer where merchant_id = ${target.merchantId} and lower(email_address) = ${r.customer_email.toLowerCase()} limit 1`,
        )
      : [];
    const created = new Date(r.created_at);
    const history = JSON.stringify([{ status: r.status, at: created.toISOString(), reason: 'imported' }]);
    await tx.query(sql`insert into transaction (id, organisation_id, merchant_id, payment_profile_id, customer_id, merchant_reference, amount, currency_code,
        payment_product_type, status, description, status_history, created_at, updated_at)
      values (${newId('tx', created.getTime())}, ${target.organisationId}, ${target.merchantId}, ${r.payment_profile}, ${customer?.id ?? null}, ${r.merchant_reference},
        ${r.amount}, ${currency}, ${r.payment_product_type}, ${r.status}, ${r.description}, ${history}::jsonb, ${created}, ${created})`);
    imported++;
  }
  return { imported, rejected };
};
