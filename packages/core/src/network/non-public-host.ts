import { isIP } from 'node:net';
import { canonicalHost, parseIpv4 } from './host-spelling';
import { type AddressCategory, categorizeAddress } from './ip-address';

/** Why a host is not public: its address's category, or a name kept for local or metadata use. */
export type HostCategory = AddressCategory | 'local' | 'private-use';

/** A host that is not public, as {@link classifyHost} found it. */
export interface NonPublicHost {
  /** The host as it was written. */
  readonly host: string;
  /** Its canonical form (dotted IPv4 for any IPv4 spelling, lower-cased, no trailing dot). */
  readonly canonical: string;
  /** The address it is or resolves to, when known. */
  readonly address?: string;
  /** Why it is not public. */
  readonly category: HostCategory;
}

const localNames = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'host.docker.internal',
  'gateway.docker.internal',
]);

const metadataNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

/** Public DNS names that always answer with a loopback address. */
const loopbackDomains = [
  'localtest.me',
  'lvh.me',
  'vcap.me',
  'lacolhost.com',
  'localho.st',
  'spoofed.burpcollaborator.net',
];

/** Wildcard DNS services that answer with the address spelled in the name (`10.0.0.1.nip.io`). */
// DNS-rebinding services spell their addresses the same way (`7f000001.c0a80001.rbndr.us`).
const embeddingDomains = [
  'nip.io',
  'sslip.io',
  'xip.io',
  'traefik.me',
  'local.gd',
  'nip.direct',
  'rbndr.us',
];

/** The address a wildcard DNS name spells: dotted, dashed or hex IPv4, dashed IPv6 (sslip.io). */
function embeddedAddress(name: string): string | undefined {
  const domain = embeddingDomains.find((suffix) => name.endsWith(`.${suffix}`));
  if (!domain) return undefined;
  const label = name.slice(0, -domain.length - 1);
  const dotted = /(?:^|[.-])(\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3})$/.exec(label)?.[1];
  const dashed = /(?:^|[.-])(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/.exec(label)?.[1];
  // Of several hex addresses (a rebinding pair), the first non-public one.
  const hexes = [...label.matchAll(/(?:^|[.-])([0-9a-f]{8})(?=$|[.-])/g)].map((match) => match[1]!);
  const hex =
    hexes.find((candidate) => categorizeAddress(parseIpv4(`0x${candidate}`) ?? '')) ?? hexes.at(-1);
  const ipv4 = dotted ?? dashed?.replaceAll('-', '.') ?? (hex ? parseIpv4(`0x${hex}`) : undefined);
  if (ipv4 && isIP(ipv4) === 4) return ipv4;
  const ipv6 = label.split('.').at(-1)?.replaceAll('-', ':');
  return ipv6 && isIP(ipv6) === 6 ? ipv6 : undefined;
}

/** Top-level names kept for local networks: they never reach the public internet. */
// `.lan`, `.corp`, `.home` are the undelegated names most used inside companies and homes;
// `.svc` and `.cluster.local` are Kubernetes service names (`kubernetes.default.svc`).
const privateUseSuffixes = [
  '.local',
  '.internal',
  '.localdomain',
  '.home.arpa',
  '.intranet',
  '.lan',
  '.corp',
  '.home',
  '.svc',
  '.private',
];

/** Names that only resolve inside a cluster (the Kubernetes API server). */
const clusterNames = new Set(['kubernetes', 'kubernetes.default']);

/**
 * Classifies a host without resolving it: an IP address in any spelling (see
 * {@link canonicalHost}), `localhost` and `*.localhost`, public names that always resolve to
 * loopback (`localtest.me`, `lvh.me`, ...), wildcard DNS names that spell their address
 * (`127.0.0.1.nip.io`, `app-10-0-0-1.sslip.io`, `7f000001.nip.io`), the cloud metadata names
 * (`metadata.google.internal`, `instance-data`, ...), and names under top-level domains kept for
 * private use (`.local`, `.internal`, `.home.arpa`, ...). Returns undefined for public addresses
 * and for other names (which only DNS can judge).
 */
export function classifyHost(host: string): NonPublicHost | undefined {
  const canonical = canonicalHost(host);
  if (canonical === '') return undefined;
  if (isIP(canonical)) {
    const category = categorizeAddress(canonical);
    return category ? { host, canonical, address: canonical, category } : undefined;
  }
  if (metadataNames.has(canonical)) return { host, canonical, category: 'cloud metadata' };
  if (
    localNames.has(canonical) ||
    canonical.endsWith('.localhost') ||
    loopbackDomains.some((domain) => canonical === domain || canonical.endsWith(`.${domain}`))
  )
    return { host, canonical, category: 'local' };
  const embedded = embeddedAddress(canonical);
  const embeddedCategory = embedded ? categorizeAddress(embedded) : undefined;
  if (embedded && embeddedCategory)
    return { host, canonical, address: embedded, category: embeddedCategory };
  if (
    clusterNames.has(canonical) ||
    privateUseSuffixes.some((suffix) => canonical.endsWith(suffix))
  )
    return { host, canonical, category: 'private-use' };
  return undefined;
}

/**
 * Says in one clause why a host is not public, the way WebFetch and the Bash classifier both
 * word it: `127.0.0.1 is a loopback address`, `0x7f.1 is 127.0.0.1, a loopback address`,
 * `localhost is a local host name`, `db.test resolves to 10.0.0.5, a private address`.
 * `resolvedFrom` names the host when `found` is one of the addresses DNS gave for it.
 */
export function describeNonPublicHost(found: NonPublicHost, resolvedFrom?: string): string {
  const kind = (category: HostCategory) => (category === 'unspecified' ? 'an' : 'a');
  if (resolvedFrom !== undefined && found.address !== undefined)
    return `${resolvedFrom} resolves to ${found.address}, ${kind(found.category)} ${found.category} address`;
  if (found.address !== undefined) {
    const written = found.host.replace(/^\[(.*)\]$/, '$1');
    return written.toLowerCase() === found.address
      ? `${found.address} is ${kind(found.category)} ${found.category} address`
      : `${written} is ${found.address}, ${kind(found.category)} ${found.category} address`;
  }
  if (found.category === 'private-use') return `${found.host} is a name kept for private networks`;
  if (found.category === 'local') return `${found.host} is a local host name`;
  return `${found.host} is a ${found.category} host name`;
}

/**
 * The warning for a command that reaches a non-public host, worded as WebFetch's refusal of the
 * same host: `Reaches 10.0.0.5:6379, which WebFetch would refuse: 10.0.0.5 is a private address.`
 */
export function nonPublicHostWarning(target: string, found: NonPublicHost): string {
  return `Reaches ${target}, which WebFetch would refuse: ${describeNonPublicHost(found)}.`;
}
