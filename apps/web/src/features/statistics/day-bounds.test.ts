import { describe, expect, it } from 'vitest';
import { dayBounds, last28Days, periodBounds, zonedDate } from './split.ts';

// Instants, so the answers cannot depend on the zone the tests run in (the browser's).
const wide = { from: '2020-01-01T00:00:00.000Z', to: '2030-01-01T00:00:00.000Z' };

describe("drill-down bounds in the profile's zone", () => {
  it("a day bar lists that day of the profile's zone", () => {
    expect(periodBounds('2026-11-10', 'day', 'Europe/Amsterdam', wide)).toEqual({
      from: '2026-11-09T23:00:00.000Z',
      to: '2026-11-10T22:59:59.999Z',
    });
    expect(periodBounds('2026-11-10', 'day', 'America/New_York', wide)).toEqual({
      from: '2026-11-10T05:00:00.000Z',
      to: '2026-11-11T04:59:59.999Z',
    });
  });

  it('a week bar lists seven local days across a daylight-saving change', () => {
    expect(periodBounds('2026-10-19', 'week', 'Europe/Amsterdam', wide)).toEqual({
      from: '2026-10-18T22:00:00.000Z',
      to: '2026-10-25T22:59:59.999Z',
    });
  });

  it('a month bar lists the local month, cut to the shown range', () => {
    expect(periodBounds('2026-12-01', 'month', 'Europe/Amsterdam', wide)).toEqual({
      from: '2026-11-30T23:00:00.000Z',
      to: '2026-12-31T22:59:59.999Z',
    });
    const range = dayBounds('2026-11-05', '2026-11-20', 'Europe/Amsterdam');
    expect(periodBounds('2026-11-01', 'month', 'Europe/Amsterdam', range)).toEqual(range);
  });
});

describe('the last 28 days', () => {
  it("are 28 whole days of the profile's zone ending today", () => {
    // 23:30 UTC on 27 November is already 28 November in Amsterdam.
    const now = Date.parse('2026-11-27T23:30:00Z');
    const { from, to } = last28Days('Europe/Amsterdam', now);
    expect(from).toBe('2026-10-31T23:00:00.000Z');
    expect(to).toBe('2026-11-28T22:59:59.999Z');
    const days = new Set<string>();
    for (let t = Date.parse(from); t <= Date.parse(to); t += 3_600_000) days.add(zonedDate(t, 'Europe/Amsterdam'));
    expect(days.size).toBe(28);
  });
});
