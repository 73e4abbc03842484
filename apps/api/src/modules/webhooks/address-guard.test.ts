import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, resolveTarget } from './address-guard.ts';

/**
 * The SSRF guard judges every IPv6 form that carries an IPv4 address by that address, and refuses
 * the IPv6 ranges that lead back into a network (issue 30, item 10).
 */
describe('isForbiddenAddress', () => {
  it.each([
    // ::/96: unspecified, loopback and the deprecated IPv4-compatible form, whatever it embeds.
    ['::', '::/96'],
    ['::1', '::/96'],
    ['::2', '::/96'],
    ['::7f00:1', '::/96 (127.0.0.1)'],
    ['::8.8.8.8', '::/96 (a public IPv4 inside)'],
    ['::ffff:ffff', '::/96'],
    // ::ffff:0:0/96, IPv4-mapped, dotted and hexadecimal.
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback, hexadecimal'],
    ['::ffff:a9fe:a9fe', 'mapped 169.254.169.254'],
    ['0:0:0:0:0:ffff:10.1.2.3', 'mapped 10/8, written out'],
    ['::ffff:c0a8:101', 'mapped 192.168.1.1'],
    // ::ffff:0:0:0/96, IPv4-translated.
    ['::ffff:0:a00:1', 'translated 10.0.0.1'],
    // 2002::/16, 6to4: the IPv4 address in bits 16-48.
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
    ['2002:c0a8:0101:1::1', '6to4 of 192.168.1.1'],
    // 64:ff9b::/96, NAT64 of a private IPv4 address.
    ['64:ff9b::10.0.0.1', 'NAT64 of 10.0.0.1'],
    ['64:ff9b::7f00:1', 'NAT64 of 127.0.0.1'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of 169.254.169.254'],
    // 64:ff9b:1::/48, local-use NAT64, whatever it embeds.
    ['64:ff9b:1::8.8.8.8', 'local-use NAT64'],
    ['64:ff9b:1:ffff::1', 'local-use NAT64'],
    // The ranges that were refused before stay refused.
    ['fd00:ec2::254', 'unique local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['127.0.0.1', 'IPv4 loopback'],
    ['169.254.169.254', 'IPv4 metadata'],
  ])('refuses %s (%s)', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    ['8.8.8.8'],
    ['2606:4700:4700::1111'],
    ['::ffff:8.8.8.8'],
    ['::ffff:808:808'],
    ['2002:808:808::1'],
    ['64:ff9b::8.8.8.8'],
    ['64:ff9b::5db8:d822'],
    ['64:ff9b:2::1'],
  ])('allows the public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('resolveTarget', () => {
  const outcome = (url: string, address: string) =>
    resolveTarget(url, {
      allowPrivate: false,
      lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
    }).then(
      () => 'allowed',
      (error: Error) => error.message,
    );

  it('refuses a name resolving to an IPv6 form of a private IPv4 address, and a literal one', async () => {
    expect(await outcome('https://hooks.shop.dev/in', '::ffff:a9fe:a9fe')).toContain('resolves to ::ffff:a9fe:a9fe');
    expect(await outcome('https://hooks.shop.dev/in', '2002:a00:1::1')).toContain('resolves to 2002:a00:1::1');
    expect(await outcome('https://hooks.shop.dev/in', '64:ff9b::a00:1')).toContain('resolves to 64:ff9b::a00:1');
    expect(await outcome('http://[::ffff:127.0.0.1]:8080/in', '8.8.8.8')).toContain('resolves to ::ffff:7f00:1');
    expect(await outcome('http://[64:ff9b:1::808:808]/in', '8.8.8.8')).toContain('resolves to 64:ff9b:1::808:808');
    expect(await outcome('https://hooks.shop.dev/in', '64:ff9b::808:808')).toBe('allowed');
  });

  it('refuses a URL with a user name or password at send time (one stored before they were refused)', async () => {
    expect(await outcome('https://user:secret@hooks.shop.dev/in', '8.8.8.8')).toContain('user name or password');
    expect(await outcome('https://user@hooks.shop.dev/in', '8.8.8.8')).toContain('user name or password');
    expect(await outcome('https://hooks.shop.dev/in', '8.8.8.8')).toBe('allowed');
  });
});
