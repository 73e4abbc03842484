import {
  MERCHANT_CONFIGURATION_DEFAULTS,
  type TMerchantConfiguration,
  type TMerchantConfigurationUpdate,
} from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
import { defineWrite, lockInScope, noteOf, writeEntity } from '../../query/write.ts';
import { merchantEntity } from './merchant.entity.ts';
import {
  findMerchantConfiguration,
  findMerchantInSubtree,
  findMerchantLimits,
  updateOrganisationMcc,
  upsertMerchantConfiguration,
  type MerchantLimits,
} from './merchant-configuration.repository.ts';

export type { MerchantLimits };

/** The configuration that limits payments (read by the payments engine and refunds); defaults when none was saved. */
export const merchantLimits = async (db: Queryable, merchantId: string): Promise<MerchantLimits> => {
  const row = await findMerchantLimits(db, merchantId);
  return (
    row ?? { max_transaction_amount: null, three_ds_policy: 'rulesets', refunds_enabled: true, recurring_enabled: true }
  );
};

/** A merchant organisation the actor can see; a sub-organisation, the provider or a foreign id is a 404. */
const findMerchant = async (db: Queryable, actor: Actor, id: string) => {
  const org = await findMerchantInSubtree(db, actor.organisation.path, id);
  if (!org) throw notFound('Merchant');
  return org;
};

export const readMerchantConfiguration = async (
  db: Queryable,
  actor: Actor,
  id: string,
): Promise<TMerchantConfiguration> => {
  const org = await findMerchant(db, actor, id);
  const stored = await findMerchantConfiguration(db, id);
  return {
    ...MERCHANT_CONFIGURATION_DEFAULTS,
    updated_at: null,
    updated_by: null,
    ...stored,
    mcc: org.mcc,
    merchant: org.id,
    merchant_name: org.name,
  } as TMerchantConfiguration;
};

/** A merchant's configuration: one row per merchant organisation, recorded as a change of the organisation. */
const configurationWrite = defineWrite({
  entity: merchantEntity,
  path: 'psp/merchant/configuration',
  table: 'organisation',
  idPrefix: 'org',
  label: 'Merchant',
  audit: { entity: 'organisation', type: 'merchant_configuration' },
  ownerColumn: 'id',
});

/** Saves the fields sent (an upsert on the merchant's row, the MCC on the organisation), in one transaction. */
export const updateMerchantConfiguration = async (
  db: Db,
  actor: Actor,
  id: string,
  body: TMerchantConfigurationUpdate,
): Promise<TMerchantConfiguration> => {
  await writeEntity(db, actor, configurationWrite, async (tx) => {
    await lockInScope(tx, actor, configurationWrite, id);
    if (body.mcc !== undefined) await updateOrganisationMcc(tx, id, body.mcc);
    await upsertMerchantConfiguration(tx, id, actor.audit.userName ?? null, body);
    return { id, notes: [noteOf(configurationWrite, 'updated', { fields: Object.keys(body) })] };
  });
  return readMerchantConfiguration(db, actor, id);
};
