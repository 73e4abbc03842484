import { sql, type Queryable } from '../../plugins/db/index.ts';
import type { DesignColumns } from './hosted-checkout.repository.ts';
import { LINK_DESIGN_COLUMNS, LINK_DESIGN_JOIN } from './payment-link-page.repository.ts';

export type SubscriptionPageRow = DesignColumns & {
  status: string;
  merchant_name: string;
  plan_name: string;
  plan_description: string;
  amount: string | number;
  currency_code: string;
  interval: string;
  interval_count: number;
  payment_product: string;
  start_date: Date;
  next_attempt_at: Date | null;
  due_date: Date | null;
  billing_cycle: number;
  max_billing_cycle: number | null;
  last_paid_date: Date | null;
  cancelled_at: Date | null;
};

/**
 * A subscription by its token with what its page shows: the token is the only key, so the query
 * answers that one subscription and never another's customer or merchant data.
 */
export const loadSubscriptionPage = async (db: Queryable, token: string): Promise<SubscriptionPageRow | undefined> =>
  (
    await db.query<SubscriptionPageRow>(sql`select l.status, coalesce(nullif(p.display_name, ''), p.name) as merchant_name,
      pl.name as plan_name, pl.description as plan_description, l.amount, l.currency_code, pl.interval, pl.interval_count,
      l.payment_product, l.start_date, l.next_attempt_at, l.due_date, l.billing_cycle, l.max_billing_cycle,
      l.last_paid_date, l.cancelled_at,
      ${LINK_DESIGN_COLUMNS}
    from subscription l join plan pl on pl.id = l.plan_id
      join payment_profile p on p.id = l.payment_profile_id
      ${LINK_DESIGN_JOIN}
    where l.token = ${token}`)
  )[0];
