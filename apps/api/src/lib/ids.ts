import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

const encodeTime = (time: number): string => {
  let out = '';
  let rest = Math.floor(time);
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
};

/**
 * An opaque id: a short type prefix, then the time in Crockford base32 (ids sort by creation),
 * then 80 random bits. `random` lets the demo generator make the same ids for the same seed.
 */
export const newId = (prefix: string, time = Date.now(), random?: () => number): string => {
  const bytes = random ? undefined : randomBytes(16);
  let tail = '';
  for (let i = 0; i < 16; i++) tail += ALPHABET[bytes ? bytes[i] & 31 : Math.floor((random as () => number)() * 32)];
  return `${prefix}_${encodeTime(time)}${tail}`;
};
