import type { Queryable, Sql } from '../plugins/db/index.ts';

/** A database that writes down the statements sent through it before `inner` answers them. */
export const recording = (inner: Queryable): { db: Queryable; sent: Sql[] } => {
  const sent: Sql[] = [];
  const db: Queryable = {
    query: (statement) => {
      sent.push(statement);
      return inner.query(statement);
    },
    exec: (text) => inner.exec(text),
  };
  return { db, sent };
};
