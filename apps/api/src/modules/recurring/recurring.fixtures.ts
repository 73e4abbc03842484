import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.ts';
import { sql, type Db } from '../../plugins/db/index.ts';

/** Test helpers of the recurring module: customers straight in the database, calls through the API. */
export const insertCustomer = async (
  db: Db,
  org: { id: string; merchantId: string | null },
  values: { email?: string; status?: string } = {},
) => {
  const id = newId('cus');
  await db.query(sql`insert into customer (id, organisation_id, merchant_id, email_address, first_name, last_name, status)
    values (${id}, ${org.id}, ${org.merchantId}, ${values.email ?? `${id}@example.test`}, 'Test', 'Customer', ${values.status ?? 'VERIFIED'})`);
  return id;
};

export type Who = { cookie: string };

export const call = async (
  app: FastifyInstance,
  who: Who,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) => {
  const response = await app.inject({
    method,
    url,
    headers: who,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
};

/** The paths of a 4xx answer's details, sorted: what the user sees highlighted. */
export const paths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path).sort();

export const planBody = (paymentProfile: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Monthly box',
  description: 'A box every month',
  payment_profile: paymentProfile,
  amount: 1000,
  interval: 'month',
  ...overrides,
});
