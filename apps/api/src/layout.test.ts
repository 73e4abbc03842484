import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md: routes → service → repository, and only repositories hold SQL. Every .ts file under
 * modules/ must neither write an sql`` template nor import `sql` from plugins/db, except
 * (docs/decisions.md, "SQL only in repositories"):
 * - `*.repository.ts`: the module's data access;
 * - `*.sql.ts`: builders of SQL fragments that a repository runs (they run nothing themselves);
 * - `*.entity.ts` / `*.entities.ts`: entity definitions whose fixed conditions the query layer
 *   composes (they run nothing either);
 * - test code: `*.test.ts`, `*.fixtures.ts`, `*-test-helpers.ts`, which seed and read rows directly.
 */
const MODULES = fileURLToPath(new URL('./modules/', import.meta.url));
const DATA_ACCESS = /\.repository\.ts$/;
const BUILDERS = /\.(sql|entity|entities)\.ts$/;
const TEST_CODE = /(\.test|\.fixtures|-test-helpers)\.ts$/;
const SQL_TEMPLATE = /\bsql`/;
const SQL_IMPORT = /import\s+(?:type\s+)?\{[^}]*\bsql\b[^}]*\}\s*from\s*'[^']*plugins\/db[^']*'/;
const RUNS_QUERY = /\.query\s*[<(]/;

const moduleFiles = (): string[] =>
  readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => relative(MODULES, join(MODULES, path)).split('\\').join('/'))
    .sort();

const read = (path: string): string => readFileSync(join(MODULES, path), 'utf8');

/** True when the file writes SQL itself instead of calling a repository. */
const holdsSql = (source: string): boolean => SQL_TEMPLATE.test(source) || SQL_IMPORT.test(source);

describe('SQL only in repositories', () => {
  const files = moduleFiles();
  const guarded = files.filter((path) => !DATA_ACCESS.test(path) && !BUILDERS.test(path) && !TEST_CODE.test(path));

  it('finds the files it guards', () => {
    expect(guarded.length).toBeGreaterThan(100);
  });

  it('no file under modules/ but a repository, a builder, an entity or test code holds SQL', () => {
    expect(guarded.filter((path) => holdsSql(read(path)))).toEqual([]);
  });

  it('nor runs a query with SQL written elsewhere', () => {
    expect(guarded.filter((path) => RUNS_QUERY.test(read(path)))).toEqual([]);
  });

  it('builders and entities only describe SQL: none runs a query', () => {
    expect(files.filter((path) => BUILDERS.test(path) && RUNS_QUERY.test(read(path)))).toEqual([]);
  });

  it('recognises a template and an import of sql, but not the Sql type alone', () => {
    expect(holdsSql('await tx.query(sql`select 1`);')).toBe(true);
    expect(holdsSql("import { sql, type Db } from '../../plugins/db/index.ts';")).toBe(true);
    expect(holdsSql("import {\n  type Db,\n  sql,\n} from '../../plugins/db/index.ts';")).toBe(true);
    expect(holdsSql("import type { Db, Sql } from '../../plugins/db/index.ts';")).toBe(false);
    expect(holdsSql("import { lockTerminal } from './terminal.repository.ts';")).toBe(false);
  });
});
