import { MERCHANT_CONFIGURATION_DEFAULTS, type TMerchantConfiguration, type TMerchantConfigurationUpdate } from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { sql, type Db, type Queryable } from '../../plugins/db/index.ts';

const CONFIG_COLUMNS = Object.keys(MERCHANT_CONFIGURATION_DEFAULTS).filter((key) => key !== 'mcc');

/** The configuration that limits payments (read by the payments engine and refunds); defaults when none was saved. */
export type MerchantLimits = { max_transaction_amount: number | null; three_ds_policy: string; refunds_enabled: boolean; recurring_enabled: boolean };
export const merchantLimits = async (db: Queryable, merchantId: string): Promise<MerchantLimits> => {
  const [row] = await db.query<MerchantLimits>(
    sql`select max_transaction_amount::float8 as max_transaction_amount, three_ds_policy, refunds_enabled, recurring_enabled from merchant_configuration where merchant_id = ${merchantId}`,
  );
  return row ?? { max_transaction_amount: null, three_ds_policy: 'rulesets', refunds_enabled: true, recurring_enabled: true };
};

/** A merchant organisation the caller can see; a sub-organisation, the provider or a foreign id is a 404. */
const findMerchant = async (db: Queryable, caller: Actor, id: string, lock = false) => {
  const [org] = await db.query<{ id: string; name: string; mcc: string | null }>(
    sql`select id, name, mcc from organisation where id = ${id} and type = 'merchant' and path like ${`${caller.organisation.path}%`} ${lock ? sql`for update` : sql.empty}`,
  );
  if (!org) throw notFound('Merchant');
  return org;
};

export const readMerchantConfiguration = async (db: Queryable, caller: Actor, id: string): Promise<TMerchantConfiguration> => {
  const org = await findMerchant(db, caller, id);
  const [stored] = await db.query<Record<string, unknown>>(
    sql`select statement_descriptor, risk_level, three_ds_policy, max_transaction_amount::float8 as max_transaction_amount, settlement_delay_days,
      reserve_percentage::float8 as reserve_percentage, reserve_days, refunds_enabled, recurring_enabled, payouts_paused, notes, updated_by, updated_at
      from merchant_configuration where merchant_id = ${id}`,
  );
  return { ...MERCHANT_CONFIGURATION_DEFAULTS, updated_at: null, updated_by: null, ...stored, mcc: org.mcc, merchant: org.id, merchant_name: org.name } as TMerchantConfiguration;
};

/** Saves the fields sent (an upsert on the merchant's row, the MCC on the organisation), in one transaction. */
export const updateMerchantConfiguration = async (db: Db, caller: Actor, id: string, body: TMerchantConfigurationUpdate): Promise<TMerchantConfiguration> => {
  return db.transaction(async (tx) => {
    await findMerchant(tx, caller, id, true);
    if (body.mcc !== undefined) await tx.query(sql`update organisation set mcc = ${body.mcc}, updated_at = now() where id = ${id}`);
    const changed = CONFIG_COLUMNS.filter((column) => (body as Record<string, unknown>)[column] !== undefined);
    const value = (column: string) => (body as Record<string, unknown>)[column] ?? null;
    await tx.query(sql`insert into merchant_configuration (merchant_id, updated_by ${sql.raw(changed.map((c) => `, ${c}`).join(''))})
      values (${id}, ${caller.audit.userName ?? null} ${sql.join(changed.map((c) => sql`, ${value(c)}`), '')})
      on conflict (merchant_id) do update set updated_by = excluded.updated_by, updated_at = now() ${sql.raw(changed.map((c) => `, ${c} = excluded.${c}`).join(''))}`);
    await recordAudit(tx, { ...caller.audit, type: 'merchant_configuration_updated', responseCode: 200, entity: 'organisation', entityId: id, detail: { fields: Object.keys(body) } });
    return readMerchantConfiguration(tx, caller, id);
  });
};
