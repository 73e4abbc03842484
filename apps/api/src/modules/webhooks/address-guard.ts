import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../../lib/http-error.ts';

/**
 * Where a webhook may not go (SECURITY.md "Webhooks"): loopback, private, link-local (which holds
 * the cloud metadata address 169.254.169.254), carrier-grade NAT, documentation, multicast and
 * reserved ranges, and their IPv6 counterparts (loopback, unique local, link-local, mapped IPv4).
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
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** True for an address a webhook must not be sent to. */
export const isForbiddenAddress = (address: string): boolean => {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  return blocked.check(address, 'ipv6');
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

/** The URL's form, checked when it is saved: http(s), a host, no credentials. */
export const parseWebhookUrl = (value: string, path = 'body.url'): URL => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw badRequest(path, 'Enter a full URL starting with https:// or http://');
  }
  if (!['http:', 'https:'].includes(url.protocol))
    throw badRequest(path, 'A webhook URL starts with https:// or http://');
  if (url.username || url.password) throw badRequest(path, 'A webhook URL may not carry a user name or password');
  return url;
};

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
