import { describe, expect, it } from 'vitest';
import { arrangeColumns } from './columns.ts';

const columns = [{ key: 'date' }, { key: 'reference' }, { key: 'amount' }, { key: 'tags', defaultHidden: true }];
const keys = (list: { key: string }[]) => list.map((column) => column.key);

describe('column settings', () => {
  it('shows the default columns without settings', () => {
    expect(keys(arrangeColumns(columns, null).visible)).toEqual(['date', 'reference', 'amount']);
  });

  it('applies a saved order and hidden set, appending columns added later', () => {
    const { visible, all } = arrangeColumns(columns, { order: ['amount', 'date', 'gone'], hidden: ['date'] });
    expect(keys(visible)).toEqual(['amount', 'reference', 'tags']);
    expect(keys(all)).toEqual(['amount', 'date', 'reference', 'tags']);
  });
});
