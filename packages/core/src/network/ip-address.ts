import { isIPv4, isIPv6 } from 'node:net';

/**
 * Why an IP address is not public: the kind of network it belongs to (loopback, private,
 * link-local, carrier-grade NAT, unique-local, cloud metadata, ...). Public addresses have none.
 */
export type AddressCategory =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'cloud metadata'
  | 'unique-local';

const ipv4Ranges: readonly [string, number, AddressCategory][] = [
  ['169.254.169.254', 32, 'cloud metadata'],
  ['169.254.170.2', 32, 'cloud metadata'],
  ['100.100.100.200', 32, 'cloud metadata'],
  ['0.0.0.0', 8, 'unspecified'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function categorizeIpv4(address: string): AddressCategory | undefined {
  const value = ipv4ToNumber(address);
  for (const [base, bits, category] of ipv4Ranges) {
    const size = 2 ** (32 - bits);
    const start = ipv4ToNumber(base);
    if (value >= start && value < start + size) return category;
  }
  return undefined;
}

/** The 8 groups of an IPv6 address (embedded dotted IPv4 included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const value = ipv4ToNumber(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [
    ...headGroups,
    ...(tail !== undefined ? Array(missing).fill('0') : []),
    ...tailGroups,
  ];
  return groups.map((group) => Number.parseInt(group || '0', 16));
}

function embeddedIpv4(groups: readonly number[], from: number): string {
  const high = groups[from]!;
  const low = groups[from + 1]!;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function categorizeIpv6(address: string): AddressCategory | undefined {
  const groups = ipv6Groups(address);
  const prefixZero = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (groups.every((group) => group === 0)) return 'unspecified';
  if (prefixZero(7) && groups[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d).
  if (prefixZero(5) && (groups[5] === 0xffff || groups[5] === 0))
    return categorizeIpv4(embeddedIpv4(groups, 6)) ?? (groups[5] === 0 ? 'reserved' : undefined);
  if (prefixZero(4) && groups[4] === 0xffff && groups[5] === 0)
    return categorizeIpv4(embeddedIpv4(groups, 6)) ?? 'reserved';
  // NAT64 (64:ff9b::/96 and 64:ff9b:1::/48) embeds an IPv4 address in the last 32 bits.
  if (groups[0] === 0x64 && groups[1] === 0xff9b)
    return categorizeIpv4(embeddedIpv4(groups, 6)) ?? (groups[2] === 1 ? 'reserved' : undefined);
  // 6to4 (2002::/16) embeds one in bits 16-48.
  if (groups[0] === 0x2002) return categorizeIpv4(embeddedIpv4(groups, 1));
  const first = groups[0]!;
  if (
    groups[0] === 0xfd00 &&
    groups[1] === 0x0ec2 &&
    groups[7] === 0x254 &&
    groups.slice(2, 7).every((group) => group === 0)
  )
    return 'cloud metadata';
  if ((first & 0xfe00) === 0xfc00) return 'unique-local';
  if ((first & 0xffc0) === 0xfe80) return 'link-local';
  if ((first & 0xffc0) === 0xfec0) return 'reserved';
  if ((first & 0xff00) === 0xff00) return 'multicast';
  if (first === 0x2001 && groups[1] === 0x0db8) return 'documentation';
  if (first === 0x0100 && prefixZero(0) && groups[1] === 0 && groups[2] === 0 && groups[3] === 0)
    return 'reserved';
  if (first === 0x2001 && groups[1]! < 0x200) return 'reserved';
  return undefined;
}

/**
 * Why an IP address (dotted IPv4 or IPv6, brackets and a zone allowed) is not a public unicast
 * address (loopback, private, link-local, CGNAT,
 * multicast, unspecified, cloud metadata, reserved, and IPv4 addresses embedded in IPv6 forms),
 * or undefined when it is public.
 */
export function categorizeAddress(address: string): AddressCategory | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return categorizeIpv4(bare);
  if (isIPv6(bare)) return categorizeIpv6(bare);
  return 'reserved';
}
