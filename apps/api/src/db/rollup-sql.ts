import { OTHER_ROLLUPS, ROLLUPS, timeExpression, type Measure, type Rollup } from './rollups.ts';

/**
 * The trigger functions that keep the rollups of `rollups.ts`, as SQL. A statement's rows are
 * counted straight from its transition tables; an UPDATE adds the old rows at -1 and the new ones
 * at +1 and keeps only the groups whose figures changed, so a row whose counted columns stayed
 * the same cancels out without joining old rows to new ones (a bulk status move of 200,000
 * payments: the join, made once per side, was most of the trigger's time).
 */

/**
 * Transition tables have no statistics: hashing is right at any size (0114, 0136, 0150). A rebuild
 * too: with sorting the planner sorted a million payments on disk to group them by twelve columns.
 */
const SETTINGS = 'set enable_nestloop = off set enable_sort = off set jit = off';

type Operation = 'INSERT' | 'DELETE' | 'UPDATE';
type Column = { name: string; expression: string };

const MEASURE_SQL: Record<
  Measure['kind'],
  { [op in Operation]: (of: string) => string } & { changed: (of: string) => string; merge: (name: string) => string }
> = {
  count: {
    INSERT: () => 'count(*)',
    DELETE: () => '-count(*)',
    UPDATE: () => 'sum(change_sign)',
    changed: () => 'sum(change_sign) <> 0',
    merge: (name) => `${name} = d.${name} + excluded.${name}`,
  },
  sum: {
    INSERT: (of) => `sum(${of})`,
    DELETE: (of) => `-sum(${of})`,
    UPDATE: (of) => `sum(change_sign * ${of})`,
    changed: (of) => `sum(change_sign * ${of}) <> 0`,
    merge: (name) => `${name} = d.${name} + excluded.${name}`,
  },
  // The newest value counted in: a row leaving the group does not lower it.
  latest: {
    INSERT: (of) => `max(${of})`,
    DELETE: () => 'null',
    UPDATE: (of) => `max(${of}) filter (where change_sign > 0)`,
    changed: (of) =>
      `max(${of}) filter (where change_sign > 0) is distinct from max(${of}) filter (where change_sign < 0)`,
    merge: (name) => `${name} = greatest(d.${name}, excluded.${name})`,
  },
};

const ofMeasure = (measure: Measure) => (measure.kind === 'count' ? '' : measure.of);
const aliased = ({ name, expression }: Column) => (expression === name ? name : `${expression} as ${name}`);
const positions = (count: number) => Array.from({ length: count }, (_, i) => i + 1).join(', ');
const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);

/** The grouping columns counted from a payment row: merchant, time bucket, dimensions (and the fan-out's sources). */
const groupColumns = (rollup: Rollup): Column[] => [
  { name: 'merchant_id', expression: 'merchant_id' },
  ...(rollup.time ? [{ name: rollup.time.column, expression: timeExpression(rollup.time) }] : []),
  ...Object.entries(rollup.dimensions).map(([name, expression]) => ({ name, expression })),
  ...Object.entries(rollup.fanOut?.of ?? {}).map(([name, expression]) => ({ name, expression })),
];

/** A trigger's transition tables, or the counted table itself for a rebuild. */
type Source = 'new_rows' | 'old_rows' | 'transaction' | 'customer' | 'refund';

const rowsOf = (rollup: Rollup, table: Source) =>
  `from ${table} where mode = 'live'${rollup.rows ? ` and ${rollup.rows}` : ''}`;

/** One group per changed row of the rollup (with the fan-out's sources still as columns), named as the table's columns. */
const deltaOf = (rollup: Rollup, op: Operation, inserted: Source = 'new_rows'): string => {
  const columns = groupColumns(rollup);
  const measures = Object.entries(rollup.measures).map(
    ([name, measure]) => `${MEASURE_SQL[measure.kind][op](ofMeasure(measure))} as ${name}`,
  );
  const grouped = `group by ${positions(columns.length)}`;
  if (op !== 'UPDATE') {
    const table = op === 'INSERT' ? inserted : 'old_rows';
    return `select ${[...columns.map(aliased), ...measures].join(', ')}\n${rowsOf(rollup, table)}\n${grouped}`;
  }
  const inputs = [...new Set(Object.values(rollup.measures).map(ofMeasure).filter(Boolean))];
  const side = (table: 'new_rows' | 'old_rows', sign: string, named: boolean) =>
    `select ${[...columns.map((c) => (named ? aliased(c) : c.expression)), ...inputs, named ? `${sign} as change_sign` : sign].join(', ')} ${rowsOf(rollup, table)}`;
  const changed = Object.values(rollup.measures).map((m) => MEASURE_SQL[m.kind].changed(ofMeasure(m)));
  return [
    `select ${[...columns.map((c) => c.name), ...measures].join(', ')}`,
    'from (',
    `  ${side('old_rows', '-1', true)}`,
    `  union all ${side('new_rows', '1', false)}`,
    ') changed',
    grouped,
    `having ${changed.join(' or ')}`,
  ].join('\n');
};

/** The delta fanned out: each group counted once per entry of the fan-out, under its kind and value. */
const fannedOut = (rollup: Rollup, fanOut: NonNullable<Rollup['fanOut']>, op: Operation, inserted: Source): string => {
  const kept = groupColumns(rollup).filter((column) => !(column.name in fanOut.of));
  const values = Object.entries(fanOut.of).map(([kind, source]) => `('${kind}', g.${source})`);
  const measures = Object.keys(rollup.measures).map((name) => `sum(g.${name})`);
  const lines = [
    `select ${[...kept.map((c) => `g.${c.name}`), `k.${fanOut.kind}`, `coalesce(k.${fanOut.value}, '')`, ...measures].join(', ')}`,
    'from (',
    indent(deltaOf(rollup, op, inserted), '  '),
    `) g cross join lateral (values ${values.join(', ')}) k(${fanOut.kind}, ${fanOut.value})`,
    `group by ${positions(kept.length + 2)}`,
  ];
  if (op === 'UPDATE') lines.push(`having ${measures.map((m) => `${m} <> 0`).join(' or ')}`);
  return lines.join('\n');
};

const upsert = (rollup: Rollup, op: Operation, inserted: Source = 'new_rows'): string => {
  const fanOut = rollup.fanOut;
  if (fanOut && Object.values(rollup.measures).some((m) => m.kind === 'latest'))
    throw new Error(`${rollup.table}: a fanned-out rollup sums its measures; 'latest' is not summed`);
  const keyColumns = groupColumns(rollup)
    .map((c) => c.name)
    .filter((name) => !(fanOut && name in fanOut.of));
  const columns = fanOut ? [...keyColumns, fanOut.kind, fanOut.value] : keyColumns;
  const key = rollup.key ?? columns;
  const merges = Object.entries(rollup.measures).map(([name, m]) => MEASURE_SQL[m.kind].merge(name));
  const insert = [
    `insert into ${rollup.table} as d (${[...columns, ...Object.keys(rollup.measures)].join(', ')})`,
    fanOut ? fannedOut(rollup, fanOut, op, inserted) : deltaOf(rollup, op, inserted),
  ];
  // A rebuild fills an emptied table with one row per group: nothing to merge into.
  if (inserted !== 'new_rows') return `${insert.join('\n')};`;
  return [...insert, `on conflict (${key.join(', ')})`, `do update set ${merges.join(', ')};`].join('\n');
};

const functionOf = (apply: string, rollups: Rollup[]): string => {
  const branch = (op: Operation) => indent(rollups.map((r) => upsert(r, op)).join('\n'), '    ');
  return [
    `create or replace function ${apply}() returns trigger language plpgsql`,
    `${SETTINGS} as $$`,
    'begin',
    `  if tg_op = 'INSERT' then`,
    branch('INSERT'),
    `  elsif tg_op = 'DELETE' then`,
    branch('DELETE'),
    '  else',
    branch('UPDATE'),
    '  end if;',
    '  return null;',
    'end $$;',
  ].join('\n');
};

/** Every rollup emptied and counted again from its table's live rows (the caller locks those tables). */
const rebuildOf = (name: string, rollups: Rollup[]): string =>
  [
    `create or replace function ${name}() returns void language plpgsql`,
    `${SETTINGS} as $$`,
    'begin',
    ...rollups.map((r) => indent(`delete from ${r.table};\n${upsert(r, 'INSERT', r.source ?? 'transaction')}`, '  ')),
    'end $$;',
  ].join('\n');

/** The first line of every generated migration: `rollup-sql.test.ts` finds the latest one by it. */
export const GENERATED_HEADER =
  '-- Generated from apps/api/src/db/rollups.ts by apps/api/src/db/rollup-sql.ts: do not edit.';

/** Every group of a rollup counted from its whole table (what its triggers keep it equal to). */
export const aggregateOf = (rollup: Rollup): string => deltaOf(rollup, 'INSERT', rollup.source ?? 'transaction');

/** A migration (re)defining every rollup trigger function from the declaration. */
export const rollupMigration = (rollups: Rollup[] = ROLLUPS, others: Rollup[] = OTHER_ROLLUPS): string => {
  const byFunction = new Map<string, Rollup[]>();
  for (const rollup of [...rollups, ...others])
    byFunction.set(rollup.apply, [...(byFunction.get(rollup.apply) ?? []), rollup]);
  const header = [
    GENERATED_HEADER,
    '-- A change to a rollup: edit the declaration, then `npm run rollups:sql -- NNNN_name` writes a new',
    '-- migration (never rewrite this one). Each function counts the live payments of its statement',
    '-- straight from the transition tables; an update adds the old rows at -1 and the new rows at +1',
    '-- and writes only the groups whose figures changed, so rows whose counted columns stayed the same',
    '-- cancel out without a join of old rows to new ones. kassa_rebuild_transaction_rollups() counts',
    '-- the payment rollups all again from the live payments, kassa_rebuild_other_rollups() the others',
    '-- from their live customers and refunds.',
  ];
  const functions = [...byFunction].map(([apply, group]) => functionOf(apply, group));
  const rebuilds = [
    rebuildOf('kassa_rebuild_transaction_rollups', rollups),
    rebuildOf('kassa_rebuild_other_rollups', others),
  ];
  return `${[header.join('\n'), ...functions, ...rebuilds].join('\n\n')}\n`;
};
