/**
 * A parameterised SQL fragment. Values never become SQL text. A `name` makes PostgreSQL keep
 * it prepared per connection (only for hot statements of one fixed shape). `plan: 'generic'`
 * (with a name) asks for one plan made without the values, kept for every later execution: only
 * for shapes whose best plan does not depend on them (docs/decisions.md, "Prepared list and count
 * statements").
 */
export type Sql = {
  readonly text: string;
  readonly values: readonly unknown[];
  readonly name?: string;
  readonly plan?: 'generic';
};

const SQL_MARK = Symbol('sql');

/**
 * Every fragment shares one prototype carrying the mark: a fresh prototype per fragment made each
 * an object of its own shape, which showed in the list's CPU profile (4 % of the server's time).
 */
const FRAGMENT = Object.freeze({ [SQL_MARK]: true });

const isSql = (value: unknown): value is Sql =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === FRAGMENT;

const make = (text: string, values: readonly unknown[]): Sql => {
  const fragment = Object.create(FRAGMENT) as { text: string; values: readonly unknown[] };
  fragment.text = text;
  fragment.values = values;
  return fragment as Sql;
};

/**
 * Tagged template: `sql\`select * from t where id = ${id}\`` gives `$1` placeholders.
 * Interpolated `Sql` fragments are spliced in with their own values renumbered.
 */
export const sql = (strings: TemplateStringsArray, ...params: unknown[]): Sql => {
  let text = strings[0];
  const values: unknown[] = [];
  params.forEach((param, index) => {
    if (isSql(param)) {
      text += renumber(param.text, values.length);
      values.push(...param.values);
    } else {
      values.push(param);
      text += `$${values.length}`;
    }
    text += strings[index + 1];
  });
  return make(text, values);
};

const renumber = (text: string, offset: number): string =>
  offset === 0 || !text.includes('$') ? text : text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);

/** Raw SQL text for identifiers chosen by code (never by a user). */
sql.raw = (text: string): Sql => make(text, []);

/** Joins fragments with a separator, e.g. `sql.join(conditions, ' and ')`. */
sql.join = (parts: readonly Sql[], separator: string): Sql => {
  let text = '';
  const values: unknown[] = [];
  parts.forEach((part, index) => {
    if (index > 0) text += separator;
    text += renumber(part.text, values.length);
    values.push(...part.values);
  });
  return make(text, values);
};

sql.empty = make('', []);

/** The same statement, prepared once per connection on PostgreSQL under `name` (and planned once with `plan: 'generic'`). */
sql.prepared = (name: string, statement: Sql, plan?: 'generic'): Sql => {
  const prepared = make(statement.text, statement.values) as { name?: string; plan?: 'generic' };
  prepared.name = name;
  if (plan) prepared.plan = plan;
  return prepared as Sql;
};
