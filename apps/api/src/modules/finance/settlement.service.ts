import { basisPointsOf, type TFeeRule } from '@kassa/domain';
import { newId } from '../../lib/ids.ts';
import type { Db } from '../../plugins/db/index.ts';
import { closedPeriods, dayAfter, type Period } from './settlement.periods.ts';
import {
  activeProfiles,
  closeSettlement,
  insertCarryOvers,
  insertDeductionItems,
  insertPaymentItems,
  insertPayout,
  insertReserve,
  insertReserveReleases,
  insertSettlement,
  lastPeriodEnd,
  lockProfile,
  payDuePayouts,
  settleOneOffs,
  settlementExists,
  totalsFrom,
  type Pricing,
  type ProfileRow,
} from './settlement.repository.ts';

/** How many periods one run settles per profile at most (a long-idle profile catches up over several runs). */
export const MAX_PERIODS_PER_RUN = 120;

export type RunOptions = { now: Date; merchantId?: string | null; maxPeriods?: number };
export type RunResult = { settlements: string[]; periods: number };

/** A scheme's rules when it is valid for (overlaps) the period, else none (priced at 0). */
const rulesFor = (rules: TFeeRule[] | null, from: Date | null, to: Date | null, period: Period): TFeeRule[] => {
  if (!rules) return [];
  if (from && from.getTime() >= period.end.getTime()) return [];
  if (to && to.getTime() < period.start.getTime()) return [];
  return rules;
};

/** What the merchant pays (revenue), what the payments cost the provider (cost) and the partner's commission (partner) in a period. */
const pricingFor = (p: ProfileRow, period: Period): Pricing => ({
  revenue: rulesFor(p.revenue_rules, p.revenue_from, p.revenue_to, period),
  cost: rulesFor(p.cost_rules, p.cost_from, p.cost_to, period),
  partner: rulesFor(p.partner_rules, p.partner_from, p.partner_to, period),
});

/**
 * Settles one merchant, currency and period in one database transaction under the profile's
 * row lock; a period already settled (by this or another worker) is left alone, and the
 * unique indexes on settlement period and item source refuse any second settlement of the same
 * money. Returns the new settlement's id, or null when there was nothing to do.
 */
export const settlePeriod = (db: Db, profileId: string, period: Period, now: Date): Promise<string | null> =>
  db.transaction(async (tx) => {
    const profile = await lockProfile(tx, profileId);
    if (!profile) return null;
    if (await settlementExists(tx, profile.merchant_id, profile.currency_code, period.start)) return null;
    const id = newId('stl', now.getTime());
    const from = new Date(Math.max(period.start.getTime(), profile.effective_from.getTime()));
    const window = {
      settlementId: id,
      merchantId: profile.merchant_id,
      currency: profile.currency_code,
      from,
      end: period.end,
    };
    await insertSettlement(tx, {
      id,
      merchantId: profile.merchant_id,
      currency: profile.currency_code,
      periodStart: period.start,
      periodEnd: period.end,
      profileId: profile.id,
      bankAccountId: profile.bank_account_id,
      now,
    });
    const written = [
      ...(await insertPaymentItems(tx, window, pricingFor(profile, period), profile.country_code)),
      ...(await insertDeductionItems(tx, window)),
      ...(await settleOneOffs(tx, window)),
      ...(await insertCarryOvers(tx, window)),
      ...(await insertReserveReleases(tx, window, profile.reserve_days)),
    ];
    const gross = totalsFrom(written).payment.amount;
    if (profile.reserve_bp && gross > 0)
      written.push(...(await insertReserve(tx, window, basisPointsOf(gross, profile.reserve_bp))));
    const totals = totalsFrom(written);
    const sum = (field: 'amount' | 'fee' | 'cost' | 'commission') =>
      Object.values(totals).reduce((total, t) => total + t[field], 0);
    const fee = sum('fee');
    const amount = sum('amount') - fee;
    // Below the minimum (or owed by the merchant): no payout now, the balance moves into the next settlement.
    const paysOut = amount > 0 && amount >= profile.minimum_payout;
    const payDate = dayAfter(period.end, profile.payout_delay_days);
    const paid = paysOut && payDate <= now.toISOString().slice(0, 10);
    await closeSettlement(tx, id, totals, {
      fee,
      cost: sum('cost'),
      commission: sum('commission'),
      amount,
      status: paysOut ? (paid ? 'PAID' : 'PENDING') : 'CARRIED',
    });
    if (paysOut) {
      await insertPayout(tx, {
        id: newId('po', now.getTime()),
        settlementId: id,
        merchantId: profile.merchant_id,
        bankAccountId: profile.bank_account_id,
        amount,
        currency: profile.currency_code,
        paid,
        payDate,
        now,
      });
    }
    return id;
  });

/** Settles every closed, unsettled period of every active profile (or one merchant's), oldest first. */
export const runSettlement = async (db: Db, options: RunOptions): Promise<RunResult> => {
  const result: RunResult = { settlements: [], periods: 0 };
  for (const profile of await activeProfiles(db, options.merchantId ?? null)) {
    const last = await lastPeriodEnd(db, profile.merchant_id, profile.currency_code);
    const from = last && last.getTime() > profile.effective_from.getTime() ? last : profile.effective_from;
    for (const period of closedPeriods(
      profile.interval,
      from,
      options.now,
      options.maxPeriods ?? MAX_PERIODS_PER_RUN,
    )) {
      if (last && period.start.getTime() < last.getTime()) continue;
      result.periods++;
      const id = await settlePeriod(db, profile.id, period, options.now);
      if (id) result.settlements.push(id);
    }
  }
  return result;
};

/** Scheduled payouts whose day has come are marked paid (the sandbox bank transfer). */
export const markDuePayouts = (db: Db, now: Date): Promise<number> =>
  db.transaction((tx) => payDuePayouts(tx, now.toISOString().slice(0, 10)));
