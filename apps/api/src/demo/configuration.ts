import { TERMINAL_MODELS } from '@kassa/domain';
import { newId } from '../lib/ids.ts';
import { sql, type Db } from '../plugins/db/index.ts';

const CITIES = ['Amsterdam', 'Utrecht', 'Rotterdam', 'Den Haag', 'Eindhoven', 'Groningen'];
const BANKS = [
  ['ABNA', 'ABNANL2A'],
  ['RABO', 'RABONL2U'],
  ['INGB', 'INGBNL2A'],
] as const;

/** A Dutch IBAN with correct check digits (ISO 13616 mod 97), so the bank-account screens accept it. */
export const dutchIban = (bank: string, account: number): string => {
  const bban = `${bank}${String(account).padStart(10, '0')}`;
  const numeric = `${bban}NL00`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  return `NL${String(98 - Number(BigInt(numeric) % 97n)).padStart(2, '0')}${bban}`;
};

/**
 * A payout bank account (linked to the merchant's payment profiles), terminals and one open share
 * request per merchant, so Settings → Bank accounts, Developers → Terminals and the share screens
 * show something real. Deterministic (by merchant order); runs once, after the bulk world.
 */
export const createDemoConfiguration = async (db: Db): Promise<void> => {
  const merchants = await db.query<{ id: string; name: string; profile: string | null }>(
    sql`select o.id, o.name, (select p.id from payment_profile p where p.merchant_id = o.id order by p.created_at, p.id limit 1) as profile
      from organisation o where o.type = 'merchant' order by o.created_at, o.id`,
  );
  const [processor] = await db.query<{ id: string; provider: string }>(
    sql`select id, name as provider from processor where type = 'processor' order by created_at, id limit 1`,
  );
  await db.transaction(async (tx) => {
    for (const [index, merchant] of merchants.entries()) {
      const [bank, bic] = BANKS[index % BANKS.length];
      const accountId = newId('ba');
      await tx.query(sql`insert into bank_account (id, organisation_id, merchant_id, holder_name, iban, bic, currency_code, description)
        values (${accountId}, ${merchant.id}, ${merchant.id}, ${merchant.name}, ${dutchIban(bank, 417_164_300 + index * 7_919)}, ${bic}, 'EUR', 'Payouts')`);
      await tx.query(sql`update payment_profile set bank_account = ${accountId} where merchant_id = ${merchant.id}`);
      if (!merchant.profile) continue;
      const count = 1 + (index % 3);
      for (let n = 0; n < count; n++) {
        const serial = `${String(1800 + index).padStart(4, '0')}-${String(n + 1).padStart(3, '0')}-${(index * 7 + n * 13).toString(36).toUpperCase().padStart(3, '0')}`;
        await tx.query(sql`insert into terminal (id, organisation_id, merchant_id, payment_profile_id, name, serial_number, model, status, location)
          values (${newId('trm')}, ${merchant.id}, ${merchant.id}, ${merchant.profile}, ${`Kassa ${n + 1}`}, ${serial},
            ${TERMINAL_MODELS[(index + n) % TERMINAL_MODELS.length]}, ${n === 2 ? 'inactive' : 'active'}, ${CITIES[(index + n) % CITIES.length]})`);
      }
      await tx.query(sql`insert into share_request (id, organisation_id, merchant_id, processor_id, provider, message, fields, requested_by)
        values (${newId('shr')}, ${merchant.id}, ${merchant.id}, ${processor?.id ?? null}, ${processor?.provider ?? 'Adyen'},
          ${`Please share the API credentials of ${merchant.name}'s own acquiring contract, so we can route its card payments through it.`},
          ${JSON.stringify([
            { name: 'api_key', description: 'Live API key', value: null },
            { name: 'merchant_account', description: 'Merchant account name', value: null },
          ])}::jsonb,
          ${'Kassa Payments'})`);
    }
  });
};
