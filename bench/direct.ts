import { execSync } from 'node:child_process';
import { loadConfig } from '../apps/api/src/config.ts';
import { scopeFor } from '../apps/api/src/plugins/auth-context.ts';
import { openDb, sql, type Db } from '../apps/api/src/plugins/db/index.ts';
import type { Scope } from '../apps/api/src/query/scope.ts';

export const openBenchDb = (env: Record<string, string>): Promise<Db> => openDb(loadConfig({ ...process.env, ...env }));

/** `psql` against `url`: one statement, its rows as text. */
export const psqlAt =
  (url: string) =>
  (query: string): string =>
    execSync(`psql "${url}" -At -c "${query}"`, { encoding: 'utf8' }).trim();

/** A demo world of `scale` transactions at `url`, built with `npm run demo` unless one is there. */
export const ensureDemoWorld = (url: string, scale: string, log: (line: string) => void): void => {
  const hasWorld = (() => {
    try {
      return Number(psqlAt(url)('select count(*) from organisation')) > 0;
    } catch {
      return false;
    }
  })();
  if (hasWorld) return;
  log(`building a demo world of ${scale} transactions…`);
  execSync(`npm run demo -- --scale ${scale} --reset`, {
    cwd: new URL('..', import.meta.url).pathname,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
};

/** The scope a user of this e-mail has, as the server would work it out. */
export const scopeOf = async (db: Db, email: string): Promise<Scope> => {
  const [org] = await db.query<{ id: string; type: string; path: string }>(
    sql`select o.id, o.type, o.path from app_user u join organisation o on o.id = u.organisation_id where lower(u.email) = ${email}`,
  );
  if (!org) throw new Error(`no user ${email}`);
  return scopeFor(db, org);
};
