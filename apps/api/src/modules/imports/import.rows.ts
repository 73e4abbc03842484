import { ZImportCustomerRow, ZImportTransactionRow, type TImportRejection } from '@kassa/domain';
import type { z } from 'zod';
import type { Queryable } from '../../plugins/db/index.ts';
import {
  findCustomerIdByEmail,
  hasCustomerWithEmail,
  hasTransactionWithReference,
  insertImportedCustomer,
  insertImportedTransaction,
  profileCurrencies,
  type ImportTarget as Target,
} from './import.repository.ts';

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
    if ((await hasCustomerWithEmail(tx, target, email)) || seen.has(email)) {
      rejected.push({ line, reason: `a customer with e-mail ${c.email_address} already exists` });
      continue;
    }
    seen.add(email);
    await insertImportedCustomer(tx, target, c);
    imported++;
  }
  return { imported, rejected };
};

/** Transactions: the profile must be the merchant's, a reference the merchant already has is rejected. */
export const importTransactions = async (tx: Queryable, target: Target, rows: Row[]): Promise<Outcome> => {
  const rejected: TImportRejection[] = [];
  let imported = 0;
  const profiles = await profileCurrencies(tx, target.merchantId);
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
    if ((await hasTransactionWithReference(tx, target, r.merchant_reference)) || seen.has(r.merchant_reference)) {
      rejected.push({ line, reason: `merchant_reference ${r.merchant_reference} already exists` });
      continue;
    }
    seen.add(r.merchant_reference);
    const customerId = r.customer_email ? await findCustomerIdByEmail(tx, target, r.customer_email) : undefined;
    await insertImportedTransaction(tx, target, r, currency, customerId ?? null);
    imported++;
  }
  return { imported, rejected };
};
