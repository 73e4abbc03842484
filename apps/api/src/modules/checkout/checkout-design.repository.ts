import { sql, type Queryable } from '../../plugins/db/index.ts';

/** The live subscription plans that name a checkout design (its hosted subscription page's look). */
export const plansUsingDesign = (q: Queryable, id: string) =>
  q.query<{ id: string; name: string }>(
    sql`select id, name from plan where checkout_id = ${id} and deleted_at is null order by name, id`,
  );
