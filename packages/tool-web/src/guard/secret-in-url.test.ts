import { describe, expect, it } from 'vitest';
import { createWebFetchTool } from '../tools/web-fetch';

const tool = createWebFetchTool({ allowPrivateNetwork: true });
const warnings = async (url: string) =>
  (await tool.assessRisk!({ url } as never)).map((warning) => warning.message);
const b64 = (text: string) => Buffer.from(text).toString('base64');
const b64url = (text: string) => Buffer.from(text).toString('base64url');

describe('WebFetch: secrets carried in the URL', () => {
  it('warns for known token formats: Stripe, Google, GitLab, npm, Hugging Face, Slack webhooks', async () => {
    const cases: [string, string][] = [
      ['https://a.test/c?k=sk_live_51HxYzAbCdEfGhIjKlMnOpQr', 'a Stripe secret key'],
      ['https://a.test/c?k=rk_test_51HxYzAbCdEfGhIjKlMnOpQr', 'a Stripe secret key'],
      ['https://a.test/c?g=AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv', 'a Google API key'],
      ['https://a.test/glpat-AbCdEfGhIjKlMnOpQrSt12', 'a GitLab token'],
      [`https://a.test/?t=npm_${'a1B2'.repeat(9)}`, 'an npm token'],
      [`https://a.test/x#hf_${'Ab1'.repeat(11)}`, 'a Hugging Face token'],
    ];
    for (const [url, kind] of cases) {
      const found = await warnings(url);
      expect(found, url).toEqual([
        `The URL carries what looks like ${kind}; sending it to a.test could leak it.`,
      ]);
    }
  });

  it('decodes base64 and base64url segments: query values, path parts and DNS labels', async () => {
    const key = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=';
    expect(await warnings(`https://a.test/c?d=${b64(key)}`)).toEqual([
      'The URL carries what looks like a private key (base64-encoded); sending it to a.test could leak it.',
    ]);
    expect(await warnings(`https://a.test/up/${b64url(key)}`)).toHaveLength(1);
    expect(await warnings(`https://a.test/?d=${encodeURIComponent(b64(key))}`)).toHaveLength(1);
    const label = b64('AKIAIOSFODNN7EXAMPLE').replace(/=+$/, '');
    expect((await warnings(`https://${label}.a.test/`))[0]).toContain(
      'an AWS access key id (base64-encoded)',
    );
    expect(
      (await warnings(`https://a.test/?t=${b64url('ghp_0123456789abcdefghijABCDEFGHIJ0123')}`))[0],
    ).toContain('a GitHub token (base64-encoded)');
  });

  it('warns for random-looking tokens where data belongs: mixed-case host labels, long query values', async () => {
    expect((await warnings('https://Zq8Rk2Lm9Xw4Tb7Nc1Vd.a.test/'))[0]).toContain(
      'an encoded secret in a host name label',
    );
    expect(
      (await warnings('https://a.test/c?v=Q7vLm2Xp9Rk4Tw8Zb1Nc6Yd3Hf5Js0Ga2Ke7Ui4Op9Wq'))[0],
    ).toContain('a long random token');
  });

  it('stays quiet for ordinary URLs: document ids in paths, commit hashes, search queries, video ids', async () => {
    for (const url of [
      'https://docs.google.com/document/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit',
      'https://github.com/vitejs/vite/commit/0123456789abcdef0123456789abcdef01234567',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://example.com/search?q=typescript%20generics&page=2',
      'https://en.wikipedia.org/wiki/Base64',
      'https://d111111abcdef8.cloudfront.net/image.jpg',
      'https://registry.npmjs.org/@types%2fnode',
      'https://example.com/?id=550e8400-e29b-41d4-a716-446655440000',
      'https://example.com/%C3',
    ])
      expect(await warnings(url), url).toEqual([]);
  });
});
