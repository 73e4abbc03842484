import { newId } from '../lib/ids.ts';
import type { Queryable } from '../plugins/db/index.ts';
import { BulkWriter } from './bulk.ts';
import { DAY } from './calendar.ts';
import type { DemoProfile } from './organisations.ts';
import type { Rng } from './random.ts';

const WEEK = 7 * DAY;
/** 1970-01-05 was a Monday: weeks run Monday 00:00 to Monday 00:00 UTC. */
const MONDAY = 4 * DAY;
/** Payouts happen two days after the week closes. */
const PAYOUT_DELAY = 2 * DAY;

type Bucket = { id: string; profile: DemoProfile; week: number; gross: number; deductions: number; count: number };

/**
 * Weekly settlements per payment profile: settled payments in, refunds and lost chargebacks out,
 * a fee per payment. Built up while transactions are generated (a few hundred buckets at most).
 */
export class Settlements {
  private readonly buckets = new Map<string, Bucket>();

  /** `engineFrom`: weeks of collecting merchants ending after it are settled by the settlement engine instead (demo/finance.ts). */
  constructor(
    private readonly rng: Rng,
    private readonly now: number,
    private readonly engineFrom = Number.POSITIVE_INFINITY,
  ) {}

  private bucket(profile: DemoProfile, at: number): Bucket | undefined {
    const week = Math.floor((at - MONDAY) / WEEK);
    const key = `${profile.id}:${week}`;
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.weekEnd(week) > this.now) return undefined;
      if (this.weekEnd(week) > this.engineFrom && profile.merchant.features?.includes('collecting')) return undefined;
      bucket = {
        id: newId('stl', Math.min(this.weekEnd(week) + PAYOUT_DELAY, this.now), this.rng),
        profile,
        week,
        gross: 0,
        deductions: 0,
        count: 0,
      };
      this.buckets.set(key, bucket);
    }
    return bucket;
  }

  private weekEnd(week: number): number {
    return MONDAY + (week + 1) * WEEK;
  }

  /** A settled payment; payments of the running week wait for next week's settlement. */
  settle(profile: DemoProfile, at: number, amount: number): void {
    const bucket = this.bucket(profile, at);
    if (!bucket) return;
    bucket.gross += amount;
    bucket.count += 1;
  }

  /** Money going back out (a refund or a lost chargeback); returns the settlement it is deducted in. */
  deduct(profile: DemoProfile, at: number, amount: number): string | null {
    const bucket = this.bucket(profile, at);
    if (!bucket) return null;
    bucket.deductions += amount;
    return bucket.id;
  }

  async write(db: Queryable, batchSize: number): Promise<number> {
    const writer = new BulkWriter(
      db,
      'settlement',
      {
        id: 'text',
        organisation_id: 'text',
        merchant_id: 'text',
        payment_profile_id: 'text',
        currency_code: 'text',
        amount: 'int8',
        fee: 'int8',
        transaction_count: 'int4',
        period_start: 'timestamptz',
        period_end: 'timestamptz',
        status: 'text',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
      },
      batchSize,
    );
    for (const b of this.buckets.values()) {
      const end = this.weekEnd(b.week);
      const fee = Math.round(b.gross * 0.012) + b.count * 15;
      const paid = end + PAYOUT_DELAY <= this.now;
      writer.push(
        b.id,
        b.profile.org.id,
        b.profile.merchantId,
        b.profile.id,
        b.profile.spec.currency,
        b.gross - b.deductions - fee,
        fee,
        b.count,
        end - WEEK,
        end,
        paid ? 'PAID' : 'PENDING',
        Math.min(end + PAYOUT_DELAY, this.now),
        Math.min(end + PAYOUT_DELAY, this.now),
      );
    }
    await writer.close();
    return writer.inserted;
  }
}
