import { sql, type Queryable } from '../../plugins/db/index.ts';

/** The thresholds, in days before the due date, at which the merchant is reminded (issue 36). */
export const REMINDER_DAYS = [7, 2] as const;
export type ReminderDays = (typeof REMINDER_DAYS)[number];

export type DueDispute = {
  id: string;
  organisation_id: string;
  merchant_id: string;
  mode: string;
  amount: number;
  currency_code: string;
  reason_code: string | null;
  due_at: Date;
  days_before: ReminderDays;
};

/**
 * Open, unanswered chargebacks inside a reminder threshold whose reminder for the nearest threshold
 * was not recorded yet. Only the nearest: a chargeback opened 3 days before its due date (or a
 * worker that was down) gets the 2-day reminder, never a late 7-day one as well.
 */
export const disputesToRemind = (q: Queryable, now: Date, limit: number) =>
  q.query<DueDispute>(sql`
    select e.id, e.organisation_id, e.merchant_id, e.mode, e.amount::float8 as amount, e.currency_code, e.reason_code, e.due_at,
      case when e.due_at <= ${now}::timestamptz + interval '2 days' then 2 else 7 end as days_before
    from chargeback e
    where e.status = 'OPEN' and e.response_outcome is null and e.due_at is not null
      and e.due_at > ${now} and e.due_at <= ${now}::timestamptz + interval '7 days'
      and not exists (select 1 from dispute_reminder r where r.chargeback_id = e.id
        and r.days_before = case when e.due_at <= ${now}::timestamptz + interval '2 days' then 2 else 7 end)
    order by e.due_at limit ${limit}`);

/**
 * Claims a reminder: the first caller inserts the row and gets true; every other worker or rerun,
 * also one racing in the same instant (the primary key waits for the first to commit), gets false.
 */
export const claimReminder = async (q: Queryable, d: DueDispute) =>
  (
    await q.query<{ chargeback_id: string }>(sql`insert into dispute_reminder
      (chargeback_id, days_before, organisation_id, merchant_id, mode, due_at)
      values (${d.id}, ${d.days_before}, ${d.organisation_id}, ${d.merchant_id}, ${d.mode}, ${d.due_at})
      on conflict (chargeback_id, days_before) do nothing returning chargeback_id`)
  ).length === 1;

export const countReminderRecipients = (q: Queryable, d: DueDispute, recipients: number) =>
  q.query(
    sql`update dispute_reminder set recipients = ${recipients} where chargeback_id = ${d.id} and days_before = ${d.days_before}`,
  );

export type ReminderRecipient = { id: string; email: string; name: string; language: string; time_zone: string };

/**
 * Who may answer the dispute: active users of the chargeback's merchant whose organisation is the
 * chargeback's or above it (a sub-organisation is not told of its parent's or a sibling's), holding
 * one of the roles. Provider staff are not mailed: the merchant answers its disputes.
 */
export const reminderRecipients = (q: Queryable, d: DueDispute, roles: readonly string[]) =>
  q.query<ReminderRecipient>(sql`
    select u.id, u.email, u.name, u.language, u.time_zone
    from app_user u join organisation uo on uo.id = u.organisation_id
    where u.status = 'active' and (uo.id = ${d.merchant_id} or uo.merchant_id = ${d.merchant_id})
      and exists (select 1 from organisation co where co.id = ${d.organisation_id} and co.path like uo.path || '%')
      and exists (select 1 from user_role r where r.user_id = u.id and r.role = any(${[...roles]}))
    order by u.id limit 200`);
