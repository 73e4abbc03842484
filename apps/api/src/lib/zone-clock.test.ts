import { describe, expect, it } from 'vitest';
import { zoneClock } from './zone-clock.ts';

/** The zone's offset at an instant (ms), read as Intl's `longOffset` name ("GMT+05:45"), a second way to know it. */
const namers = new Map<string, Intl.DateTimeFormat>();
const offsetByName = (zone: string, ms: number) => {
  let namer = namers.get(zone);
  if (!namer) {
    namer = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    namers.set(zone, namer);
  }
  const name = namer.formatToParts(new Date(ms)).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 3_600_000 + Number(match[3]) * 60_000);
};

describe('zone clock', () => {
  // Daylight saving at 02:00 and 03:00, at the half hour (Lord Howe moves by 30 minutes), in a zone
  // 45 minutes off the hour (Chatham: +12:45 / +13:45), and none at all (Kathmandu: +05:45).
  const zones = ['Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Asia/Kathmandu'];

  it('gives every instant of a year its zone’s offset, across each daylight-saving change', () => {
    for (const zone of zones) {
      const clock = zoneClock(zone);
      // Every 37 minutes and 13 seconds through 2026 (so every minute of the hour comes up), and
      // each second around every change.
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 2_233_000) {
        expect(clock.offsetAt(at), `${zone} at ${new Date(at).toISOString()}`).toBe(offsetByName(zone, at));
        const next = at + 2_233_000;
        if (offsetByName(zone, next) !== offsetByName(zone, at)) {
          for (let second = at; second <= next; second += 1000) {
            expect(clock.offsetAt(second), `${zone} at ${new Date(second).toISOString()}`).toBe(
              offsetByName(zone, second),
            );
          }
        }
      }
    }
  });

  it('finds local midnights on the days the clocks change', () => {
    const amsterdam = zoneClock('Europe/Amsterdam');
    expect(new Date(amsterdam.localMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(amsterdam.localMidnight('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(amsterdam.localDate(Date.UTC(2026, 9, 24, 22, 30))).toBe('2026-10-25');
    expect(zoneClock('Australia/Lord_Howe').rollup).toBe('rows');
    expect(zoneClock('America/New_York').rollup).toBe('hour');
  });
});
