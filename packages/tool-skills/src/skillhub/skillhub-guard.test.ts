import { ToolRegistry } from '@tinyelf/core';
import { afterEach, describe, expect, it } from 'vitest';
import { validSkill } from '../testing/archive-bombs';
import { makeTarGz } from '../testing/archives';
import { tree } from '../testing/measured-install';
import { createSkillFolders } from '../testing/skill-folders';
import { startSkillHub, type TestSkillHub } from '../testing/skillhub-server';
import { createSkillHubInstallTool, createSkillHubSearchTool } from '../tools/skillhub-tools';
import { SkillHubClient, type SkillHubClientOptions } from './skillhub-client';

let hub: TestSkillHub;
afterEach(() => hub.close());

async function setup(overrides: Partial<SkillHubClientOptions> = {}) {
  hub = await startSkillHub();
  const skillsFolder = `${createSkillFolders().home}/.tinyelf/skills`;
  const client = new SkillHubClient({ ...hub.clientOptions, ...overrides });
  const registry = new ToolRegistry({ spillDirectory: false }).registerAll([
    createSkillHubSearchTool(client),
    createSkillHubInstallTool(client, skillsFolder),
  ]);
  return { registry, skillsFolder };
}

const archive = makeTarGz(validSkill);

describe('SkillHub downloads go through the URL guard', () => {
  const refusedArchiveUrls: Record<string, [string, RegExp]> = {
    'the metadata address': [
      'http://169.254.169.254/latest/meta-data/',
      /169\.254\.169\.254.*cloud metadata/,
    ],
    'the metadata address as an IPv4-mapped IPv6 address': [
      'http://[::ffff:a9fe:a9fe]/x.tar.gz',
      /metadata|link-local/,
    ],
    'the metadata address in decimal': ['http://2852039166/x.tar.gz', /metadata|link-local/],
    'loopback, where the test server really listens': [
      'http://127.0.0.1/archives/pdf-tools.tar.gz',
      /loopback/,
    ],
    'a name that resolves to a private address': [
      'http://internal.example/pdf-tools.tar.gz',
      /10\.0\.0\.7.*private/,
    ],
    'a file URL': ['file:///etc/passwd', /only http and https/],
  };
  for (const [what, [url, reason]] of Object.entries(refusedArchiveUrls)) {
    it(`refuses an index pointing the archive at ${what}`, async () => {
      const { registry, skillsFolder } = await setup();
      hub.add({ id: 'pdf-tools', archive, format: 'tar.gz', url });
      const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
      expect(result.errorCode).toBe('URL_BLOCKED');
      expect(result.content).toContain('The archive of pdf-tools was not downloaded: The URL ');
      expect(result.content).toMatch(reason);
      expect(hub.connections).toEqual(['skills.example']); // the index only
      expect(tree(skillsFolder)).toEqual([]);
    });
  }

  it('refuses an archive that redirects to the metadata address, before connecting there', async () => {
    const { registry } = await setup();
    hub.add({ id: 'pdf-tools', archive, format: 'tar.gz', url: 'archives/moved' });
    hub.redirect('/archives/moved', 'http://169.254.169.254/latest/meta-data/iam/');
    const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
    expect(result.errorCode).toBe('URL_BLOCKED');
    expect(result.content).toMatch(
      /The URL http:\/\/169\.254\.169\.254\/latest\/meta-data\/iam\/ is not allowed/,
    );
    expect(hub.connections).toEqual(['skills.example', 'skills.example']);
  });

  it('refuses an index that redirects to a private address', async () => {
    const { registry } = await setup();
    hub.redirect('/index.json', 'http://internal.example/index.json');
    const result = await registry.execute('c', 'skillhub_search', { query: 'pdf' });
    expect(result.errorCode).toBe('URL_BLOCKED');
    expect(result.content).toContain(
      'SkillHub could not be read: The URL http://internal.example/index.json is not allowed',
    );
  });

  it('refuses a registry on a loopback address unless private networks are allowed', async () => {
    const { registry } = await setup({ registryUrl: 'http://127.0.0.1/index.json' });
    expect((await registry.execute('c', 'skillhub_search', { query: 'pdf' })).errorCode).toBe(
      'URL_BLOCKED',
    );
    const open = new ToolRegistry({ spillDirectory: false }).register(
      createSkillHubSearchTool(
        new SkillHubClient({
          ...hub.clientOptions,
          registryUrl: 'http://127.0.0.1/index.json',
          guard: { allowPrivateNetwork: true },
        }),
      ),
    );
    hub.add({ id: 'pdf-tools', archive, format: 'tar.gz' });
    expect((await open.execute('c', 'skillhub_search', { query: 'pdf' })).content).toBe(
      '- pdf-tools (1.0.0): The pdf-tools skill',
    );
  });

  it('installs an archive served from another public host', async () => {
    const { registry, skillsFolder } = await setup();
    hub.add({
      id: 'pdf-tools',
      archive,
      format: 'tar.gz',
      url: 'http://cdn.example/archives/pdf-tools.tar.gz',
    });
    const result = await registry.execute('c', 'skillhub_install', { skillId: 'pdf-tools' });
    expect(result.errorCode).toBeUndefined();
    expect(hub.connections).toEqual(['skills.example', 'cdn.example']);
    expect(tree(skillsFolder)).toContain('pdf-tools/SKILL.md');
  });
});
