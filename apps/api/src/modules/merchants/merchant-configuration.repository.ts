import { MERCHANT_CONFIGURATION_DEFAULTS, type TMerchantConfigurationUpdate } from '@kassa/domain';
import { sql, type Queryable } from '../../plugins/db/index.ts';

const CONFIG_COLUMNS = Object.keys(MERCHANT_CONFIGURATION_DEFAULTS).filter((key) => key !== 'mcc');

/** The configuration that limits payments (read by the payments engine and refunds). */
export type MerchantLimits = {
  max_transaction_amount: number | null;
  three_ds_policy: string;
  refunds_enabled: boolean;
  recurring_enabled: boolean;
};

/** The saved limits of a merchant; undefined when it has no saved configuration. */
export const findMerchantLimits = async (db: Queryable, merchantId: string): Promise<MerchantLimits | undefined> =>
  (
    await db.query<MerchantLimits>(
      sql`select max_transaction_amount::float8 as max_transaction_amount, three_ds_policy, refunds_enabled, recurring_enabled from merchant_configuration where merchant_id = ${merchantId}`,
    )
  )[0];

/** A merchant organisation inside the subtree at `subtreePath`; undefined otherwise. */
export const findMerchantInSubtree = async (db: Queryable, subtreePath: string, id: string) =>
  (
    await db.query<{ id: string; name: string; mcc: string | null }>(
      sql`select id, name, mcc from organisation where id = ${id} and type = 'merchant' and path like ${`${subtreePath}%`}`,
    )
  )[0];

/** The saved configuration columns of a merchant; undefined when none was saved. */
export const findMerchantConfiguration = async (db: Queryable, merchantId: string) =>
  (
    await db.query<Record<string, unknown>>(
      sql`select statement_descriptor, risk_level, three_ds_policy, max_transaction_amount::float8 as max_transaction_amount, settlement_delay_days,
      reserve_percentage::float8 as reserve_percentage, reserve_days, refunds_enabled, recurring_enabled, payouts_paused, notes,
      review_sla_hours, review_expiry_policy, review_by_merchant, updated_by, updated_at
      from merchant_configuration where merchant_id = ${merchantId}`,
    )
  )[0];

export const updateOrganisationMcc = (tx: Queryable, id: string, mcc: string | null) =>
  tx.query(sql`update organisation set mcc = ${mcc}, updated_at = now() where id = ${id}`);

/** Upserts the merchant's configuration row with the columns the body sends (the MCC excepted: it lives on the organisation). */
export const upsertMerchantConfiguration = (
  tx: Queryable,
  merchantId: string,
  updatedBy: string | null,
  body: TMerchantConfigurationUpdate,
) => {
  const changed = CONFIG_COLUMNS.filter((column) => (body as Record<string, unknown>)[column] !== undefined);
  const value = (column: string) => (body as Record<string, unknown>)[column] ?? null;
  return tx.query(sql`insert into merchant_configuration (merchant_id, updated_by ${sql.raw(changed.map((c) => `, ${c}`).join(''))})
      values (${merchantId}, ${updatedBy} ${sql.join(
        changed.map((c) => sql`, ${value(c)}`),
        '',
      )})
      on conflict (merchant_id) do update set updated_by = excluded.updated_by, updated_at = now() ${sql.raw(changed.map((c) => `, ${c} = excluded.${c}`).join(''))}`);
};
