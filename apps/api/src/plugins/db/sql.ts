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

/** What a fragment is made of: text chunks around slots, each slot a value or a nested fragment. */
type Fragment = Sql & {
  readonly chunks: readonly string[];
  readonly slots: readonly unknown[];
  rendering?: { text: string; values: unknown[] };
};

/**
 * A fragment keeps its chunks and slots and is written out (text with `$n` numbered in order, and
 * the values) once, when a driver first reads `text` or `values`. Splicing each fragment's text
 * into its parent as it was built renumbered every placeholder again at each level of nesting (a
 * regular expression over the text so far), which was most of the cost of building the dashboard's
 * statements. Every fragment shares one prototype carrying the mark: a fresh prototype per fragment
 * made each an object of its own shape, which showed in the list's CPU profile.
 */
const FRAGMENT: object = Object.freeze(
  Object.create(null, {
    [SQL_MARK]: { value: true },
    text: {
      get(this: Fragment) {
        return rendered(this).text;
      },
    },
    values: {
      get(this: Fragment) {
        return rendered(this).values;
      },
    },
  }),
);

const isSql = (value: unknown): value is Fragment =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === FRAGMENT;

const make = (chunks: readonly string[], slots: readonly unknown[]): Fragment => {
  const fragment = Object.create(FRAGMENT) as { chunks: readonly string[]; slots: readonly unknown[] };
  fragment.chunks = chunks;
  fragment.slots = slots;
  return fragment as Fragment;
};

const write = (fragment: Fragment, out: { text: string; values: unknown[] }) => {
  const { chunks, slots } = fragment;
  out.text += chunks[0];
  for (let index = 0; index < slots.length; index++) {
    const slot = slots[index];
    if (isSql(slot)) write(slot, out);
    else {
      out.values.push(slot);
      out.text += `$${out.values.length}`;
    }
    out.text += chunks[index + 1];
  }
};

const rendered = (fragment: Fragment) => {
  if (!fragment.rendering) {
    const out = { text: '', values: [] as unknown[] };
    write(fragment, out);
    fragment.rendering = out;
  }
  return fragment.rendering;
};

/**
 * Tagged template: `sql\`select * from t where id = ${id}\`` gives `$1` placeholders.
 * Interpolated `Sql` fragments are spliced in, their values numbered in the order they appear.
 */
export const sql = (strings: TemplateStringsArray, ...params: unknown[]): Sql => make(strings, params);

/** Raw SQL text for identifiers chosen by code (never by a user); it holds no placeholders. */
sql.raw = (text: string): Sql => make([text], []);

/** Joins fragments with a separator, e.g. `sql.join(conditions, ' and ')`. */
sql.join = (parts: readonly Sql[], separator: string): Sql => {
  if (parts.length === 0) return sql.empty;
  const chunks = new Array<string>(parts.length + 1).fill(separator);
  chunks[0] = '';
  chunks[parts.length] = '';
  return make(chunks, parts);
};

sql.empty = make([''], []);

/** The same statement, prepared once per connection on PostgreSQL under `name` (and planned once with `plan: 'generic'`). */
sql.prepared = (name: string, statement: Sql, plan?: 'generic'): Sql => {
  const inner = statement as Fragment;
  const prepared = make(inner.chunks, inner.slots) as Fragment & { name?: string; plan?: 'generic' };
  prepared.rendering = rendered(inner);
  prepared.name = name;
  if (plan) prepared.plan = plan;
  return prepared;
};
