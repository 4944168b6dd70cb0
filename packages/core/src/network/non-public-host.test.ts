import { describe, expect, it } from 'vitest';
import { canonicalHost, parseIpv4 } from './host-spelling';
import { classifyHost, describeNonPublicHost, nonPublicHostWarning } from './non-public-host';

describe('parseIpv4', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0x7f.1', '127.0.0.1'],
    ['0x7F.0x0.0x0.0x1', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0177.1', '127.0.0.1'],
    ['127.0.0.1.', '127.0.0.1'],
    ['2852039166', '169.254.169.254'],
    ['0xa9fea9fe', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['169.254.43518', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['0x', '0.0.0.0'],
    ['10.1', '10.0.0.1'],
    ['3232235777', '192.168.1.1'],
  ])('%s is %s', (spelling, dotted) => {
    expect(parseIpv4(spelling)).toBe(dotted);
  });

  it.each([
    'example.com',
    '256.0.0.1',
    '1.2.3.4.5',
    '08.0.0.1',
    '4294967296',
    '127.0.0.256.',
    '',
    '1..2',
    '0x7g.1',
  ])('%s is not an IPv4 address', (text) => {
    expect(parseIpv4(text)).toBeUndefined();
  });
});

describe('canonicalHost', () => {
  it.each([
    ['[::1]', '::1'],
    ['LOCALHOST.', 'localhost'],
    ['[fe80::1%25eth0]', 'fe80::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['0x7f.1', '127.0.0.1'],
    ['Example.COM..', 'example.com'],
  ])('%s is %s', (host, canonical) => {
    expect(canonicalHost(host)).toBe(canonical);
  });
});

describe('classifyHost', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.0.0.1.', 'loopback'],
    ['[::1]', 'loopback'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['169.254.169.254', 'cloud metadata'],
    ['2852039166', 'cloud metadata'],
    ['0xa9.0xfe.0xa9.0xfe', 'cloud metadata'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['[FD00:EC2::254]', 'cloud metadata'],
    ['metadata.google.internal', 'cloud metadata'],
    ['METADATA.GOOGLE.INTERNAL.', 'cloud metadata'],
    ['instance-data', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['10.0.0.1', 'private'],
    ['10.1', 'private'],
    ['167772161', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.0.10', 'private'],
    ['0xc0a80001', 'private'],
    ['169.254.1.1', 'link-local'],
    ['fe80::1', 'link-local'],
    ['[fe80::1%25eth0]', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['::', 'unspecified'],
    ['localhost', 'local'],
    ['LocalHost.', 'local'],
    ['api.localhost', 'local'],
    ['ip6-localhost', 'local'],
    ['host.docker.internal', 'local'],
    ['printer.local', 'private-use'],
    ['db.internal', 'private-use'],
    ['nas.home.arpa', 'private-use'],
    ['localtest.me', 'local'],
    ['app.lvh.me', 'local'],
    ['127.0.0.1.nip.io', 'loopback'],
    ['app.10.0.0.1.nip.io', 'private'],
    ['app-192-168-1-1.nip.io', 'private'],
    ['7f000001.nip.io', 'loopback'],
    ['169-254-169-254.sslip.io', 'cloud metadata'],
    ['--1.sslip.io', 'loopback'],
    ['7f000001.c0a80001.rbndr.us', 'loopback'],
    ['5db8d822.0a000001.rbndr.us', 'private'],
    ['spoofed.burpcollaborator.net', 'local'],
    ['kubernetes.default.svc', 'private-use'],
    ['kubernetes.default', 'private-use'],
    ['redis.prod.svc.cluster.local', 'private-use'],
    ['printer.lan', 'private-use'],
    ['jenkins.corp', 'private-use'],
    ['router.home', 'private-use'],
  ])('%s is %s', (host, category) => {
    expect(classifyHost(host)?.category).toBe(category);
  });

  it.each([
    'example.com',
    'registry.npmjs.org',
    '8.8.8.8',
    '134744072',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700::1111',
    'localhost.example.com',
    '8.8.8.8.nip.io',
    'nip.io',
    'db',
    '',
  ])('%s is not known to be non-public', (host) => {
    expect(classifyHost(host)).toBeUndefined();
  });
});

describe('describeNonPublicHost', () => {
  it('says what the spelling is and why it is refused', () => {
    expect(describeNonPublicHost(classifyHost('127.0.0.1')!)).toBe(
      '127.0.0.1 is a loopback address',
    );
    expect(describeNonPublicHost(classifyHost('0x7f.1')!)).toBe(
      '0x7f.1 is 127.0.0.1, a loopback address',
    );
    expect(describeNonPublicHost(classifyHost('[::1]')!)).toBe('::1 is a loopback address');
    expect(describeNonPublicHost(classifyHost('0.0.0.0')!)).toBe(
      '0.0.0.0 is an unspecified address',
    );
    expect(describeNonPublicHost(classifyHost('localhost')!)).toBe(
      'localhost is a local host name',
    );
    expect(describeNonPublicHost(classifyHost('metadata.google.internal')!)).toBe(
      'metadata.google.internal is a cloud metadata host name',
    );
    expect(describeNonPublicHost(classifyHost('127.0.0.1.nip.io')!)).toBe(
      '127.0.0.1.nip.io is 127.0.0.1, a loopback address',
    );
    expect(describeNonPublicHost(classifyHost('10.0.0.5')!, 'db.test')).toBe(
      'db.test resolves to 10.0.0.5, a private address',
    );
    expect(nonPublicHostWarning('10.0.0.5:6379', classifyHost('10.0.0.5')!)).toBe(
      'Reaches 10.0.0.5:6379, which WebFetch would refuse: 10.0.0.5 is a private address.',
    );
  });
});
