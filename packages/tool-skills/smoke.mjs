// Smoke test of the built @tinyelf/tool-skills on plain Node: skills and commands from real
// folders, and skill archives (zip and tar.gz) installed with the built streaming extractor.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolRegistry } from '@tinyelf/core';
import { createTestBuildContext } from '@tinyelf/core/testing';
import {
  createSkillsPlugin,
  createSlashCommandPlugin,
  installSkillArchive,
} from '@tinyelf/tool-skills';
import { zipSync } from 'fflate';

const workspaceRoot = realpathSync(mkdtempSync(join(tmpdir(), 'tinyelf-smoke-skills-')));
mkdirSync(join(workspaceRoot, '.tinyelf', 'commands'), { recursive: true });
writeFileSync(
  join(workspaceRoot, '.tinyelf', 'commands', 'hello.md'),
  '---\ndescription: Greets\n---\nSay hello to $1.',
);
const archive = Buffer.from(
  zipSync({
    'greeter/SKILL.md': Buffer.from('---\nname: greeter\ndescription: Greets people\n---\nGreet.'),
  }),
);
await installSkillArchive({
  archive,
  format: 'zip',
  name: 'greeter',
  skillsFolder: join(workspaceRoot, '.tinyelf', 'skills'),
});
mkdirSync(join(workspaceRoot, 'packed', 'packer'), { recursive: true });
writeFileSync(
  join(workspaceRoot, 'packed', 'packer', 'SKILL.md'),
  '---\nname: packer\ndescription: Packs\n---\nPack.',
);
await installSkillArchive({
  archive: execFileSync('tar', ['-czf', '-', '-C', join(workspaceRoot, 'packed'), 'packer']),
  format: 'tar.gz',
  skillsFolder: join(workspaceRoot, '.tinyelf', 'skills'),
});
await assert.rejects(
  installSkillArchive({
    archive: Buffer.from(zipSync({ '../evil': Buffer.from('x') })),
    format: 'zip',
    skillsFolder: join(workspaceRoot, '.tinyelf', 'skills'),
  }),
  /climbs out/,
);

const context = createTestBuildContext({
  workspaceRoot,
  config: { skills: { homeDir: workspaceRoot } },
});
const registry = new ToolRegistry({ spillDirectory: false });
for (const plugin of [createSkillsPlugin(), createSlashCommandPlugin()])
  registry.registerAll(await plugin.createTools(context));
assert.equal(
  (await registry.execute('1', 'list_skills', {})).content,
  '- greeter (workspace): Greets people\n- packer (workspace): Packs',
);
assert.match(
  (await registry.execute('2', 'slash_command', { command: '/hello', args: '"the elves"' }))
    .content,
  /Say hello to the elves\./,
);
console.log('@tinyelf/tool-skills: ok');
