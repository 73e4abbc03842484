import { STATISTICS_TIME_ZONE } from '@kassa/domain';

/**
 * Local calendar arithmetic in one IANA time zone, for the statistics ranges of a user in it.
 * `rollup` says which rollups can answer exactly (docs/decisions.md "User time zones"):
 * 'local-day' (Europe/Amsterdam: transaction_local_daily is keyed by its dates), 'hour' (a zone
 * whose offset is always whole hours: each local day is a sum of UTC hours), 'rows' (any other).
 */
export type ZoneClock = {
  zone: string;
  rollup: 'local-day' | 'hour' | 'rows';
  /** The zone's offset from UTC at an instant (ms). */
  offsetAt: (ms: number) => number;
  /** The local date of an instant, as YYYY-MM-DD. */
  localDate: (ms: number) => string;
  /** The instant a local date starts (its local midnight, across daylight-saving changes). */
  localMidnight: (date: string) => number;
};

const HOUR = 3_600_000;
const clocks = new Map<string, ZoneClock>();

/** Whether the zone's offset is a whole number of hours at every instant from 2000 to 2040 (sampled weekly). */
const alwaysWholeHours = (offsetAt: (ms: number) => number) => {
  const end = Date.UTC(2040, 0, 1);
  for (let at = Date.UTC(2000, 0, 1); at < end; at += 7 * 86_400_000) {
    if (offsetAt(at) % HOUR !== 0) return false;
  }
  return true;
};

export const zoneClock = (zone: string = STATISTICS_TIME_ZONE): ZoneClock => {
  const known = clocks.get(zone);
  if (known) return known;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const exactOffsetAt = (ms: number) => {
    const whole = Math.floor(ms / 1000) * 1000;
    const p = Object.fromEntries(parts.formatToParts(new Date(whole)).map((x) => [x.type, x.value]));
    return (
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) -
      whole
    );
  };
  // `formatToParts` was the statistics calls' largest cost of their own (8 % of the API's busy time
  // under the dashboard's achievements, which asks for the offset a few dozen times). A zone's
  // offset changes at most once in any UTC hour, so when the hour's first and last second agree the
  // offset holds for the whole hour and is worked out once; an hour with a change is worked out
  // per call, exactly as before.
  const hours = new Map<number, number | null>();
  const offsetAt = (ms: number) => {
    const hour = Math.floor(ms / HOUR);
    let known = hours.get(hour);
    if (known === undefined) {
      const start = exactOffsetAt(hour * HOUR);
      known = start === exactOffsetAt(hour * HOUR + HOUR - 1000) ? start : null;
      if (hours.size >= 10_000) hours.clear();
      hours.set(hour, known);
    }
    return known ?? exactOffsetAt(ms);
  };
  const clock: ZoneClock = {
    zone,
    rollup: zone === STATISTICS_TIME_ZONE ? 'local-day' : alwaysWholeHours(exactOffsetAt) ? 'hour' : 'rows',
    offsetAt,
    localDate: (ms) => new Date(ms + offsetAt(ms)).toISOString().slice(0, 10),
    localMidnight: (date) => {
      const utc = Date.parse(`${date}T00:00:00Z`);
      return utc - offsetAt(utc - offsetAt(utc));
    },
  };
  clocks.set(zone, clock);
  return clock;
};
