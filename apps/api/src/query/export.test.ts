import { describe, expect, it } from 'vitest';
import { neutraliseCell } from './export.ts';

describe('neutraliseCell', () => {
  it('prefixes cells a spreadsheet would evaluate', () => {
    for (const cell of ['=SUM(A1)', '+31', '-1', '@cmd', '\tx', '\rx']) expect(neutraliseCell(cell)).toBe(`'${cell}`);
    expect(neutraliseCell('A-001')).toBe('A-001');
  });
});
