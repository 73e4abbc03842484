import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.ts';
import { sql, type Db } from '../../plugins/db/index.ts';

/** A customer of an organisation; returns its id. */
export const insertTestCustomer = async (
  db: Db,
  org: { id: string; merchantId: string | null },
  values: { status?: string; lastName?: string } = {},
) => {
  const id = newId('cus');
  await db.query(sql`insert into customer (id, organisation_id, merchant_id, last_name, email_address, status)
    values (${id}, ${org.id}, ${org.merchantId}, ${values.lastName ?? 'Jansen'}, ${`${id}@example.test`}, ${values.status ?? 'VERIFIED'})`);
  return id;
};

// Tests read answer bodies field by field, the way the screens do; typing each would add nothing.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Call = { status: number; body: any; headers: Record<string, unknown> };

/** One request as the signed-in user, answering status, parsed body and headers. */
export const caller =
  (app: FastifyInstance) =>
  async (
    who: { cookie: string },
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Call> => {
    const response = await app.inject({
      method,
      url,
      headers: { ...who, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const isJson = String(response.headers['content-type'] ?? '').includes('json');
    return { status: response.statusCode, body: isJson ? response.json() : response.body, headers: response.headers };
  };

/** Splits CSV whose cells hold no quotes, commas or line breaks (what these tests export). */
export const parseSimpleCsv = (text: string): string[][] => {
  if (text.includes('"')) throw new Error('parseSimpleCsv: quoted cells are not expected in this test');
  return text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
};
