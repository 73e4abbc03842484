import type { TFeeRule } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import { sql, type Db } from '../../plugins/db/index.ts';
import { insertOrganisation } from '../settings/organisation.repository.ts';

export type SettlementMerchant = { id: string; profileId: string; paymentProfileId: string };

export type SettlementMerchantOptions = {
  rules: TFeeRule[];
  /** Cost and partner schemes of the package (none when left out). */
  costRules?: TFeeRule[] | null;
  partnerRules?: TFeeRule[] | null;
  reserve?: { bp: number; days: number } | null;
  minimumPayout?: number;
  /** The first day the profile settles. */
  effectiveFrom: Date;
  /** An existing merchant to give the profile (it gets the collecting feature); a new one when left out. */
  merchant?: { id: string; paymentProfileId: string };
};

/**
 * A collecting merchant with its own revenue scheme (and reserve), package, weekly schedule
 * (payout two days after the period), bank account and settlement profile: what a provider sets up
 * in finance before the settlement engine settles it. Tests only.
 */
export const insertSettlementMerchant = async (
  db: Db,
  providerId: string,
  options: SettlementMerchantOptions,
): Promise<SettlementMerchant> => {
  const { rules, costRules = null, partnerRules = null, reserve = null, minimumPayout = 0, effectiveFrom } = options;
  const orgId =
    options.merchant?.id ??
    (
      await insertOrganisation(db, {
        parentId: providerId,
        name: `M ${newId('x')}`,
        countryCode: 'NL',
        features: ['collecting'],
      })
    ).id;
  if (options.merchant)
    await db.query(
      sql`update organisation set features = array_append(features, 'collecting') where id = ${orgId} and not ('collecting' = any(features))`,
    );
  const ids = {
    scheme: newId('psc'),
    cost: newId('psc'),
    partner: newId('psc'),
    reserve: newId('psc'),
    pkg: newId('pkg'),
    account: newId('ba'),
    profile: newId('spf'),
    pp: newId('pp'),
    schedule: newId('ssc'),
  };
  await db.query(
    sql`insert into pricing_scheme (id, organisation_id, type, name, rules) values (${ids.scheme}, ${providerId}, 'revenue', 'r', ${JSON.stringify(rules)}::jsonb)`,
  );
  if (reserve)
    await db.query(
      sql`insert into pricing_scheme (id, organisation_id, type, name, reserve_bp, reserve_days) values (${ids.reserve}, ${providerId}, 'reserve', 'res', ${reserve.bp}, ${reserve.days})`,
    );
  if (costRules)
    await db.query(
      sql`insert into pricing_scheme (id, organisation_id, type, name, rules) values (${ids.cost}, ${providerId}, 'cost', 'c', ${JSON.stringify(costRules)}::jsonb)`,
    );
  if (partnerRules)
    await db.query(
      sql`insert into pricing_scheme (id, organisation_id, type, name, rules) values (${ids.partner}, ${providerId}, 'partner', 'p', ${JSON.stringify(partnerRules)}::jsonb)`,
    );
  await db.query(sql`insert into finance_package (id, organisation_id, name, revenue_scheme_id, reserve_scheme_id, cost_scheme_id, partner_scheme_id)
    values (${ids.pkg}, ${providerId}, 'p', ${ids.scheme}, ${reserve ? ids.reserve : null}, ${costRules ? ids.cost : null}, ${partnerRules ? ids.partner : null})`);
  await db.query(
    sql`insert into settlement_schedule (id, organisation_id, name, interval, payout_delay_days, minimum_payout) values (${ids.schedule}, ${providerId}, 'w', 'weekly', 2, ${minimumPayout})`,
  );
  await db.query(
    sql`insert into bank_account (id, organisation_id, merchant_id, holder_name, iban) values (${ids.account}, ${orgId}, ${orgId}, 'M', ${`NL${ids.account}`})`,
  );
  await db.query(sql`insert into settlement_profile (id, organisation_id, merchant_id, package_id, settlement_schedule_id, bank_account_id, effective_from)
    values (${ids.profile}, ${orgId}, ${orgId}, ${ids.pkg}, ${ids.schedule}, ${ids.account}, ${effectiveFrom.toISOString().slice(0, 10)})`);
  if (!options.merchant)
    await db.query(
      sql`insert into payment_profile (id, organisation_id, merchant_id, name, display_name) values (${ids.pp}, ${orgId}, ${orgId}, 'pp', 'pp')`,
    );
  return { id: orgId, profileId: ids.profile, paymentProfileId: options.merchant?.paymentProfileId ?? ids.pp };
};
