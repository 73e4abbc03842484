import { sql, type Queryable } from '../../plugins/db/index.ts';

/** Failed card payments of one merchant's card in the last `windowSeconds`. */
export const countCardFailures = async (
  db: Queryable,
  merchantId: string,
  cardKey: string,
  windowSeconds: number,
): Promise<number> =>
  (
    await db.query<{ n: number }>(sql`select count(*)::int as n from card_failure
      where merchant_id = ${merchantId} and card_key = ${cardKey} and failed_at > now() - make_interval(secs => ${windowSeconds})`)
  )[0].n;

/** Records a failed card payment, and forgets this card's failures that no window looks at any more. */
export const recordCardFailure = async (db: Queryable, merchantId: string, cardKey: string, keepSeconds: number) => {
  await db.query(sql`delete from card_failure where merchant_id = ${merchantId} and card_key = ${cardKey}
    and failed_at < now() - make_interval(secs => ${keepSeconds})`);
  await db.query(sql`insert into card_failure (merchant_id, card_key) values (${merchantId}, ${cardKey})`);
};

/** Counts a failed attempt on a link; at `cap` the link is BLOCKED. Answers the attempts so far and whether this one blocked it. */
export const recordLinkFailure = async (
  db: Queryable,
  linkId: string,
  cap: number,
): Promise<{ failed_attempts: number; blocked: boolean }> =>
  (
    await db.query<{ failed_attempts: number; blocked: boolean }>(sql`update payment_link
      set failed_attempts = failed_attempts + 1,
        status = case when failed_attempts + 1 >= ${cap} then 'BLOCKED' else status end, updated_at = now()
      where id = ${linkId} returning failed_attempts, status = 'BLOCKED' as blocked`)
  )[0];
