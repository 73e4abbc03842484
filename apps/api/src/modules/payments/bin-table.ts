/**
 * The BIN table Kassa ships: which issuer, in which country, gave out a card, by the first digits of
 * its number (longest prefix wins). It describes the sandbox acquirer's card world — the test
 * cards and the demo world's cards — not the real card schemes' ranges; a provider going live
 * replaces it with its acquirer's BIN file (docs/decisions.md). Looked up once per payment, when
 * the payment is written, so statistics by issuer read stored values.
 */
type BinRange = readonly [prefix: string, issuer: string, country: string];

export const BIN_RANGES: readonly BinRange[] = [
  // The sandbox acquirer's test cards (sandbox-processor.ts TEST_CARDS).
  ['411111', 'Sandbox Test Bank', 'NL'],
  ['424242', 'Sandbox Test Bank', 'NL'],
  ['400000', 'Sandbox Test Bank', 'NL'],
  ['555555', 'Sandbox Test Bank', 'NL'],
  ['378282', 'Sandbox Test Bank', 'US'],
  ['675964', 'Sandbox Test Bank', 'NL'],
  // The demo world's issuers: Visa 4…, Mastercard 51–55…, Amex 34/37…, Maestro 6759….
  ['40', 'Noorderbank', 'NL'],
  ['41', 'Polderspaar', 'NL'],
  ['42', 'Grachtenbank', 'NL'],
  ['43', 'Rheinische Kreditbank', 'DE'],
  ['44', 'Banque du Littoral', 'FR'],
  ['45', 'Noorderbank', 'NL'],
  ['46', 'Flandria Bank', 'BE'],
  ['47', 'Thames Mutual', 'GB'],
  ['48', 'Polderspaar', 'NL'],
  ['49', 'Banco Ibérico', 'ES'],
  ['51', 'Grachtenbank', 'NL'],
  ['52', 'Rheinische Kreditbank', 'DE'],
  ['53', 'Noorderbank', 'NL'],
  ['54', 'Thames Mutual', 'GB'],
  ['55', 'Banque du Littoral', 'FR'],
  ['34', 'American Express', 'US'],
  ['37', 'American Express', 'US'],
  ['6759', 'Polderspaar', 'NL'],
];

const byPrefix = new Map(BIN_RANGES.map(([prefix, issuer, country]) => [prefix, { issuer, country }]));
const LENGTHS = [...new Set(BIN_RANGES.map(([prefix]) => prefix.length))].sort((a, b) => b - a);

/** The issuer and its country of a card's BIN (first six digits), or null when the table has none. */
export const issuerOf = (bin: string | null | undefined): { issuer: string; country: string } | null => {
  if (!bin) return null;
  for (const length of LENGTHS) {
    const found = byPrefix.get(bin.slice(0, length));
    if (found) return found;
  }
  return null;
};
