import type { FastifyInstance } from 'fastify';
import { signIn } from './app.ts';

/** Request headers that identify the caller: a session cookie or an API key. */
export type Caller = { cookie: string } | { authorization: string };

/** One call through the real app; the body parsed when there is one. */
export const callAs = async (
  app: FastifyInstance,
  who: Caller,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => {
  const response = await app.inject({
    method,
    url,
    headers: { ...who, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers of many shapes
  return { status: response.statusCode, body: (response.body ? response.json() : undefined) as any };
};

/** The paths named by a 4xx answer, sorted. */
export const errorPaths = (body: { details?: { path: string }[] }) => (body.details ?? []).map((d) => d.path).sort();

export const bearer = (key: string): Caller => ({ authorization: `Bearer ${key}` });

/** The test world's users signed in: merchant A (and its sub-organisation), merchant B, A's read-only analyst, the provider. */
export const signInTestUsers = async (app: FastifyInstance, password: string) => {
  const [a, aSub, b, analyst, provider] = await Promise.all(
    ['a@test.kassa', 'a-sub@test.kassa', 'b@test.kassa', 'a-analyst@test.kassa', 'admin@test.kassa'].map((email) =>
      signIn(app, email, password),
    ),
  );
  return { a, aSub, b, analyst, provider };
};
