import {
  MERCHANT_CONFIGURATION_DEFAULTS,
  type TMerchantConfiguration,
  type TMerchantConfigurationUpdate,
} from '@kassa/domain';
import { notFound } from '../../lib/http-error.ts';
import type { Actor } from '../../plugins/actor.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { Db, Queryable } from '../../plugins/db/index.ts';
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
const findMerchant = async (db: Queryable, actor: Actor, id: string, lock = false) => {
  const org = await findMerchantInSubtree(db, actor.organisation.path, id, lock);
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

/** Saves the fields sent (an upsert on the merchant's row, the MCC on the organisation), in one transaction. */
export const updateMerchantConfiguration = async (
  db: Db,
  actor: Actor,
  id: string,
  body: TMerchantConfigurationUpdate,
): Promise<TMerchantConfiguration> => {
  return db.transaction(async (tx) => {
    await findMerchant(tx, actor, id, true);
    if (body.mcc !== undefined) await updateOrganisationMcc(tx, id, body.mcc);
    await upsertMerchantConfiguration(tx, id, actor.audit.userName ?? null, body);
    await recordAudit(tx, {
      ...actor.audit,
      type: 'merchant_configuration_updated',
      responseCode: 200,
      entity: 'organisation',
      entityId: id,
      detail: { fields: Object.keys(body) },
    });
    return readMerchantConfiguration(tx, actor, id);
  });
};
