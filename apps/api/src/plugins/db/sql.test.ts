import { describe, expect, it } from 'vitest';
import { sql } from './sql.ts';

describe('sql fragments', () => {
  it('numbers the placeholders of nested fragments in the order their values appear', () => {
    const merchant = sql`e.merchant_id = ${'org_a'}`;
    const range = sql.join([sql`e.day >= ${'2026-11-01'}::date`, sql`e.day < ${'2026-11-08'}::date`], ' and ');
    const source = sql`select * from t e where ${merchant} and ${range} and e.status = any(${['A', 'B']})`;
    const statement = sql`select ${1} as one, (${source}) s, (${source}) s2, ${sql.raw('"x"')} where ${sql.empty}true`;
    expect(statement.text).toBe(
      'select $1 as one, (select * from t e where e.merchant_id = $2 and e.day >= $3::date and e.day < $4::date and e.status = any($5)) s, ' +
        '(select * from t e where e.merchant_id = $6 and e.day >= $7::date and e.day < $8::date and e.status = any($9)) s2, "x" where true',
    );
    expect(statement.values).toEqual([
      1,
      'org_a',
      '2026-11-01',
      '2026-11-08',
      ['A', 'B'],
      'org_a',
      '2026-11-01',
      '2026-11-08',
      ['A', 'B'],
    ]);
    // A fragment read on its own numbers from $1, before and after it was spliced into another.
    expect(source.text).toBe(
      'select * from t e where e.merchant_id = $1 and e.day >= $2::date and e.day < $3::date and e.status = any($4)',
    );
    expect(source.values).toEqual(['org_a', '2026-11-01', '2026-11-08', ['A', 'B']]);
    expect(sql`${source} limit ${5}`.text).toMatch(/= any\(\$4\) limit \$5$/);
  });

  it('joins nothing to an empty fragment, one part to itself, and keeps values that look like fragments as values', () => {
    expect(sql.join([], ' and ').text).toBe('');
    expect(sql.join([sql`a = ${1}`], ' and ')).toMatchObject({ text: 'a = $1', values: [1] });
    const lookalike = { text: 'drop table t', values: [] };
    expect(sql`select ${lookalike}`).toMatchObject({ text: 'select $1', values: [lookalike] });
    expect(sql`select ${'$1'}, ${null}`).toMatchObject({ text: 'select $1, $2', values: ['$1', null] });
  });

  it('keeps the name and plan of a prepared statement beside its text and values', () => {
    const inner = sql`select * from t where id = ${'tx_1'} and n > ${2}`;
    const prepared = sql.prepared('kq_t', inner, 'generic');
    expect(prepared).toMatchObject({ name: 'kq_t', plan: 'generic', text: inner.text, values: ['tx_1', 2] });
    expect(sql.prepared('kq_u', inner).plan).toBeUndefined();
    // Spliced into another statement, a prepared fragment is its text and values.
    expect(sql`with x as (${prepared}) select ${3}`.text).toBe(
      'with x as (select * from t where id = $1 and n > $2) select $3',
    );
  });
});
