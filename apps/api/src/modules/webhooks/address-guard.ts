import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a webhook may not go (SECURITY.md "Webhooks"): loopback, private, link-local (which holds
 * the cloud metadata address 169.254.169.254), carrier-grade NAT, documentation, multicast and
 * reserved ranges, and their IPv6 counterparts. IPv6 forms that carry an IPv4 address (mapped,
 * translated, 6to4, NAT64) are judged by that IPv4 address, so none of them reaches a refused one.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // The unspecified address, loopback and the deprecated IPv4-compatible addresses.
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): translated by a network's own gateway to addresses it chooses.
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The 16 bytes of a valid IPv6 address (`isIP` said 6), a dotted IPv4 tail and a zone included. */
const ipv6Bytes = (address: string): number[] => {
  let text = address.replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const words = (part: string | undefined) => (part ? part.split(':').map((w) => parseInt(w, 16)) : []);
  const before = words(head);
  const after = words(tail);
  const all = [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  return all.flatMap((w) => [w >> 8, w & 0xff]);
};

/** The IPv4 address an IPv6 address carries, by the prefix that says where it sits. */
const embeddedIpv4 = (bytes: number[]): string | null => {
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.');
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:0:0/96, IPv4-mapped.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  // ::ffff:0:0:0/96, IPv4-translated (RFC 2765).
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return v4(12);
  // 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052).
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return v4(12);
  // 2002::/16, 6to4 (RFC 3056): the IPv4 address of the relay's far end.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
};

/** True for an address a webhook must not be sent to. */
export const isForbiddenAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const bytes = ipv6Bytes(address);
  const ipv4 = embeddedIpv4(bytes);
  if (ipv4 !== null) return blocked.check(ipv4, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
};

export type Lookup = (hostname: string) => Promise<Array<{ address: string; family: number }>>;
export const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Names that never resolve on the internet (RFC 6761, RFC 2606): the demo world's shops use them.
 * They are not looked up, and their webhooks fail at once instead of occupying the worker for days.
 */
export const reservedNameRefusal = (rawUrl: string): string | null => {
  const host = new URL(rawUrl).hostname;
  return /\.(test|example|invalid)$/i.test(host) ? `Could not resolve ${host}: a reserved name` : null;
};

export type ResolvedTarget = { url: URL; address: string; family: number };

/** Why a target is refused, as the delivery history shows it. */
export class RefusedTarget extends Error {
  override name = 'RefusedTarget';
}

/**
 * Resolves the URL's host at send time and checks every address it resolves to, so a name that
 * points to a private address (or is re-pointed after it was saved) is refused as well. The
 * request is then made to the checked address, never resolved again.
 */
export const resolveTarget = async (
  rawUrl: string,
  options: { allowPrivate: boolean; lookup?: Lookup },
): Promise<ResolvedTarget> => {
  const url = new URL(rawUrl);
  if (!['http:', 'https:'].includes(url.protocol))
    throw new RefusedTarget(`Refused: ${url.protocol} is not http or https`);
  // Refused when saved (domain schemas); a URL stored before that is refused here instead of sent.
  if (url.username || url.password) throw new RefusedTarget('Refused: the URL carries a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: Array<{ address: string; family: number }>;
  const reserved = reservedNameRefusal(rawUrl);
  if (reserved) throw new RefusedTarget(reserved);
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new RefusedTarget(`Could not resolve ${host}`);
    }
  }
  if (addresses.length === 0) throw new RefusedTarget(`Could not resolve ${host}`);
  const forbidden = addresses.find((a) => isForbiddenAddress(a.address));
  if (forbidden && !options.allowPrivate) {
    throw new RefusedTarget(
      `Refused: ${host} resolves to ${forbidden.address}, a private, loopback, link-local or reserved address`,
    );
  }
  return { url, ...addresses[0] };
};
