import { isIPv6 } from 'node:net';

/**
 * Reads an IPv4 address in any spelling `inet_aton` (and so curl, wget, ping, ssh, nc) and the
 * WHATWG URL parser accept: one to four parts, each decimal, octal (`0177`) or hex (`0x7f`), the
 * last part filling the remaining bytes (`127.1`, `0x7f.1`, `2130706433`, `0177.0.0.1`), with
 * trailing dots ignored. Returns the dotted-quad form, or undefined when the text is not such
 * an address.
 */
export function parseIpv4(text: string): string | undefined {
  const parts = text.replace(/\.+$/, '').split('.');
  if (parts.length === 0 || parts.length > 4) return undefined;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part, 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return undefined;
    values.push(value);
  }
  const last = values.pop()!;
  if (values.some((value) => value > 255)) return undefined;
  if (last >= 256 ** (4 - values.length)) return undefined;
  let number = values.reduce((total, value, index) => total + value * 256 ** (3 - index), 0);
  number += last;
  return [number >>> 24, (number >>> 16) & 0xff, (number >>> 8) & 0xff, number & 0xff].join('.');
}

/**
 * The canonical form of a host as a program would reach it: brackets, an IPv6 zone (`%eth0`,
 * `%25eth0`) and trailing dots removed, lower-cased, and any IPv4 spelling turned into its
 * dotted-quad form. IPv6 addresses stay as written (lower-cased).
 */
export function canonicalHost(host: string): string {
  const bare = host
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase();
  const withoutZone = bare.replace(/%.*$/, '');
  if (isIPv6(withoutZone)) return withoutZone;
  const name = bare.replace(/\.+$/, '');
  return parseIpv4(name) ?? name;
}
