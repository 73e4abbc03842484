import { describe, expect, it } from 'vitest';
import { seeded } from '../../test/seeded.ts';
import { splitEnds, type Units } from './pyramid.sql.ts';

const DAY = 86_400_000;
const days: Units = { floor: (ms) => Math.floor(ms / DAY) * DAY, ceil: (ms) => Math.ceil(ms / DAY) * DAY };
const { random } = seeded(3);

/** The instants a reading covers, each counted with its sign: the range's own instants once each. */
const covered = (split: NonNullable<ReturnType<typeof splitEnds>>) =>
  split.to -
  split.from +
  split.pieces.reduce((sum, p) => sum + (p.sign === '-' ? -1 : 1) * (p.range.upper + 1 - p.range.lower), 0);

describe('splitEnds', () => {
  it('reads a day up to now as the whole day less the hours still to come', () => {
    const lower = 10 * DAY;
    const upper = 12 * DAY + 20 * 3_600_000;
    expect(splitEnds(days, lower, upper)).toEqual({
      from: 10 * DAY,
      to: 13 * DAY,
      pieces: [{ range: { lower: upper + 1, upper: 13 * DAY - 1 }, sign: '-' }],
    });
  });

  it('reads a range up to now as the whole unit less the time to come, however early in the unit', () => {
    // An hour into the day: 1 hour inside, 23 outside, but nothing is there after now yet.
    const lower = 10 * DAY;
    const upper = 12 * DAY + 3_600_000;
    expect(splitEnds(days, lower, upper, upper + 1)).toEqual({
      from: 10 * DAY,
      to: 13 * DAY,
      pieces: [{ range: { lower: upper + 1, upper: 13 * DAY - 1 }, sign: '-' }],
    });
    // The same range long before now reads that hour itself.
    expect(splitEnds(days, lower, upper, 100 * DAY)).toEqual({
      from: 10 * DAY,
      to: 12 * DAY,
      pieces: [{ range: { lower: 12 * DAY, upper }, sign: '' }],
    });
  });

  it('covers exactly the range for random ranges, each piece inside the unit it corrects', () => {
    for (let i = 0; i < 2_000; i++) {
      const lower = Math.floor(random() * 40 * DAY);
      const upper = lower + Math.floor(random() * 6 * DAY);
      // Now anywhere from before the range to after it: it changes only which way is read.
      const present = lower + Math.floor((random() - 0.2) * 8 * DAY);
      const split = splitEnds(days, lower, upper, present);
      if (!split) {
        // Nothing whole worth reading: within at most two units, none of them whole.
        expect(days.ceil(lower) >= days.floor(upper + 1)).toBe(true);
        continue;
      }
      expect(covered(split), JSON.stringify({ lower, upper })).toBe(upper + 1 - lower);
      for (const piece of split.pieces) {
        expect(piece.range.upper - piece.range.lower).toBeLessThan(DAY);
        expect(days.floor(piece.range.lower)).toBe(days.floor(piece.range.upper));
        // A subtracted piece lies outside the range, an added one inside it.
        if (piece.sign === '-') expect(piece.range.upper < lower || piece.range.lower > upper).toBe(true);
        else expect(piece.range.lower >= lower && piece.range.upper <= upper).toBe(true);
      }
    }
  });
});
