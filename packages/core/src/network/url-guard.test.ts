import { describe, expect, it } from 'vitest';
import { categorizeAddress } from './ip-address';
import { checkUrl, type LookupFunction } from './url-guard';

/** A lookup that answers from a table (`name -> addresses`) and fails for other names. */
function tableLookup(table: Record<string, string[]>): LookupFunction {
  return ((
    hostname: string,
    _options: unknown,
    callback: (error: NodeJS.ErrnoException | null, addresses: unknown) => void,
  ) => {
    const addresses = table[hostname.toLowerCase()];
    if (!addresses)
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
    else
      callback(
        null,
        addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
  }) as unknown as LookupFunction;
}

describe('categorizeAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::7f00:1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fc00::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
  ])('%s is %s', (address, category) => {
    expect(categorizeAddress(address)).toBe(category);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946', '172.32.0.1'])(
    '%s is public',
    (address) => {
      expect(categorizeAddress(address)).toBeUndefined();
    },
  );
});

describe('checkUrl', () => {
  it('returns the checked address to connect to', async () => {
    const checked = await checkUrl('https://example.com/a', {
      lookup: tableLookup({ 'example.com': ['93.184.216.34'] }),
    });
    expect(checked).toMatchObject({ address: '93.184.216.34', family: 4 });
    expect(checked.url.href).toBe('https://example.com/a');
  });

  it('refuses a name with any non-public address, and opens up for private networks and allowed hosts', async () => {
    const lookup = tableLookup({
      'intranet.test': ['10.0.0.5'],
      'dual.test': ['93.184.216.34', '127.0.0.1'],
    });
    await expect(checkUrl('http://dual.test/', { lookup })).rejects.toThrowError(
      'The URL http://dual.test/ is not allowed: dual.test resolves to 127.0.0.1, a loopback address.',
    );
    await expect(
      checkUrl('http://intranet.test/', { lookup, allowedHosts: ['intranet.test'] }),
    ).resolves.toMatchObject({ address: '10.0.0.5' });
    await expect(
      checkUrl('http://intranet.test/', { lookup, allowPrivateNetwork: true }),
    ).resolves.toMatchObject({ address: '10.0.0.5' });
  });

  it('explains invalid URLs and failed lookups', async () => {
    await expect(checkUrl('not a url')).rejects.toThrowError(
      '"not a url" is not a valid URL; give an absolute http:// or https:// URL.',
    );
    await expect(
      checkUrl('http://missing.test/', { lookup: tableLookup({}) }),
    ).rejects.toThrowError('The host of http://missing.test/ could not be resolved (ENOTFOUND).');
  });
});
