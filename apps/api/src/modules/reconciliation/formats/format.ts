/** What an acquirer's settlement report line says, whatever its layout: amounts in minor units. */
export type SettlementLine = {
  kind: 'payment' | 'refund' | 'chargeback' | 'chargeback_reversal' | 'payout';
  batch: string;
  /** The day the acquirer booked the line (YYYY-MM-DD). */
  settledOn: string;
  acquirerReference: string | null;
  merchantReference: string | null;
  /** The day of the payment itself, where the layout has it (YYYY-MM-DD). */
  bookedOn: string | null;
  currency: string;
  /** The gross amount, positive. */
  amount: number;
  interchange: number;
  schemeFee: number;
  markup: number;
  /** What the line adds to the payout: positive for a credit, negative for a debit. */
  net: number;
};

/**
 * A settlement report layout: its header and how one record maps to a line and back. Adding a
 * layout is one file that exports one of these, listed in `formats/index.ts`.
 */
export type SettlementFormat = {
  key: string;
  header: readonly string[];
  /** A record by header name → the line, or what is wrong with it. */
  read: (record: Record<string, string>) => SettlementLine | { error: string };
  /** The sandbox acquirer writes its reports with this. */
  write: (line: SettlementLine) => Record<string, string>;
};

const DECIMAL = /^-?\d{1,13}(\.\d{1,2})?$/;

/** "12.34" → 1234 (minor units, two decimals); undefined when it is not an amount. */
export const minorUnits = (value: string | undefined, blankIsZero = true): number | undefined => {
  const text = (value ?? '').trim();
  if (text === '') return blankIsZero ? 0 : undefined;
  if (!DECIMAL.test(text)) return undefined;
  // A million-line file reads five of these a line: slices and numbers, no arrays.
  const negative = text.charCodeAt(0) === 45; // '-'
  const dot = text.indexOf('.');
  const whole = Number(text.slice(negative ? 1 : 0, dot < 0 ? text.length : dot));
  const fraction = dot < 0 ? 0 : Number(text.slice(dot + 1).padEnd(2, '0'));
  const minor = whole * 100 + fraction;
  return negative ? -minor : minor;
};

/** 1234 → "12.34". */
export const decimal = (minor: number): string => {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days checked before: a settlement file names the same few days on every line. */
const knownDays = new Set<string>();
/** A day YYYY-MM-DD that exists, or undefined. */
export const day = (value: string | undefined): string | undefined => {
  const text = (value ?? '').trim().slice(0, 10);
  if (knownDays.has(text)) return text;
  if (!DAY.test(text)) return undefined;
  const parsed = new Date(`${text}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== text) return undefined;
  if (knownDays.size > 10_000) knownDays.clear();
  knownDays.add(text);
  return text;
};

export const CURRENCY = /^[A-Z]{3}$/;
